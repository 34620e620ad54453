/** The app's en catalog: every area file of locales/en/ merged into one chunk (one request). */
const areas = import.meta.glob<Record<string, string>>('./en/*.json', {
  import: 'default',
  eager: true,
});

const catalog: Record<string, string> = Object.assign({}, ...Object.values(areas));
export default catalog;
