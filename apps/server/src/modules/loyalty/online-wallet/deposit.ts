import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { onlineWalletDeposits } from '../../../db/schema/loyalty.js';
import { ApiError } from '../../../core/errors.js';
import { creditPoints, NotEnoughPointsError, spendPoints } from '../points.js';
import { OnlineWalletUnavailableError, type OnlineWalletClient } from './client.js';

export interface DepositDeps {
  db: Db;
  client: () => OnlineWalletClient;
  log: FastifyBaseLogger;
}

type DepositRow = typeof onlineWalletDeposits.$inferSelect;

export const depositErrors = {
  unavailable: () =>
    new ApiError(503, 'onlineWallet.unavailable', { responseCode: 'ONLINE_WALLET_UNAVAILABLE' }),
  consentRequired: () =>
    new ApiError(400, 'onlineWallet.consentRequired', {
      responseCode: 'ONLINE_WALLET_CONSENT_REQUIRED',
      fields: [
        { field: 'dataPolicyAccepted', messageKey: 'onlineWallet.acceptDataPolicy' },
        { field: 'termsAccepted', messageKey: 'onlineWallet.acceptTerms' },
      ],
    }),
  notEnoughPoints: (balance: number) =>
    new ApiError(409, 'coupon.notEnoughPoints', {
      responseCode: 'NOT_ENOUGH_POINTS',
      vars: { balance },
    }),
  refused: (code: string | null) =>
    new ApiError(422, 'onlineWallet.refused', {
      responseCode: `ONLINE_WALLET_${code ?? 'REFUSED'}`,
    }),
};

export type DepositResult = 'DONE' | 'PENDING';

/** The partner's answer made final, once: DONE, or REFUSED with the points booked back. */
async function settle(
  db: Db,
  row: DepositRow,
  outcome: { status: 'ACCEPTED'; depositId: string } | { status: 'REFUSED'; code: string },
): Promise<DepositRow> {
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(onlineWalletDeposits)
      .set(
        outcome.status === 'ACCEPTED'
          ? {
              status: 'DONE',
              partnerDepositId: outcome.depositId,
              settledAt: sql`now()`,
              claimedAt: null,
            }
          : {
              status: 'REFUSED',
              refusalCode: outcome.code,
              settledAt: sql`now()`,
              claimedAt: null,
            },
      )
      .where(and(eq(onlineWalletDeposits.id, row.id), eq(onlineWalletDeposits.status, 'PENDING')))
      .returning();
    if (!done) {
      const [current] = await tx
        .select()
        .from(onlineWalletDeposits)
        .where(eq(onlineWalletDeposits.id, row.id));
      return current!;
    }
    if (done.status === 'REFUSED') {
      await creditPoints(tx, {
        userId: done.userId,
        amount: done.amount,
        cause: `online-wallet-refund:${done.id}`,
        reason: 'REFUND',
        description: done.email,
      });
    }
    return done;
  });
}

/**
 * Sends (or resends: the reference makes it idempotent at the partner) a pending deposit and
 * settles it by the answer. No answer leaves it PENDING for the sweep: the points stay out until
 * the partner says accepted or refused, so they are never returned for a deposit that went in.
 */
export async function sendDeposit(deps: DepositDeps, row: DepositRow): Promise<DepositRow> {
  try {
    const outcome = await deps.client().deposit(row.reference, {
      email: row.email,
      points: row.amount,
      createAccount: row.createAccount ? { dataPolicyAccepted: true, termsAccepted: true } : null,
    });
    return await settle(deps.db, row, outcome);
  } catch (err) {
    if (!(err instanceof OnlineWalletUnavailableError)) throw err;
    deps.log.warn({ depositId: row.id, err: err.message }, 'online-wallet deposit unanswered');
    await deps.db
      .update(onlineWalletDeposits)
      .set({ claimedAt: null })
      .where(and(eq(onlineWalletDeposits.id, row.id), eq(onlineWalletDeposits.status, 'PENDING')));
    return row;
  }
}

export interface DepositInput {
  amount: number;
  email: string;
  dataPolicyAccepted?: boolean;
  termsAccepted?: boolean;
  requestId?: string;
}

function resultOf(row: DepositRow): DepositResult {
  if (row.status === 'REFUSED') throw depositErrors.refused(row.refusalCode);
  return row.status;
}

/**
 * POST v1/online-wallet/deposit. SPEC §4: an existing partner account takes the deposit; an
 * unknown e-mail needs the data-policy and terms consent (the account is then created). The
 * points leave the ledger with the deposit row (one transaction, refused when short), then the
 * partner is asked.
 */
export async function depositPoints(
  deps: DepositDeps,
  userId: number,
  input: DepositInput,
): Promise<DepositResult> {
  const email = input.email.trim().toLowerCase();
  if (input.requestId) {
    const [earlier] = await deps.db
      .select()
      .from(onlineWalletDeposits)
      .where(
        and(
          eq(onlineWalletDeposits.userId, userId),
          eq(onlineWalletDeposits.requestId, input.requestId),
        ),
      );
    if (earlier) return resultOf(earlier);
  }
  let exists: boolean;
  try {
    exists = await deps.client().accountExists(email);
  } catch (err) {
    if (err instanceof OnlineWalletUnavailableError) throw depositErrors.unavailable();
    throw err;
  }
  if (!exists && !(input.dataPolicyAccepted && input.termsAccepted)) {
    throw depositErrors.consentRequired();
  }
  const created = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(onlineWalletDeposits)
      .values({
        userId,
        reference: randomUUID(),
        requestId: input.requestId ?? null,
        email,
        amount: input.amount,
        createAccount: !exists,
        attempts: 1,
        claimedAt: sql`now()`,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    try {
      await spendPoints(tx, {
        userId,
        amount: input.amount,
        cause: `online-wallet:${row.id}`,
        reason: 'ONLINE_WALLET_DEPOSIT',
        description: email,
      });
    } catch (err) {
      if (err instanceof NotEnoughPointsError) throw depositErrors.notEnoughPoints(err.balance);
      throw err;
    }
    return row;
  });
  if (!created) {
    // The same requestId at the same moment: that request does the deposit; answer as it stands.
    const [other] = await deps.db
      .select()
      .from(onlineWalletDeposits)
      .where(
        and(
          eq(onlineWalletDeposits.userId, userId),
          eq(onlineWalletDeposits.requestId, input.requestId!),
        ),
      );
    return resultOf(other!);
  }
  return resultOf(await sendDeposit(deps, created));
}

/** A claim older than this is taken as abandoned (its sender died). */
const CLAIM_STALE_SECONDS = 120;

/**
 * The durable retry: claims pending deposits nobody is sending (SKIP LOCKED, so each replica
 * takes different ones) and resends them. Runs on a timer and at start, so a restart loses none.
 */
export async function sweepPendingDeposits(deps: DepositDeps, limit = 20): Promise<number> {
  const claimed = await deps.db.execute<{ id: number }>(sql`
    update ${onlineWalletDeposits} set claimed_at = now(), attempts = attempts + 1
    where id in (
      select id from ${onlineWalletDeposits}
      where status = 'PENDING'
        and (claimed_at is null or claimed_at < now() - make_interval(secs => ${CLAIM_STALE_SECONDS}))
      order by created_at limit ${limit}
      for update skip locked)
    returning id`);
  const ids = (claimed as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
  for (const id of ids) {
    const [row] = await deps.db
      .select()
      .from(onlineWalletDeposits)
      .where(eq(onlineWalletDeposits.id, id));
    if (row?.status === 'PENDING') await sendDeposit(deps, row);
  }
  return ids.length;
}

export function startDepositSweeper(deps: DepositDeps, everyMs = 30_000): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    sweepPendingDeposits(deps)
      .catch((err: unknown) => deps.log.error({ err }, 'online-wallet sweep failed'))
      .finally(() => {
        running = false;
      });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
