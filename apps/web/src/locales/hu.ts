/** The app's hu catalog: every area file of locales/hu/ merged into one chunk (one request). */
const areas = import.meta.glob<Record<string, string>>('./hu/*.json', {
  import: 'default',
  eager: true,
});

const catalog: Record<string, string> = Object.assign({}, ...Object.values(areas));
export default catalog;
