import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Lang } from '@voltpark/contract';
import { moneyHolds } from '../../db/schema/index.js';
import { startSavedCardHold } from '../charging/saved-card.js';
import { captureHold } from '../payments/holds.js';
import { startCardPayment, type PaymentRow } from '../payments/payments.js';
import type { ParkingDeps } from './deps.js';
import { parkingError } from './errors.js';

export interface SavedCardChoice {
  cardId?: number | null;
  /** SimplePay's `do` needs the card's secret code on every payment; never stored. */
  cardSecret?: string;
  browser: {
    java?: boolean;
    lang?: string;
    color?: number;
    height?: number;
    width?: number;
    tz?: number;
  };
  req: FastifyRequest;
}

export interface CardPayInput {
  method: 'SIMPLEPAY' | 'CARD';
  purpose: 'parking' | 'surcharge';
  userId: number;
  amount: number;
  /** The session (parking) or surcharge id the payment settles. */
  causeId: number;
  /** CARD: the money hold's cause, one per attempt. */
  holdCause: string;
  email: string;
  lang: Lang;
  /** SimplePay's back redirect, e.g. /parking-payment-result. */
  returnPath: string;
  billingDataId: number | null;
  card?: SavedCardChoice;
}

export interface CardPayHooks {
  /** Stores the payment on the claimed row (conditional on the claim still being this one). */
  record(started: { paymentId: number | null; paymentUrl: string | null }): Promise<void>;
  /** The start failed: the claim is marked failed so the driver may pay again. */
  fail(): Promise<void>;
}

/**
 * The card tail of paying a parking round or a surcharge, after the row was claimed: SIMPLEPAY
 * is a one-step payment on SimplePay's page; CARD a two-step hold on the user's saved card
 * (startSavedCardHold refuses a card that is not theirs), captured when SimplePay authorizes it
 * (cardPaymentPaid). Any failure marks the claim failed and is rethrown.
 */
export async function payByCard(
  deps: ParkingDeps,
  input: CardPayInput,
  hooks: CardPayHooks,
): Promise<void> {
  try {
    if (input.method === 'SIMPLEPAY') {
      const payment = await startCardPayment(deps.pay, {
        userId: input.userId,
        purpose: input.purpose,
        total: input.amount,
        twoStep: false,
        email: input.email,
        lang: input.lang,
        returnPath: input.returnPath,
        causeId: input.causeId,
        billingDataId: input.billingDataId ?? undefined,
      });
      await hooks.record({ paymentId: payment.id, paymentUrl: payment.paymentUrl });
      return;
    }
    const card = input.card;
    if (!card?.cardId || !card.cardSecret)
      throw parkingError('NO_CARD', 'parking.noCard', 400, 'card-id');
    const { redirectUrl } = await startSavedCardHold(deps.pay, {
      userId: input.userId,
      cardId: card.cardId,
      cardSecret: card.cardSecret,
      browser: card.browser,
      amount: input.amount,
      cause: input.holdCause,
      causeId: input.causeId,
      purpose: input.purpose,
      email: input.email,
      billingDataId: input.billingDataId,
      req: card.req,
      returnUrl: `${deps.pay.config.publicUrl}${input.returnPath}`,
    });
    const [hold] = await deps.db
      .select()
      .from(moneyHolds)
      .where(eq(moneyHolds.cause, input.holdCause));
    await hooks.record({ paymentId: hold?.paymentId ?? null, paymentUrl: redirectUrl });
  } catch (err) {
    await hooks.fail();
    throw err;
  }
}

/**
 * Whether a settled payment pays `amount`: a one-step payment FINISHED; a saved card's hold
 * AUTHORIZED is captured first (captureHold acts once, so a replayed event captures nothing
 * more), or FINISHED with enough captured.
 */
export async function cardPaymentPaid(
  deps: ParkingDeps,
  p: PaymentRow,
  amount: number,
): Promise<boolean> {
  if (!p.twoStep) return p.status === 'FINISHED';
  if (p.status === 'AUTHORIZED') {
    const [hold] = await deps.db.select().from(moneyHolds).where(eq(moneyHolds.paymentId, p.id));
    if (!hold) return false;
    const done = await captureHold(deps.pay, hold.cause, amount);
    return done?.status === 'captured';
  }
  return p.status === 'FINISHED' && (p.capturedTotal ?? 0) >= amount;
}

/** A final answer that is not a payment (declined, cancelled, timed out): retry allowed. */
export const cardPaymentFailed = (p: PaymentRow) =>
  !!p.settledAt && p.status !== 'FINISHED' && p.status !== 'AUTHORIZED';
