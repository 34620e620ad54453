import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  cardRecurringTokens,
  cards,
  ledgerEntries,
  moneyHolds,
  payments,
} from '../../db/schema/index.js';
import { walletBalance } from './ledger.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * The money part of the GDPR access copy: payments, the wallet and its ledger, card movements,
 * holds and saved cards. Cards appear as SimplePay masked them; SimplePay's card id (it pays
 * with the card) and the payment page addresses are left out.
 */
export async function paymentsPersonalData(db: Db, userId: number) {
  const paymentRows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(asc(payments.id));
  const ledger = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(asc(ledgerEntries.id));
  const holds = await db
    .select()
    .from(moneyHolds)
    .where(eq(moneyHolds.userId, userId))
    .orderBy(asc(moneyHolds.id));
  const cardRows = await db
    .select()
    .from(cards)
    .where(eq(cards.userId, userId))
    .orderBy(asc(cards.id));
  // The tokens themselves are secrets of the merchant-initiated payments: never exported.
  const tokenRows = await db
    .select({
      cardId: cardRecurringTokens.cardId,
      status: cardRecurringTokens.status,
      maxAmount: cardRecurringTokens.maxAmount,
      until: cardRecurringTokens.until,
      paymentId: cardRecurringTokens.paymentId,
      createdAt: cardRecurringTokens.createdAt,
      usedAt: cardRecurringTokens.usedAt,
    })
    .from(cardRecurringTokens)
    .where(eq(cardRecurringTokens.userId, userId))
    .orderBy(asc(cardRecurringTokens.id));
  const movement = (e: (typeof ledger)[number]) => ({
    kind: e.kind,
    amount: e.amount,
    cause: e.cause,
    paymentId: e.paymentId,
    createdAt: iso(e.createdAt),
  });
  return {
    payments: paymentRows.map((p) => ({
      id: p.id,
      purpose: p.purpose,
      orderRef: p.orderRef,
      currency: p.currency,
      total: p.total,
      capturedTotal: p.capturedTotal,
      status: p.status,
      simplePayTransactionId: p.transactionId,
      cardMask: p.cardMask,
      cardExpiry: p.cardExpiry,
      causeId: p.causeId,
      billingDataId: p.billingDataId,
      createdAt: iso(p.createdAt),
      settledAt: iso(p.settledAt),
    })),
    wallet: {
      balance: await walletBalance(db, userId),
      ledger: ledger.filter((e) => e.account === 'wallet').map(movement),
    },
    cardMovements: ledger.filter((e) => e.account === 'card').map(movement),
    moneyHolds: holds.map((h) => ({
      method: h.method,
      amount: h.amount,
      capturedAmount: h.capturedAmount,
      cause: h.cause,
      status: h.status,
      paymentId: h.paymentId,
      createdAt: iso(h.createdAt),
      closedAt: iso(h.closedAt),
    })),
    savedCards: cardRows.map((c) => ({
      id: c.id,
      mask: c.mask,
      expiry: c.expiry,
      defaultCard: c.defaultCard,
      status: c.status,
      createdAt: iso(c.createdAt),
    })),
    automaticCardPayments: tokenRows.map((r) => ({
      cardId: r.cardId,
      status: r.status,
      maxAmount: r.maxAmount,
      until: iso(r.until),
      paymentId: r.paymentId,
      createdAt: iso(r.createdAt),
      usedAt: iso(r.usedAt),
    })),
  };
}
