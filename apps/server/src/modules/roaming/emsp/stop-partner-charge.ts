import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { roamingEmspChargeRequests as R, roamingPartners as P } from '../../../db/schema/index.js';
import {
  endRequest,
  PartnerChargeError,
  syncChargeRequests,
  type ChargeRequestRow,
} from './charge-requests-store.js';
import { paymentEndMessages } from './roaming-card-hold.js';
import { roamingChargeChanged } from './roaming-charge-events.js';
import { responseUrl, sendCommand } from './send-command.js';
import { newResultKey, provisionalWaitS, type PartnerChargeDeps } from './start-partner-charge.js';

/** A STOP that did not go through: the request is running again, with the partner's message. */
async function backToStarted(deps: { db: Db }, id: number, key: string, message: string) {
  const [row] = await deps.db
    .update(R)
    .set({
      status: 'STARTED',
      pendingCommand: null,
      resultDueAt: null,
      message,
      updatedAt: sql`now()`,
    })
    .where(and(eq(R.id, id), eq(R.status, 'STOPPING'), eq(R.resultKey, key)))
    .returning({ userId: R.userId });
  if (row) roamingChargeChanged(deps.db, row.userId);
}

/**
 * Our driver stops their charge at a partner's EVSE: STOP_SESSION with the partner's session id.
 * Only the driver's own request (another user's is not found). A second tap while stopping
 * changes nothing; a refusal or no result in time leaves the charge running (STARTED). A request
 * still waiting for its card hold (PAYING, decision 0050) is cancelled: it ends REJECTED before
 * anything went to the partner, and the hold is released (now, or when SimplePay authorizes it).
 */
export async function stopPartnerCharge(
  deps: PartnerChargeDeps,
  userId: number,
  requestId: number,
): Promise<ChargeRequestRow> {
  const { db, config } = deps;
  await syncChargeRequests(db);
  const [row] = await db
    .select()
    .from(R)
    .where(and(eq(R.id, requestId), eq(R.userId, userId)));
  if (!row) throw new PartnerChargeError('NOT_FOUND');
  if (row.status === 'STOPPING') return row;
  if (row.status === 'PAYING') {
    await endRequest(deps, row.id, ['PAYING'], 'REJECTED', paymentEndMessages.CANCELLED);
    const [now] = await db.select().from(R).where(eq(R.id, row.id));
    if (now!.status === 'REJECTED') return now!;
    // Authorized meanwhile: the start has gone out; it is stopped like any other.
    throw new PartnerChargeError('NOT_STOPPABLE');
  }
  if (row.status !== 'STARTED' || !row.sessionId) throw new PartnerChargeError('NOT_STOPPABLE');
  const key = newResultKey();
  const [claimed] = await db
    .update(R)
    .set({
      status: 'STOPPING',
      pendingCommand: 'STOP_SESSION',
      resultKey: key,
      resultDueAt: sql`now() + make_interval(secs => ${provisionalWaitS(deps)})`,
      message: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(R.id, row.id), eq(R.status, 'STARTED')))
    .returning();
  if (!claimed) return (await db.select().from(R).where(eq(R.id, row.id)))[0]!;
  roamingChargeChanged(db, userId);
  const [partner] = await db.select().from(P).where(eq(P.id, row.partnerId));
  const answer = partner
    ? await sendCommand(deps.client, config, partner, 'STOP_SESSION', {
        response_url: responseUrl(config, 'STOP_SESSION', key),
        session_id: row.sessionId,
      })
    : ({ ok: false, message: 'the partner is gone' } as const);
  if (answer.ok && answer.accepted)
    await db
      .update(R)
      .set({ resultDueAt: sql`now() + make_interval(secs => ${answer.timeoutS})` })
      .where(and(eq(R.id, row.id), eq(R.status, 'STOPPING'), eq(R.resultKey, key)));
  else if (answer.ok) await backToStarted(deps, row.id, key, answer.message ?? answer.result);
  else await backToStarted(deps, row.id, key, answer.message);
  return (await db.select().from(R).where(eq(R.id, row.id)))[0]!;
}

export { backToStarted };
