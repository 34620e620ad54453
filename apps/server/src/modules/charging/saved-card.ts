import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { cards, moneyHolds, payments } from '../../db/schema/payments.js';
import { ApiError } from '../../core/errors.js';
import type { PaymentDeps } from '../payments/payments.js';
import { SimplePayError, SimplePayTransportError } from '../payments/simplepay/errors.js';
import type { BrowserInfo } from '../payments/simplepay/client.js';

export interface SavedCardHoldInput {
  userId: number;
  cardId: number;
  cardSecret: string;
  amount: number;
  cause: string;
  causeId: number;
  /** What the payment is for (default a charge). */
  purpose?: 'charge' | 'parking' | 'surcharge' | 'roaming';
  email: string;
  billingDataId?: number | null;
  browser: Partial<Pick<BrowserInfo, 'java' | 'lang' | 'color' | 'height' | 'width' | 'tz'>>;
  /** The driver's request: its Accept and User-Agent headers and address go to SimplePay. */
  req: Pick<FastifyRequest, 'headers' | 'ip'>;
  returnUrl: string;
}

/**
 * A two-step hold on a saved card (SimplePay OneClick `do`, customer initiated). The payment
 * and the pending hold exist before SimplePay is asked, like startCardHold; SimplePay's IPN then
 * makes the hold `held`. Returns the 3-D Secure address when the bank asks for a challenge.
 */
export async function startSavedCardHold(
  deps: PaymentDeps,
  input: SavedCardHoldInput,
): Promise<{ redirectUrl: string | null }> {
  const [card] = await deps.db
    .select()
    .from(cards)
    .where(
      and(
        eq(cards.id, input.cardId),
        eq(cards.userId, input.userId),
        inArray(cards.status, ['active']),
      ),
    );
  if (!card?.simplePayCardId) {
    throw new ApiError(404, 'card.notFound', {
      responseCode: 'NOT_FOUND',
      fields: [{ field: 'card-id', messageKey: 'card.notFound' }],
    });
  }
  const purpose = input.purpose ?? 'charge';
  const orderRef = `VP-${purpose.toUpperCase()}-${Date.now()}-${randomBytes(4).toString('hex')}`;
  const [payment] = await deps.db
    .insert(payments)
    .values({
      userId: input.userId,
      purpose,
      orderRef,
      merchant: deps.gateway.merchant,
      total: input.amount,
      twoStep: true,
      billingDataId: input.billingDataId ?? null,
      causeId: input.causeId,
      cardMask: card.mask,
    })
    .returning();
  await deps.db.insert(moneyHolds).values({
    userId: input.userId,
    method: 'card',
    amount: input.amount,
    cause: input.cause,
    paymentId: payment!.id,
    status: 'pending',
  });
  const cancel = () =>
    deps.db
      .update(payments)
      .set({ status: 'CANCELLED', settledAt: new Date(), updatedAt: new Date() })
      .where(eq(payments.id, payment!.id));
  try {
    const answer = await deps.gateway.client().doPayment({
      orderRef,
      currency: 'HUF',
      customerEmail: input.email,
      total: input.amount,
      cardId: card.simplePayCardId,
      cardSecret: input.cardSecret,
      threeDSReqAuthMethod: '02',
      twoStep: true,
      url: input.returnUrl,
      browser: {
        accept: String(input.req.headers.accept ?? '*/*'),
        agent: String(input.req.headers['user-agent'] ?? 'unknown'),
        ip: input.req.ip,
        java: input.browser.java ?? false,
        lang: input.browser.lang ?? 'hu',
        color: input.browser.color ?? 24,
        height: input.browser.height ?? 800,
        width: input.browser.width ?? 400,
        tz: input.browser.tz ?? -60,
      },
    });
    await deps.db
      .update(payments)
      .set({
        transactionId: answer.transactionId,
        paymentUrl: answer.redirectUrl ?? null,
        updatedAt: new Date(),
      })
      .where(eq(payments.id, payment!.id));
    return { redirectUrl: answer.redirectUrl ?? null };
  } catch (err) {
    if (err instanceof SimplePayError) {
      await cancel();
      await deps.db
        .update(moneyHolds)
        .set({ status: 'failed', closedAt: new Date() })
        .where(eq(moneyHolds.paymentId, payment!.id));
      if (err.has(5041)) {
        throw new ApiError(402, 'charge.error.SIMPLEPAY_INVALID_PASSWORD', {
          responseCode: 'SIMPLEPAY_INVALID_PASSWORD',
        });
      }
      if ([5040, 5042, 5043].some((c) => err.has(c))) {
        throw new ApiError(402, 'charge.error.CARD_NOT_USABLE', {
          responseCode: 'CARD_NOT_USABLE',
        });
      }
    } else if (err instanceof SimplePayTransportError && !err.maybeApplied) {
      await cancel();
    }
    // A `do` that may have reached SimplePay stays open: the reconciliation job asks about it.
    throw new ApiError(502, 'payment.startFailed', { responseCode: 'PAYMENT_START_FAILED' });
  }
}
