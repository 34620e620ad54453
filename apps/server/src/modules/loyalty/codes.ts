import { randomInt } from 'node:crypto';

/** Letters and digits a person reads without confusion (no 0/O, 1/I/L, U). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 10;

/** A new coupon code: 10 characters from 30, about 49 random bits, from the system CSPRNG. */
export function newCouponCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** What a shop typed or scanned, as stored: upper case, without spaces or dashes. */
export function normalizeCouponCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}
