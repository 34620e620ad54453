import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.js';
import {
  moneyHolds,
  roamingEmspChargeRequests as R,
  type RoamingEmspChargeState,
} from '../../../db/schema/index.js';
import type { PaymentDeps } from '../../payments/payments.js';
import { releaseHold } from '../../payments/holds.js';
import { roamingHoldCause } from './bill-roaming-cdr.js';
import { roamingChargeChanged } from './roaming-charge-events.js';

export type ChargeRequestRow = typeof R.$inferSelect;

/** States of a request still running: the driver's one live roaming charge. */
export const liveStates: RoamingEmspChargeState[] = [
  'PAYING',
  'REQUESTED',
  'ACCEPTED',
  'STARTED',
  'STOPPING',
];

/** Why a roaming start or stop did not happen (the app shows a translated text per code). */
export type PartnerChargeErrorCode =
  | 'NOT_A_PARTNER_SITE'
  | 'EVSE_NOT_AVAILABLE'
  | 'ALREADY_CHARGING'
  | 'NO_TOKEN'
  | 'NOT_FOUND'
  | 'NOT_STOPPABLE';

export class PartnerChargeError extends Error {
  constructor(
    readonly code: PartnerChargeErrorCode,
    message: string = code,
  ) {
    super(message);
    this.name = 'PartnerChargeError';
  }
}

export async function liveRequestOf(db: DbOrTx, userId: number): Promise<ChargeRequestRow | null> {
  const [row] = await db
    .select()
    .from(R)
    .where(and(eq(R.userId, userId), inArray(R.status, liveStates)));
  return row ?? null;
}

/**
 * Ends a request that did not start (REJECTED / TIMEOUT) if it is still in one of `from`, keeping
 * the partner's message, and gives the hold back (a card hold: finished with 0 at SimplePay). The conditional update makes a late
 * result, a replay or a second replica do nothing; the release acts once per hold, and a release
 * that failed is done again by the request loop (`releaseEndedHolds`).
 */
export async function endRequest(
  deps: PaymentDeps,
  id: number,
  from: RoamingEmspChargeState[],
  to: 'REJECTED' | 'TIMEOUT',
  message: string | null,
): Promise<boolean> {
  const [row] = await deps.db
    .update(R)
    .set({ status: to, message, pendingCommand: null, resultDueAt: null, updatedAt: sql`now()` })
    .where(and(eq(R.id, id), inArray(R.status, from)))
    .returning();
  if (!row) return false;
  try {
    await releaseHold(deps, roamingHoldCause(row.authorizationReference));
  } finally {
    roamingChargeChanged(deps.db, row.userId);
  }
  return true;
}

/** Holds of requests that ended without a charge and are still held (a release that failed). */
export async function releaseEndedHolds(deps: PaymentDeps): Promise<number> {
  const rows = await deps.db
    .select({ reference: R.authorizationReference })
    .from(R)
    .innerJoin(moneyHolds, eq(moneyHolds.cause, sql`'roaming:' || ${R.authorizationReference}`))
    .where(and(inArray(R.status, ['REJECTED', 'TIMEOUT']), eq(moneyHolds.status, 'held')))
    .limit(50);
  for (const r of rows) await releaseHold(deps, roamingHoldCause(r.reference));
  return rows.length;
}

/**
 * Moves requests along from what the partner sent (no hook in the receivers: run after a
 * Session change, by the loop and before the app reads): a Session of the driver with our
 * reference → STARTED with its id; a BILLED CDR with our reference → COMPLETED with the billed
 * amount. Conditional updates: replays and replicas change nothing more.
 */
export async function syncChargeRequests(db: Db): Promise<void> {
  const started = await db.execute(sql`
    update roaming_emsp_charge_requests r
       set status = case when r.status = 'STOPPING' then r.status else 'STARTED' end,
           session_id = s.session_id, updated_at = now()
      from roaming_emsp_sessions s
     where s.authorization_reference = r.authorization_reference
       and s.partner_id = r.partner_id and s.user_id = r.user_id
       and r.status in ('REQUESTED', 'ACCEPTED', 'STOPPING') and r.session_id is null
    returning r.user_id`);
  const completed = await db.execute(sql`
    update roaming_emsp_charge_requests r
       set status = 'COMPLETED', billed_amount = c.billed_amount, pending_command = null,
           result_due_at = null, updated_at = now()
      from roaming_emsp_cdrs c
     where c.authorization_reference = r.authorization_reference
       and c.partner_id = r.partner_id and c.user_id = r.user_id and c.billing = 'BILLED'
       and r.status in ('REQUESTED', 'ACCEPTED', 'STARTED', 'STOPPING')
    returning r.user_id`);
  const changed = new Set(
    [started, completed].flatMap((r) =>
      (r as unknown as { rows: { user_id: number }[] }).rows.map((x) => x.user_id),
    ),
  );
  for (const userId of changed) roamingChargeChanged(db, userId);
}
