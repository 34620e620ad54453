import { z } from 'zod';
import { langSchema, limits, qBool, qInt } from './common.js';

/**
 * Field rules of SPEC §5, shared by the server (request validation) and the web forms
 * (react-hook-form resolvers). Every issue message is a key of locales/{hu,en}.json.
 */

/** Required, trimmed text, at most `max` characters ('invalid.required' also when the field is missing). */
export const requiredString = (max: number = limits.textMax) =>
  z
    .string({ error: 'invalid.required' })
    .trim()
    .min(1, { error: 'invalid.required', abort: true })
    .max(max, 'invalid.tooLong');

/** Optional, trimmed text; an empty value becomes undefined. */
export const optionalString = (max: number = limits.textMax) =>
  z
    .string({ error: 'invalid.value' })
    .trim()
    .max(max, 'invalid.tooLong')
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** The e-mail pattern of SPEC §5 (the one zod uses: no quoted local parts, no IP hosts). */
export const EMAIL_PATTERN = z.regexes.email;

export const emailSchema = requiredString().regex(EMAIL_PATTERN, 'invalid.email');

/**
 * Phone as typed, trimmed. The server parses it with libphonenumber-js (default region HU),
 * rejects an invalid one with 'invalid.phone' and stores the international format.
 */
export const phoneSchema = requiredString();
export const optionalPhoneSchema = optionalString();

/** Password as typed at login: required, not checked for strength (old passwords stay valid). */
export const loginPasswordSchema = requiredString();

/**
 * A new password (SPEC §5): 8 to 255 characters, a lower-case letter, an upper-case letter and
 * a digit, no leading or trailing space. Never trimmed: a space at the edge is an error.
 */
export const newPasswordSchema = z
  .string({ error: 'invalid.required' })
  .min(1, { error: 'invalid.required', abort: true })
  .max(limits.passwordMax, 'invalid.tooLong')
  .refine((v) => v.length === 0 || v.trim() === v, 'invalid.passwordSpace')
  .refine(
    (v) =>
      v.length === 0 ||
      (v.length >= limits.passwordMin && /\p{Ll}/u.test(v) && /\p{Lu}/u.test(v) && /[0-9]/.test(v)),
    'invalid.password',
  );

/** Adds 'invalid.passwordMismatch' under `password2` when the repeat differs. */
export function passwordsMatch(
  v: { password?: string | undefined; password2?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if ((v.password ?? '') !== (v.password2 ?? '')) {
    ctx.addIssue({ code: 'custom', message: 'invalid.passwordMismatch', path: ['password2'] });
  }
}

/** Licence plate: required, trimmed, upper-cased, at most 20. */
export const licencePlateSchema = requiredString(limits.licencePlateMax).transform((v) =>
  v.toUpperCase(),
);

/** Parking code: exactly 5 characters of 0-9/A-Z; lower case is accepted and upper-cased. */
export const PARK_CODE_PATTERN = /^[0-9A-Z]{5}$/;
export const parkCodeSchema = z
  .string({ error: 'invalid.required' })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(
    z
      .string()
      .min(1, { error: 'invalid.required', abort: true })
      .regex(PARK_CODE_PATTERN, 'invalid.parkCode'),
  );
/** Optional parking code: empty means none. */
export const optionalParkCodeSchema = z
  .union([z.literal(''), parkCodeSchema])
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** Zip code: digits only, at most 12. */
export const zipCodeSchema = requiredString(limits.zipMax).regex(/^[0-9]+$/, 'invalid.zip');

/** Max energy mode: 1 to 500 kWh inclusive (SPEC §5 leaves the boundary open; inclusive chosen). */
export const energyKWhSchema = z.coerce
  .number({ error: 'invalid.number' })
  .finite('invalid.number')
  .min(limits.energyMinKWh, 'invalid.energyTooLow')
  .max(limits.energyMaxKWh, 'invalid.energyTooHigh');

/** Wallet top-up (SPEC §5): 100 to 50000 Ft, whole forints. A debt raises the minimum: checked by the server. */
export const walletTopUpAmountSchema = z.coerce
  .number({ error: 'invalid.number' })
  .int('invalid.number')
  .min(limits.walletTopUpMin, 'invalid.walletTopUpMin')
  .max(limits.walletTopUpMax, 'invalid.walletTopUpMax');

/** Casual (guest) charge amount: one of 5000, 10000, 15000 Ft. */
export const casualAmountSchema = z.coerce
  .number({ error: 'invalid.number' })
  .int('invalid.number')
  .refine((v) => (limits.casualAmounts as readonly number[]).includes(v), 'invalid.casualAmount');

/** Points: a positive whole number. */
export const pointsSchema = z.coerce
  .number({ error: 'invalid.points' })
  .int('invalid.points')
  .positive('invalid.points');

/** Form checkboxes and switches arrive as 'true'/'1'/'on'; must be on. */
export const acceptedSchema = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])], {
    error: 'invalid.acceptTerms',
  })
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on')
  .refine((v) => v, 'invalid.acceptTerms');

/** A whole number >= 0 from text or JSON; fractions are rounded down (SPEC §5 custom car values). */
export const wholeNumberDown = z.coerce
  .number({ error: 'invalid.number' })
  .finite('invalid.number')
  .min(0, 'invalid.range')
  .transform((v) => Math.floor(v));

/** A decimal >= 0 from text or JSON; in text a comma is read as the decimal point, at most 2 decimals. */
export const decimalSchema = z.union(
  [
    z.number().finite().min(0),
    z
      .string()
      .trim()
      .transform((v) => v.replace(',', '.'))
      .refine((v) => /^[0-9]+(\.[0-9]{1,2})?$/.test(v))
      .transform(Number),
  ],
  { error: 'invalid.number' },
);

/** Mobile-app platform; absent on the web. */
export const platformSchema = z.enum(['ios', 'android', 'web']);
export type Platform = z.infer<typeof platformSchema>;

/** Push-notification token and platform, sent by several start calls (SPEC §7). */
export const clientFields = {
  fcmToken: z.string().trim().max(4096, 'invalid.tooLong').optional(),
  platform: platformSchema.optional(),
};

/**
 * Browser data of the SimplePay OneClick (3-D Secure) payment: SPEC's lang, java, color, height,
 * width and tz fields. tz is the time-zone offset in minutes as the browser reports it.
 */
export const browserFields = {
  lang: langSchema.optional(),
  java: qBool.optional(),
  color: qInt.min(1).max(64).optional(),
  height: qInt.min(0).max(100_000).optional(),
  width: qInt.min(0).max(100_000).optional(),
  tz: qInt.min(-1440).max(1440).optional(),
};

/** A date filter (YYYY-MM-DD); history calls default it to one month ago. */
export const dateFilterSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid.date');

/** An id in a query or form that may be written as 'null' or left empty. */
export const qNullableId = z.union([
  z.null(),
  z.enum(['null', '']).transform(() => null),
  z.coerce.number().int().positive().max(2_147_483_647),
]);

/** An absolute https/http URL the browser is sent to. */
export const urlSchema = z.string();
