import { PARK_CODE_LENGTH } from './constants';

const ALLOWED = /^[0-9A-Z]$/;

/** One typed character: upper-cased, or null when it is not 0-9/A-Z (SPEC §5). */
export function parkCodeChar(typed: string): string | null {
  const c = typed.toUpperCase();
  return ALLOWED.test(c) ? c : null;
}

/** Paste accepts only text of at most 5 allowed characters; anything else is rejected (null). */
export function pasteParkCode(text: string): string[] | null {
  const v = text.trim().toUpperCase();
  if (v.length === 0 || v.length > PARK_CODE_LENGTH) return null;
  const chars = [...v];
  return chars.every((c) => ALLOWED.test(c)) ? chars : null;
}

/** The code counts only when all 5 boxes are filled. */
export function parkCodeComplete(chars: readonly string[]): boolean {
  return chars.length === PARK_CODE_LENGTH && chars.every((c) => ALLOWED.test(c));
}

export const emptyParkCode = (): string[] => Array.from({ length: PARK_CODE_LENGTH }, () => '');

/** A known code (a running parking's) as the boxes; empty boxes when there is none or it is odd. */
export function parkCodeChars(code: string | null): string[] {
  const chars = code ? pasteParkCode(code) : null;
  return chars && chars.length === PARK_CODE_LENGTH ? chars : emptyParkCode();
}
