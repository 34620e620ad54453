import i18n from 'i18next';

/**
 * Number formatting (SPEC §9 Estimates) that follows the UI language: Hungarian "0,40 kWh",
 * English "0.40 kWh". Thousands are grouped with a no-break space in both languages (SI style, so
 * "12 500 Ft" never wraps inside the number), and money is integer forints in Ft in both
 * languages: "120 Ft/kWh", never "HUF 120/kWh" (docs/decisions/0017).
 */
export const GROUP_SEPARATOR = '\u00a0';

export type Lang = 'hu' | 'en';

/** The UI language (i18next's current one); Hungarian, the default, before it is known. */
function uiLang(): Lang {
  return i18n.language === 'en' ? 'en' : 'hu';
}

function decimalSeparator(lang: Lang): string {
  return lang === 'en' ? '.' : ',';
}

/**
 * Formats a number with grouped thousands and the UI language's decimal mark; `decimals` fixes
 * the fraction digits.
 */
export function formatNumber(value: number, decimals = 0, lang: Lang = uiLang()): string {
  if (!Number.isFinite(value)) return '–';
  const factor = 10 ** decimals;
  // Round half away from zero at the requested precision (avoids 1.005 → 1.00 surprises).
  const rounded = Math.round(Math.abs(value) * factor + Number.EPSILON * factor) / factor;
  const negative = value < 0 && rounded !== 0;
  const [intPart = '0', fracPart] = rounded.toFixed(decimals).split('.');
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR);
  return (negative ? '-' : '') + grouped + (fracPart ? decimalSeparator(lang) + fracPart : '');
}

/** Like formatNumber but drops trailing zero decimals: 22 → "22", 7.4 → "7,4" (en "7.4"). */
export function formatCompact(value: number, maxDecimals = 2, lang: Lang = uiLang()): string {
  const s = formatNumber(value, maxDecimals, lang);
  const mark = decimalSeparator(lang);
  if (!s.includes(mark)) return s;
  return s.replace(/0+$/, '').replace(new RegExp(`\\${mark}$`), '');
}

/** Integer forints → "12 500 Ft". */
export function formatMoney(forints: number): string {
  return `${formatNumber(forints)}${GROUP_SEPARATOR}Ft`;
}

/** Integer Wh → "12,35 kWh" (en "12.35 kWh"). */
export function formatKWhFromWh(wh: number, decimals = 2): string {
  return `${formatNumber(wh / 1000, decimals)}${GROUP_SEPARATOR}kWh`;
}

/** kW → "22 kW", "7,4 kW". */
export function formatKw(kw: number): string {
  return `${formatCompact(kw, 1)}${GROUP_SEPARATOR}kW`;
}

/** Distance in km, rounded to 2 decimals (SPEC §2 Location search): "1,23 km". */
export function formatDistanceKm(km: number): string {
  return `${formatNumber(km, 2)}${GROUP_SEPARATOR}km`;
}

function toDate(value: string | number | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A calendar date: hu "2026. 11. 22.", en "22 Nov 2026". */
export function formatDate(value: string | number | Date, lang: Lang): string {
  const d = toDate(value);
  if (!d) return '';
  return new Intl.DateTimeFormat(lang === 'hu' ? 'hu-HU' : 'en-GB', {
    year: 'numeric',
    month: lang === 'hu' ? '2-digit' : 'short',
    day: '2-digit',
    timeZone: 'Europe/Budapest',
  }).format(d);
}

/** Date and time in Budapest time: hu "2026. 11. 22. 14:05", en "22 Nov 2026, 14:05". */
export function formatDateTime(value: string | number | Date, lang: Lang): string {
  const d = toDate(value);
  if (!d) return '';
  return new Intl.DateTimeFormat(lang === 'hu' ? 'hu-HU' : 'en-GB', {
    year: 'numeric',
    month: lang === 'hu' ? '2-digit' : 'short',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'Europe/Budapest',
  }).format(d);
}

/** A time of day in Budapest time: "14:05". */
export function formatTime(value: string | number | Date, lang: Lang): string {
  const d = toDate(value);
  if (!d) return '';
  return new Intl.DateTimeFormat(lang === 'hu' ? 'hu-HU' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'Europe/Budapest',
  }).format(d);
}

/**
 * A span of time in Budapest time, the date once when both ends are on the same day (decision
 * 0064): hu "2026. 11. 25. 02:58–03:17", en "25 Nov 2026, 02:58–03:17"; else both in full,
 * "2026. 11. 24. 23:50 – 2026. 11. 25. 00:10".
 */
export function formatTimeSpan(
  from: string | number | Date,
  to: string | number | Date,
  lang: Lang,
): string {
  const day = formatDate(from, lang);
  if (!day || !formatDate(to, lang)) return '';
  if (day !== formatDate(to, lang))
    return `${formatDateTime(from, lang)} – ${formatDateTime(to, lang)}`;
  return `${day}${lang === 'hu' ? ' ' : ', '}${formatTime(from, lang)}–${formatTime(to, lang)}`;
}
