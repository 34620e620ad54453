import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  sandboxSpCards,
  sandboxSpRefunds,
  sandboxSpTokens,
  sandboxSpTransactions,
} from '../../db/schema/index.js';
import { simplePayTime } from '../payments/simplepay/time.js';
import { BackResult, SandboxError } from './codes.js';
import type { SandboxMerchant } from './merchants.js';
import {
  CHALLENGE_MINUTES,
  completePayment,
  enqueueIpn,
  isLapsedHold,
  remainingTotal,
  type SandboxTransaction,
} from './state.js';
import { cardSecretMatches, hashCardSecret, money, newSalt, randomToken } from './wire.js';

type Json = Record<string, unknown>;

/** An operation refused with SimplePay error codes. */
export class SandboxFailure extends Error {
  constructor(
    readonly codes: number[],
    readonly orderRef?: string,
  ) {
    super(`SimplePay sandbox error ${codes.join(', ')}`);
  }
}

const fail = (code: number, orderRef?: string): never => {
  throw new SandboxFailure([code], orderRef);
};

export interface OperationContext {
  db: Db;
  merchantId: string;
  merchant: SandboxMerchant;
  /** Base of the emulator's pages, e.g. http://localhost:8080/sandbox/simplepay */
  pagesUrl: string;
  /** Called after something was queued for IPN delivery. */
  ipnQueued: () => void;
}

/** Languages SimplePay's pay page offers; the emulator renders HU in Hungarian, others in English. */
const LANGUAGES = new Set([
  'AR',
  'BG',
  'CS',
  'DE',
  'EN',
  'ES',
  'FR',
  'HR',
  'HU',
  'IT',
  'PL',
  'RO',
  'RU',
  'SK',
  'SL',
  'TR',
  'ZH',
]);

// ---- field readers -------------------------------------------------------------------------

function text(body: Json, key: string): string | undefined {
  const v = body[key];
  if (typeof v === 'string' && v.trim() !== '') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

/** A whole amount: a number or a numeric string ("25", 25, 25.0). */
function amount(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || !Number.isInteger(n) || n < 0) {
    return undefined;
  }
  return n;
}

function transactionIdOf(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

function time(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)) {
    return undefined;
  }
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkCurrency(ctx: OperationContext, body: Json, required: boolean, orderRef?: string) {
  const currency = text(body, 'currency');
  if (currency === undefined && !required) return;
  if (currency !== ctx.merchant.currency) fail(SandboxError.currencyInvalid, orderRef);
}

/** The fields every payment-creating call shares (start, do, dorecurring). */
function paymentFields(ctx: OperationContext, body: Json) {
  const orderRef = text(body, 'orderRef') ?? fail(SandboxError.orderRefMissing);
  checkCurrency(ctx, body, true, orderRef);
  const email = text(body, 'customerEmail');
  if (!email || !emailPattern.test(email)) fail(SandboxError.emailInvalid, orderRef);
  const total = amount(body.total);
  if (total === undefined || total <= 0) fail(SandboxError.fieldInvalid, orderRef);
  if (body.twoStep !== undefined && typeof body.twoStep !== 'boolean') {
    fail(SandboxError.fieldInvalid, orderRef);
  }
  let url: string | null = null;
  let urls: SandboxTransaction['urls'] = null;
  if (body.urls !== undefined) {
    const u = body.urls as Json | null;
    const keys = ['success', 'fail', 'cancel', 'timeout'] as const;
    if (!u || typeof u !== 'object' || !keys.every((k) => isHttpUrl(u[k]))) {
      fail(SandboxError.fieldInvalid, orderRef);
    }
    urls = {
      success: u!.success as string,
      fail: u!.fail as string,
      cancel: u!.cancel as string,
      timeout: u!.timeout as string,
    };
  }
  if (body.url !== undefined) {
    if (!isHttpUrl(body.url)) fail(SandboxError.fieldInvalid, orderRef);
    url = body.url as string;
  }
  return {
    orderRef,
    currency: ctx.merchant.currency,
    customerEmail: email!,
    total: total!,
    twoStep: body.twoStep === true,
    url,
    urls,
  };
}

async function insertTransaction(
  db: DbOrTx,
  values: typeof sandboxSpTransactions.$inferInsert,
): Promise<SandboxTransaction> {
  const [row] = await db
    .insert(sandboxSpTransactions)
    .values(values)
    .onConflictDoNothing({
      target: [sandboxSpTransactions.merchant, sandboxSpTransactions.orderRef],
    })
    .returning();
  return row ?? fail(SandboxError.duplicateOrderRef, values.orderRef);
}

/** Finds the transaction named by `transactionId` or `orderRef`, locked for update. */
async function lockTransaction(db: DbOrTx, ctx: OperationContext, body: Json) {
  const id = transactionIdOf(body.transactionId);
  const orderRef = text(body, 'orderRef');
  if (id === undefined && orderRef === undefined) fail(SandboxError.refMissing);
  const where =
    id !== undefined
      ? and(eq(sandboxSpTransactions.merchant, ctx.merchantId), eq(sandboxSpTransactions.id, id))
      : and(
          eq(sandboxSpTransactions.merchant, ctx.merchantId),
          eq(sandboxSpTransactions.orderRef, orderRef!),
        );
  const [tx] = await db.select().from(sandboxSpTransactions).where(where).for('update');
  return tx ?? fail(SandboxError.transactionNotFound, orderRef);
}

const head = (ctx: OperationContext) => ({ salt: newSalt(), merchant: ctx.merchantId });

// ---- operations ----------------------------------------------------------------------------

async function start(ctx: OperationContext, body: Json): Promise<Json> {
  const f = paymentFields(ctx, body);
  const language = (text(body, 'language') ?? '').toUpperCase();
  if (!LANGUAGES.has(language)) fail(SandboxError.languageInvalid, f.orderRef);
  if (!f.url && !f.urls) fail(SandboxError.fieldInvalid, f.orderRef);
  if (body.methods !== undefined) {
    if (!Array.isArray(body.methods) || !body.methods.includes('CARD')) {
      fail(SandboxError.fieldInvalid, f.orderRef);
    }
  }
  let timeoutAt = new Date(Date.now() + 30 * 60_000);
  if (body.timeout !== undefined) {
    const t = time(body.timeout);
    if (!t || t.getTime() <= Date.now()) fail(SandboxError.fieldInvalid, f.orderRef);
    timeoutAt = t!;
  }
  let cardSecretHash: string | null = null;
  if (body.cardSecret !== undefined) {
    const secret = typeof body.cardSecret === 'string' ? body.cardSecret : '';
    if (secret.length === 0 || secret.length > 100) fail(SandboxError.fieldInvalid, f.orderRef);
    cardSecretHash = await hashCardSecret(secret);
  }
  let recurring: SandboxTransaction['recurring'] = null;
  if (body.recurring !== undefined) {
    const r = (body.recurring ?? {}) as Json;
    const times = amount(r.times);
    const until = time(r.until);
    const maxAmount = amount(r.maxAmount);
    if (
      typeof r !== 'object' ||
      times === undefined ||
      times < 1 ||
      times > 100 ||
      !until ||
      until.getTime() <= Date.now() ||
      maxAmount === undefined ||
      maxAmount <= 0
    ) {
      fail(SandboxError.recurringInvalid, f.orderRef);
    }
    recurring = { times: times!, until: until!.toISOString(), maxAmount: maxAmount! };
  }
  const pageToken = randomToken();
  return ctx.db.transaction(async (db) => {
    const tx = await insertTransaction(db, {
      merchant: ctx.merchantId,
      kind: 'start',
      orderRef: f.orderRef,
      currency: f.currency,
      customerEmail: f.customerEmail,
      language,
      total: f.total,
      twoStep: f.twoStep,
      url: f.url,
      urls: f.urls,
      timeoutAt,
      pageToken,
      formToken: randomToken(),
      cardSecretHash,
      recurring,
    });
    const tokens: string[] = [];
    if (recurring) {
      for (let i = 0; i < recurring.times; i++) tokens.push(`SPTK${randomToken(18)}`);
      await db.insert(sandboxSpTokens).values(
        tokens.map((token) => ({
          token,
          merchant: ctx.merchantId,
          registrationId: tx.id,
          maxAmount: recurring.maxAmount,
          until: new Date(recurring.until),
        })),
      );
    }
    return {
      ...head(ctx),
      orderRef: tx.orderRef,
      currency: tx.currency,
      transactionId: tx.id,
      timeout: simplePayTime(tx.timeoutAt),
      total: money(tx.total),
      paymentUrl: `${ctx.pagesUrl}/pay/${pageToken}`,
      ...(recurring ? { tokens } : {}),
    };
  });
}

async function finish(ctx: OperationContext, body: Json): Promise<Json> {
  const originalTotal = amount(body.originalTotal);
  const approveTotal = amount(body.approveTotal);
  return ctx.db.transaction(async (db) => {
    const tx = await lockTransaction(db, ctx, body);
    checkCurrency(ctx, body, false, tx.orderRef);
    if (tx.finishCalledAt || (tx.status === 'FINISHED' && !tx.twoStep)) {
      fail(SandboxError.alreadyFinished, tx.orderRef);
    }
    if (!tx.twoStep || tx.status !== 'AUTHORIZED' || isLapsedHold(tx)) {
      fail(SandboxError.wrongStatus, tx.orderRef);
    }
    if (originalTotal === undefined || approveTotal === undefined) {
      fail(SandboxError.fieldInvalid, tx.orderRef);
    }
    if (originalTotal !== tx.total || approveTotal! > tx.total) {
      fail(SandboxError.finishTotalMismatch, tx.orderRef);
    }
    const now = new Date();
    const released = approveTotal === 0;
    const [updated] = await db
      .update(sandboxSpTransactions)
      .set({
        status: released ? 'CANCELLED' : 'FINISHED',
        capturedTotal: approveTotal,
        finishDate: now,
        finishCalledAt: now,
      })
      .where(eq(sandboxSpTransactions.id, tx.id))
      .returning();
    if (!released) {
      await enqueueIpn(db, ctx.merchant, updated!);
      ctx.ipnQueued();
    }
    return {
      ...head(ctx),
      orderRef: tx.orderRef,
      transactionId: tx.id,
      approveTotal: money(approveTotal!),
      currency: tx.currency,
    };
  });
}

async function refund(ctx: OperationContext, body: Json): Promise<Json> {
  const refundTotal = amount(body.refundTotal);
  return ctx.db.transaction(async (db) => {
    const tx = await lockTransaction(db, ctx, body);
    checkCurrency(ctx, body, false, tx.orderRef);
    if (tx.status !== 'FINISHED') fail(SandboxError.wrongStatus, tx.orderRef);
    const remaining = remainingTotal(tx);
    if (refundTotal === undefined || refundTotal <= 0 || refundTotal > remaining) {
      fail(SandboxError.refundTotalInvalid, tx.orderRef);
    }
    const [row] = await db
      .insert(sandboxSpRefunds)
      .values({ transactionId: tx.id, total: refundTotal! })
      .returning();
    await db
      .update(sandboxSpTransactions)
      .set({ refundedTotal: sql`${sandboxSpTransactions.refundedTotal} + ${refundTotal!}` })
      .where(eq(sandboxSpTransactions.id, tx.id));
    return {
      ...head(ctx),
      orderRef: tx.orderRef,
      currency: tx.currency,
      transactionId: tx.id,
      refundTransactionId: row!.id,
      refundTotal: money(refundTotal!),
      remainingTotal: money(remaining - refundTotal!),
    };
  });
}

async function query(ctx: OperationContext, body: Json): Promise<Json> {
  const ids = Array.isArray(body.transactionIds) ? body.transactionIds.map(transactionIdOf) : [];
  const refs = Array.isArray(body.orderRefs)
    ? body.orderRefs.filter((r): r is string => typeof r === 'string' && r !== '')
    : [];
  if (ids.some((id) => id === undefined) || ids.length + refs.length === 0) {
    fail(SandboxError.fieldInvalid);
  }
  const conditions = [];
  if (ids.length > 0) conditions.push(inArray(sandboxSpTransactions.id, ids as number[]));
  if (refs.length > 0) conditions.push(inArray(sandboxSpTransactions.orderRef, refs));
  const rows = await ctx.db
    .select()
    .from(sandboxSpTransactions)
    .where(and(eq(sandboxSpTransactions.merchant, ctx.merchantId), or(...conditions)))
    .orderBy(sandboxSpTransactions.id);
  const refunds =
    body.refunds === true && rows.length > 0
      ? await ctx.db
          .select()
          .from(sandboxSpRefunds)
          .where(
            inArray(
              sandboxSpRefunds.transactionId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(sandboxSpRefunds.id)
      : [];
  const transactions = rows.map((tx) => ({
    salt: newSalt(),
    merchant: tx.merchant,
    orderRef: tx.orderRef,
    transactionId: tx.id,
    status: tx.status,
    ...(tx.resultCode !== null
      ? { resultCode: tx.resultCode === 0 ? 'OK' : String(tx.resultCode) }
      : {}),
    currency: tx.currency,
    total: money(tx.status === 'FINISHED' ? (tx.capturedTotal ?? tx.total) : tx.total),
    remainingTotal: money(remainingTotal(tx)),
    ...(tx.paymentDate ? { paymentDate: simplePayTime(tx.paymentDate) } : {}),
    ...(tx.finishDate ? { finishDate: simplePayTime(tx.finishDate) } : {}),
    method: 'CARD',
    ...(body.detailed === true
      ? {
          customerEmail: tx.customerEmail,
          twoStep: tx.twoStep,
          ...(tx.cardId !== null ? { cardId: tx.cardId } : {}),
        }
      : {}),
    ...(body.refunds === true
      ? {
          refunds: refunds
            .filter((r) => r.transactionId === tx.id)
            .map((r) => ({
              transactionId: r.id,
              refundTotal: money(r.total),
              refundDate: simplePayTime(r.createdAt),
              status: 'FINISHED',
            })),
        }
      : {}),
  }));
  return { ...head(ctx), transactions, totalCount: transactions.length };
}

async function transactionCancel(ctx: OperationContext, body: Json): Promise<Json> {
  return ctx.db.transaction(async (db) => {
    const tx = await lockTransaction(db, ctx, body);
    if (!['INIT', 'INPAYMENT', 'AUTHORIZED'].includes(tx.status) || isLapsedHold(tx)) {
      fail(SandboxError.wrongStatus, tx.orderRef);
    }
    await db
      .update(sandboxSpTransactions)
      .set({
        status: 'CANCELLED',
        pendingCard: null,
        resultCode: tx.resultCode ?? BackResult.cancelledByUser,
      })
      .where(eq(sandboxSpTransactions.id, tx.id));
    return { ...head(ctx), orderRef: tx.orderRef, transactionId: tx.id, status: 'CANCELLED' };
  });
}

async function doPayment(ctx: OperationContext, body: Json): Promise<Json> {
  if (body.type !== 'CIT') fail(SandboxError.fieldInvalid, text(body, 'orderRef'));
  const f = paymentFields(ctx, body);
  const cardId = transactionIdOf(body.cardId) ?? fail(SandboxError.cardIdMissing, f.orderRef);
  const secret = typeof body.cardSecret === 'string' ? body.cardSecret : '';
  if (secret === '') fail(SandboxError.fieldInvalid, f.orderRef);
  if (!body.browser || typeof body.browser !== 'object')
    fail(SandboxError.fieldInvalid, f.orderRef);
  const [card] = await ctx.db
    .select()
    .from(sandboxSpCards)
    .where(and(eq(sandboxSpCards.id, cardId), eq(sandboxSpCards.merchant, ctx.merchantId)));
  if (!card) return fail(SandboxError.cardUnknown, f.orderRef);
  if (card.status === 'DISABLED') fail(SandboxError.cardCancelled, f.orderRef);
  if (card.expiry.getTime() < Date.now()) fail(SandboxError.cardExpired, f.orderRef);
  if (!(await cardSecretMatches(secret, card.secretHash))) {
    fail(SandboxError.cardWrongSecret, f.orderRef);
  }
  if (card.threeDs && !f.url && !f.urls) fail(SandboxError.fieldInvalid, f.orderRef);
  const result = await ctx.db.transaction(async (db) => {
    const pageToken = card.threeDs ? randomToken() : null;
    let tx = await insertTransaction(db, {
      merchant: ctx.merchantId,
      kind: 'do',
      orderRef: f.orderRef,
      currency: f.currency,
      customerEmail: f.customerEmail,
      language: LANGUAGES.has((text(body, 'language') ?? '').toUpperCase())
        ? text(body, 'language')!.toUpperCase()
        : 'HU',
      total: f.total,
      twoStep: f.twoStep,
      url: f.url,
      urls: f.urls,
      cardId,
      timeoutAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
      status: card.threeDs ? 'INPAYMENT' : 'INIT',
      pageToken,
      formToken: card.threeDs ? randomToken() : null,
      pendingCard: card.threeDs
        ? { mask: card.mask, expiry: card.expiry.toISOString(), threeDs: true }
        : null,
    });
    if (!card.threeDs) tx = await completePayment(db, ctx.merchant, tx, null);
    return {
      ...head(ctx),
      orderRef: tx.orderRef,
      currency: tx.currency,
      transactionId: tx.id,
      total: money(tx.total),
      ...(pageToken ? { redirectUrl: `${ctx.pagesUrl}/pay/${pageToken}/challenge` } : {}),
    };
  });
  if (!card.threeDs) ctx.ipnQueued();
  return result;
}

async function doRecurring(ctx: OperationContext, body: Json): Promise<Json> {
  if (body.type !== 'MIT') fail(SandboxError.fieldInvalid, text(body, 'orderRef'));
  const f = paymentFields(ctx, body);
  const token = text(body, 'token') ?? fail(SandboxError.tokenMissing, f.orderRef);
  const result = await ctx.db.transaction(async (db) => {
    const [row] = await db
      .select()
      .from(sandboxSpTokens)
      .where(and(eq(sandboxSpTokens.token, token), eq(sandboxSpTokens.merchant, ctx.merchantId)))
      .for('update');
    if (!row) return fail(SandboxError.tokenUnknown, f.orderRef);
    if (row.status === 'USED') fail(SandboxError.tokenUsed, f.orderRef);
    if (row.status === 'DISABLED') fail(SandboxError.tokenCancelled, f.orderRef);
    if (row.until.getTime() < Date.now()) fail(SandboxError.tokenExpired, f.orderRef);
    const [card] = await db
      .select()
      .from(sandboxSpCards)
      .where(eq(sandboxSpCards.id, row.registrationId));
    if (!card) return fail(SandboxError.tokenNotActive, f.orderRef);
    if (card.status === 'DISABLED') fail(SandboxError.tokenCancelled, f.orderRef);
    if (card.expiry.getTime() < Date.now()) fail(SandboxError.cardExpired, f.orderRef);
    if (f.total > row.maxAmount) fail(SandboxError.tokenAmountTooHigh, f.orderRef);
    let tx = await insertTransaction(db, {
      merchant: ctx.merchantId,
      kind: 'dorecurring',
      orderRef: f.orderRef,
      currency: f.currency,
      customerEmail: f.customerEmail,
      language: 'HU',
      total: f.total,
      twoStep: f.twoStep,
      url: f.url,
      urls: f.urls,
      cardId: card.id,
      token,
      timeoutAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
    });
    tx = await completePayment(db, ctx.merchant, tx, null);
    await db
      .update(sandboxSpTokens)
      .set({ status: 'USED', usedAt: new Date(), usedByTransactionId: tx.id })
      .where(eq(sandboxSpTokens.token, token));
    return {
      ...head(ctx),
      orderRef: tx.orderRef,
      currency: tx.currency,
      transactionId: tx.id,
      total: money(tx.total),
    };
  });
  ctx.ipnQueued();
  return result;
}

function cardStatus(card: typeof sandboxSpCards.$inferSelect) {
  if (card.status === 'DISABLED') return 'DISABLED';
  return card.expiry.getTime() < Date.now() ? 'EXPIRED' : 'ACTIVE';
}

async function findCard(ctx: OperationContext, body: Json) {
  const cardId = transactionIdOf(body.cardId) ?? fail(SandboxError.cardIdMissing);
  const [card] = await ctx.db
    .select()
    .from(sandboxSpCards)
    .where(and(eq(sandboxSpCards.id, cardId), eq(sandboxSpCards.merchant, ctx.merchantId)));
  return card ?? fail(SandboxError.cardUnknown);
}

async function cardQuery(ctx: OperationContext, body: Json): Promise<Json> {
  const card = await findCard(ctx, body);
  const answer: Json = {
    ...head(ctx),
    cardId: card.id,
    status: cardStatus(card),
    expiry: simplePayTime(card.expiry),
  };
  if (body.history === true) {
    const rows = await ctx.db
      .select()
      .from(sandboxSpTransactions)
      .where(or(eq(sandboxSpTransactions.cardId, card.id), eq(sandboxSpTransactions.id, card.id)))
      .orderBy(desc(sandboxSpTransactions.id));
    answer.history = rows.map((tx) => ({
      orderRef: tx.orderRef,
      transactionId: tx.id,
      status: tx.status,
      total: money(tx.total),
      ...(tx.paymentDate ? { paymentDate: simplePayTime(tx.paymentDate) } : {}),
    }));
  }
  return answer;
}

async function cardCancel(ctx: OperationContext, body: Json): Promise<Json> {
  const card = await findCard(ctx, body);
  await ctx.db.transaction(async (db) => {
    await db
      .update(sandboxSpCards)
      .set({ status: 'DISABLED', cancelledAt: card.cancelledAt ?? new Date() })
      .where(eq(sandboxSpCards.id, card.id));
    await db
      .update(sandboxSpTokens)
      .set({ status: 'DISABLED' })
      .where(
        and(eq(sandboxSpTokens.registrationId, card.id), eq(sandboxSpTokens.status, 'ACTIVE')),
      );
  });
  return { ...head(ctx), cardId: card.id, status: 'DISABLED', expiry: simplePayTime(card.expiry) };
}

async function findToken(ctx: OperationContext, body: Json) {
  const token = text(body, 'token') ?? fail(SandboxError.tokenMissing);
  const [row] = await ctx.db
    .select()
    .from(sandboxSpTokens)
    .where(and(eq(sandboxSpTokens.token, token), eq(sandboxSpTokens.merchant, ctx.merchantId)));
  return row ?? fail(SandboxError.tokenUnknown);
}

async function tokenQuery(ctx: OperationContext, body: Json): Promise<Json> {
  const row = await findToken(ctx, body);
  let status: string = row.status;
  if (status === 'ACTIVE') {
    const [card] = await ctx.db
      .select({ id: sandboxSpCards.id })
      .from(sandboxSpCards)
      .where(eq(sandboxSpCards.id, row.registrationId));
    if (row.until.getTime() < Date.now()) status = 'EXPIRED';
    else if (!card) status = 'INACTIVE';
  }
  return { ...head(ctx), token: row.token, status, expiry: simplePayTime(row.until) };
}

async function tokenCancel(ctx: OperationContext, body: Json): Promise<Json> {
  const row = await findToken(ctx, body);
  if (row.status === 'ACTIVE') {
    await ctx.db
      .update(sandboxSpTokens)
      .set({ status: 'DISABLED' })
      .where(eq(sandboxSpTokens.token, row.token));
  }
  return {
    ...head(ctx),
    token: row.token,
    status: row.status === 'USED' ? 'USED' : 'DISABLED',
    expiry: simplePayTime(row.until),
  };
}

export const operations: Record<string, (ctx: OperationContext, body: Json) => Promise<Json>> = {
  start,
  finish,
  refund,
  query,
  transactioncancel: transactionCancel,
  do: doPayment,
  dorecurring: doRecurring,
  cardquery: cardQuery,
  cardcancel: cardCancel,
  tokenquery: tokenQuery,
  tokencancel: tokenCancel,
};
