import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** SPEC §5: parsed with Hungary as the default region, valid, stored in international format. */
export function normalizePhone(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  const parsed = parsePhoneNumberFromString(trimmed, 'HU');
  return parsed?.isValid() ? parsed.formatInternational() : null;
}
