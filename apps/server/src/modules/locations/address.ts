import type { Lang } from '@voltpark/contract';

export interface AddressParts {
  zipCode: string;
  city: string;
  street: string;
  addressType: string;
  houseNumber: string;
}

/** Hungarian address order: "1062 Budapest, Váci út 1-3." (a number gets the ordinal dot). */
export function formatAddress(a: AddressParts): string {
  const house = /\d$/.test(a.houseNumber) ? `${a.houseNumber}.` : a.houseNumber;
  return `${a.zipCode} ${a.city}, ${a.street} ${a.addressType} ${house}`
    .replace(/\s+/g, ' ')
    .trim();
}

/** Lower case without accents, for case- and accent-insensitive matching. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** The same folding in SQL, for the Hungarian letters (lower() alone is ASCII-only under the C locale). */
export const ACCENTED = 'áéíóöőúüűÁÉÍÓÖŐÚÜŰäÄčČšŠžŽ';
export const PLAIN = 'aeiooouuuAEIOOOUUUaAcCsSzZ';

/** Picks the caller's language, falling back to Hungarian. */
export function pick<T>(lang: Lang, hu: T, en: T): T {
  if (lang === 'en' && en !== null && en !== undefined && en !== '') return en;
  return hu;
}
