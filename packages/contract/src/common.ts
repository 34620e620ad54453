import { z } from 'zod';

/** Limits of SPEC §5 and §9 that both sides check. */
export const limits = {
  textMax: 255,
  zipMax: 12,
  licencePlateMax: 20,
  parkCodeLength: 5,
  passwordMin: 8,
  passwordMax: 255,
  energyMinKWh: 1,
  energyMaxKWh: 500,
  walletStartMinimum: 5000,
  walletTopUpMin: 100,
  walletTopUpMax: 50000,
  casualAmounts: [5000, 10000, 15000] as const,
  chargeMinutes: [15, 30, 45, 60, 120, 180, 240, 360, 480, 600, 720] as const,
  wizardAmounts: [500, 1000, 3000, 5000, 10000] as const,
  performanceMaxKw: 100,
  /** Online-wallet deposit (points): step 500, default 500, at most 100000 (and the balance). */
  depositStep: 500,
  depositDefault: 500,
  depositMax: 100000,
  depositOptions: [500, 1000, 3000, 5000, 10000, 15000] as const,
  /** Minutes a generated or bought coupon stays valid after activation. */
  couponValidityMinutes: 60,
  captchaValidityMinutes: 14,
} as const;

/** Query strings carry text: these coerce it and reject what cannot be a value. */
export const qInt = z.coerce.number().int();
export const qId = z.coerce.number().int().positive().max(2_147_483_647);
export const qNumber = z.coerce.number().finite();
export const qBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === '1');
export const latitude = z.coerce.number().min(-90).max(90);
export const longitude = z.coerce.number().min(-180).max(180);

export const trimmed = (max: number = limits.textMax) => z.string().trim().max(max);
export const requiredText = (max: number = limits.textMax) => z.string().trim().min(1).max(max);

/** Integer forints. */
export const forint = z.number().int();
export const isoDateTime = z.string();

export const langSchema = z.enum(['hu', 'en']);
export type Lang = z.infer<typeof langSchema>;

export const outletTypeSchema = z.enum(['TYPE2', 'CHADEMO', 'CCS']);
export type OutletType = z.infer<typeof outletTypeSchema>;
export const currentTypeSchema = z.enum(['AC', 'DC']);
export type CurrentType = z.infer<typeof currentTypeSchema>;

/** Path params arrive as text. */
export const idParams = z.object({ id: qId });
