import { randomBytes } from 'node:crypto';
import { limits, type Lang } from '@voltpark/contract';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { charges, chargePoints } from '../../db/schema/index.js';
import { ApiError } from '../../core/errors.js';
import { canStartCharge } from '../ocpp/status.js';
import { holdWallet, startCardHold } from '../payments/holds.js';
import { InsufficientFundsError, walletBalance } from '../payments/ledger.js';
import { PAYMENT_WINDOW_MS } from '../payments/payments.js';
import { bookingFor, type Booking, type BookingMode } from './pricing.js';
import {
  activeChargeOf,
  chargerForStart,
  chargingPowerKw,
  checkBillingData,
  noTariff,
  priceSnapshot,
  type ChargeRow,
  type StartCharger,
} from './repository.js';
import { endUnstarted, holdCause, onMoneyReady, type ChargingDeps } from './lifecycle.js';
import { startSavedCardHold, type SavedCardHoldInput } from './saved-card.js';
import { parkingOfCode } from './park-code.js';

export type PaymentChoice =
  | { kind: 'card' }
  | { kind: 'wallet' }
  | ({ kind: 'saved_card' } & Pick<SavedCardHoldInput, 'cardId' | 'cardSecret' | 'browser'>);

export interface StartInput {
  userId: number;
  email: string;
  lang: Lang;
  chargerId: number;
  carId?: number | null;
  billingDataId?: number | null;
  parkCode?: string;
  mode: BookingMode;
  payment: PaymentChoice;
  casual?: boolean;
  req: FastifyRequest;
}

export type StartResult =
  | { kind: 'payment'; url: string; charge: ChargeRow }
  | { kind: 'started'; charge: ChargeRow; walletBalance: number | null };

const startError = (code: string, key = `charge.error.${code}`, vars?: Record<string, number>) =>
  new ApiError(409, key, { responseCode: code, vars });

/** The query's booking mode (the schema allows one at most). */
export function modeOf(q: {
  'charging-minutes'?: number;
  'charging-amount'?: number;
  'charging-energy'?: number;
}): BookingMode {
  if (q['charging-minutes'] !== undefined) return { kind: 'time', minutes: q['charging-minutes'] };
  if (q['charging-amount'] !== undefined) return { kind: 'amount', amount: q['charging-amount'] };
  if (q['charging-energy'] !== undefined) return { kind: 'energy', kWh: q['charging-energy'] };
  return { kind: 'none' };
}

/** SPEC §4 start rules that do not depend on the user: a tariff, a startable connector online. */
export async function startableCharger(deps: ChargingDeps, chargerId: number) {
  const charger = await chargerForStart(deps.db, chargerId);
  if (!charger.tariff) throw noTariff();
  const [cp] = await deps.db
    .select({ disabled: chargePoints.disabled })
    .from(chargePoints)
    .where(eq(chargePoints.id, charger.chargePointId));
  const startable = canStartCharge({
    status: charger.status,
    hasTariff: true,
    canStartNewChargeWhileInFinishingState: charger.canStartInFinishing,
  });
  if (!startable || cp?.disabled) throw startError('CHARGER_NOT_ACTIVE');
  return charger as StartCharger & { tariff: NonNullable<StartCharger['tariff']> };
}

/**
 * Starts a charge (SPEC §4 wizard, §7 start calls): checks the rules, books the mode, inserts
 * the charge — the partial unique indexes allow one open charge per driver and per charger, so
 * a double tap or a race makes one — then reserves the money: a SimplePay hold (the charge
 * waits in NEW for the IPN, at most 5 minutes), a saved card, the wallet, or nothing when free.
 * Once the money is held the charger gets RemoteStart (lifecycle.onMoneyReady).
 */
export async function startCharge(deps: ChargingDeps, input: StartInput): Promise<StartResult> {
  // The driver's own open charge comes first: once a double tap's first start reaches the
  // charger, its status alone would answer CHARGER_NOT_ACTIVE to the second tap.
  if (await activeChargeOf(deps.db, input.userId)) throw startError('ALREADY_CHARGING');
  const charger = await startableCharger(deps, input.chargerId);
  const prices = priceSnapshot(charger.tariff);
  await checkBillingData(deps.db, input.userId, input.billingDataId);
  const parkingSessionId = input.parkCode
    ? await parkingOfCode(deps.db, {
        userId: input.userId,
        code: input.parkCode,
        locationId: charger.locationId,
      })
    : null;
  const power = await chargingPowerKw(deps.db, input.userId, charger, input.carId);
  const booking = bookingFor(input.mode, prices, power);
  const free = booking.hold === 0;
  const payment: PaymentChoice = free ? { kind: 'card' } : input.payment;

  let balance: number | null = null;
  if (!input.casual) {
    balance = await walletBalance(deps.db, input.userId);
    if (balance < 0) throw startError('NEGATIVE_WALLET');
  }
  if (!free && payment.kind === 'wallet') {
    const minimum = Math.max(limits.walletStartMinimum, booking.hold);
    if ((balance ?? 0) < minimum) {
      throw startError('WALLET_NOT_ENOUGH', 'charge.error.WALLET_NOT_ENOUGH', { minimum });
    }
  }

  const charge = await insertCharge(
    deps,
    { ...input, parkingSessionId },
    charger,
    booking,
    free ? 'free' : payment.kind,
  );
  try {
    return await reserveMoney(deps, input, charge, booking, payment, free);
  } catch (err) {
    await endUnstarted(deps, charge.id, 'paymentFailed').catch(() => {});
    if (err instanceof InsufficientFundsError) {
      throw startError('WALLET_NOT_ENOUGH', 'charge.error.WALLET_NOT_ENOUGH', {
        minimum: Math.max(limits.walletStartMinimum, booking.hold),
      });
    }
    throw err;
  }
}

async function insertCharge(
  deps: ChargingDeps,
  input: StartInput & { parkingSessionId: number | null },
  charger: StartCharger & { tariff: NonNullable<StartCharger['tariff']> },
  booking: Booking,
  method: ChargeRow['paymentMethod'],
): Promise<ChargeRow> {
  const t = charger.tariff;
  const [row] = await deps.db
    .insert(charges)
    .values({
      userId: input.userId,
      chargerId: charger.id,
      status: 'NEW',
      paymentMethod: method,
      casual: input.casual ?? false,
      idTag: `VP${randomBytes(9).toString('hex')}`,
      carId: input.carId ?? null,
      billingDataId: input.billingDataId ?? null,
      parkCode: input.parkCode ?? null,
      parkingSessionId: input.parkingSessionId,
      bookedMinutes: booking.bookedMinutes,
      bookedAmount: booking.bookedAmount,
      bookedEnergyWh: booking.bookedEnergyWh,
      holdAmount: booking.hold,
      freeCharging: t.freeCharging,
      unitChargingGross: t.unitChargingGross,
      convenienceFeeGross: t.convenienceFeeGross,
      parkingEnabled: t.parkingEnabled && !t.freeCharging,
      minutesAfterParkingStart: t.minutesAfterParkingStart,
      unitParkingGross: t.unitParkingGross,
      paymentDeadline: new Date(Date.now() + PAYMENT_WINDOW_MS),
    })
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  // The unique indexes said no: the driver (double tap) or the charger already has a charge.
  if (await activeChargeOf(deps.db, input.userId)) throw startError('ALREADY_CHARGING');
  throw startError('CHARGER_NOT_ACTIVE');
}

async function reserveMoney(
  deps: ChargingDeps,
  input: StartInput,
  charge: ChargeRow,
  booking: Booking,
  payment: PaymentChoice,
  free: boolean,
): Promise<StartResult> {
  const cause = holdCause(charge.id);
  if (free) {
    moveOn(deps, charge.id);
    return { kind: 'started', charge, walletBalance: null };
  }
  switch (payment.kind) {
    case 'wallet': {
      await holdWallet(deps.pay, { userId: input.userId, amount: booking.hold, cause });
      moveOn(deps, charge.id);
      return {
        kind: 'started',
        charge,
        walletBalance: await walletBalance(deps.db, input.userId),
      };
    }
    case 'card': {
      const { paymentUrl } = await startCardHold(deps.pay, {
        userId: input.userId,
        amount: booking.hold,
        cause,
        purpose: 'charge',
        causeId: charge.id,
        email: input.email,
        lang: input.lang,
        returnPath: '/payment-result',
        billingDataId: input.billingDataId ?? undefined,
      });
      await setPaymentUrl(deps, charge.id, paymentUrl);
      return { kind: 'payment', url: paymentUrl, charge };
    }
    case 'saved_card': {
      const { redirectUrl } = await startSavedCardHold(deps.pay, {
        userId: input.userId,
        cardId: payment.cardId,
        cardSecret: payment.cardSecret,
        browser: payment.browser,
        amount: booking.hold,
        cause,
        causeId: charge.id,
        email: input.email,
        billingDataId: input.billingDataId,
        req: input.req,
        returnUrl: `${deps.pay.config.publicUrl}/payment-result`,
      });
      if (redirectUrl) {
        await setPaymentUrl(deps, charge.id, redirectUrl);
        return { kind: 'payment', url: redirectUrl, charge };
      }
      // No challenge: SimplePay authorizes at once and its IPN moves the charge on.
      return { kind: 'started', charge, walletBalance: null };
    }
  }
}

/**
 * RESERVED and RemoteStart without keeping the driver's request open for the charger's answer
 * (the app polls the current charge); a failure ends the charge, and a crash is the sweeper's.
 */
function moveOn(deps: ChargingDeps, chargeId: number) {
  void onMoneyReady(deps, chargeId).catch((err: unknown) =>
    deps.log.error({ err, chargeId }, 'charge start failed'),
  );
}

async function setPaymentUrl(deps: ChargingDeps, chargeId: number, url: string) {
  await deps.db.update(charges).set({ paymentUrl: url }).where(eq(charges.id, chargeId));
}
