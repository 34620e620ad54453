import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

// Unicode code points: spaces, hyphens and dashes, dots.
const SPACES = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004,
  0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x200b, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
  0xfeff,
];
const DASHES = [
  0x2d, 0xad, 0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212, 0xfe58, 0xfe63, 0xff0d,
];
const DOTS = [0x2e, 0xb7, 0x2219, 0x30fb, 0xff0e];

/**
 * What a plate may be written with between its letters and digits, and is not part of it:
 * spaces of every kind (no-break, narrow, ideographic, zero-width, tab, line breaks), hyphens,
 * dashes and minus signs (the soft hyphen too), dots. One list for the JavaScript and the SQL
 * normaliser, so "ABC–123", "ABC‑123", "ABC 123" and "abc-123" are one plate on both sides.
 */
export const PLATE_SEPARATORS = String.fromCodePoint(...SPACES, ...DASHES, ...DOTS);

const separators = new Set(PLATE_SEPARATORS);

/**
 * A plate as permits and the camera match it: upper case, without the separators above
 * ("abc-123" and "ABC 123" are one plate). Null when nothing is left or it holds anything but
 * letters and digits (foreign plates may have letters such as Ö or Ø) or is over 12 long.
 */
export function normalisePlate(plate: string): string | null {
  const p = [...plate.toUpperCase()].filter((c) => !separators.has(c)).join('');
  return /^[\p{L}\p{N}]{1,12}$/u.test(p) ? p : null;
}

/**
 * The SQL side of normalisePlate for a plate column (compared with normalisePlate's answer):
 * the same separators dropped (translate deletes the characters it has no replacement for),
 * upper case. Plates come in through the contract already upper-cased by JavaScript, so
 * upper() changes only older rows; for letters with special upper cases (ß) it may differ.
 */
export const normalisedPlateSql = (column: SQLWrapper): SQL =>
  sql`upper(translate(${column}, ${PLATE_SEPARATORS}, ''))`;
