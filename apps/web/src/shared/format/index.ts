/**
 * hu-HU formatting (SPEC §9 Estimates): thousands grouped with a space, decimal comma, money in
 * Ft from integer forints, energy in kWh from integer Wh. The app always formats numbers the
 * Hungarian way, in both languages, as the service is priced in forints in Hungary.
 * Grouping uses a no-break space so "12 500 Ft" never wraps inside the number.
 */
export const GROUP_SEPARATOR = '\u00a0';
const DECIMAL_SEPARATOR = ',';

/** Formats a number with grouped thousands and a decimal comma; `decimals` fixes the fraction digits. */
export function formatNumber(value: number, decimals = 0): string {
  if (!Number.isFinite(value)) return '–';
  const factor = 10 ** decimals;
  // Round half away from zero at the requested precision (avoids 1.005 → 1.00 surprises).
  const rounded = Math.round(Math.abs(value) * factor + Number.EPSILON * factor) / factor;
  const negative = value < 0 && rounded !== 0;
  const [intPart = '0', fracPart] = rounded.toFixed(decimals).split('.');
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR);
  return (negative ? '-' : '') + grouped + (fracPart ? DECIMAL_SEPARATOR + fracPart : '');
}

/** Like formatNumber but drops trailing zero decimals: 22 → "22", 7.4 → "7,4". */
export function formatCompact(value: number, maxDecimals = 2): string {
  const s = formatNumber(value, maxDecimals);
  if (!s.includes(DECIMAL_SEPARATOR)) return s;
  return s.replace(/,?0+$/, '');
}

/** Integer forints → "12 500 Ft". */
export function formatMoney(forints: number): string {
  return `${formatNumber(forints)}${GROUP_SEPARATOR}Ft`;
}

/** Integer Wh → "12,35 kWh". */
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

export type Lang = 'hu' | 'en';

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
