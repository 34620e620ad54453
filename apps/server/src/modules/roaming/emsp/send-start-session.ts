import { and, eq, sql } from 'drizzle-orm';
import { roamingEmspChargeRequests as R, roamingPartners as P } from '../../../db/schema/index.js';
import type { PaymentDeps } from '../../payments/payments.js';
import type { OcpiClientDeps } from '../client.js';
import { endRequest, type ChargeRequestRow } from './charge-requests-store.js';
import { driverToken, driverTokenOfUser } from './driver-tokens-store.js';
import { roamingChargeChanged } from './roaming-charge-events.js';
import { responseUrl, sendCommand } from './send-command.js';

export type PartnerChargeDeps = PaymentDeps & { client: OcpiClientDeps };

/**
 * START_SESSION for a request in REQUESTED whose money is held (decision 0042; after a card
 * hold, decision 0050): our Token, the partner's Location / EVSE / connector and our
 * authorization_reference, `response_url` with the request's `resultKey`. Not ACCEPTED → the
 * request ends REJECTED (hold released); ACCEPTED → the result is due after the partner's
 * timeout; no answer → stays REQUESTED with the message (the loop ends it at `resultDueAt`).
 * The caller has claimed the request (the insert, or PAYING → REQUESTED), so it is sent once.
 */
export async function sendStartSession(
  deps: PartnerChargeDeps,
  row: ChargeRequestRow,
): Promise<void> {
  const { db, config } = deps;
  const [partner] = await db.select().from(P).where(eq(P.id, row.partnerId));
  const token = await driverTokenOfUser(db, config, row.userId);
  if (!partner || !token?.valid || !row.resultKey) {
    await endRequest(deps, row.id, ['REQUESTED'], 'REJECTED', 'the partner or the token is gone');
    return;
  }
  const resultKey = row.resultKey;
  const answer = await sendCommand(deps.client, config, partner, 'START_SESSION', {
    response_url: responseUrl(config, 'START_SESSION', resultKey),
    token: driverToken(config, token),
    location_id: row.locationId,
    evse_uid: row.evseUid,
    ...(row.connectorId ? { connector_id: row.connectorId } : {}),
    authorization_reference: row.authorizationReference,
  });
  if (answer.ok && !answer.accepted)
    await endRequest(deps, row.id, ['REQUESTED'], 'REJECTED', answer.message ?? answer.result);
  else if (answer.ok)
    await db
      .update(R)
      .set({
        resultDueAt: sql`now() + make_interval(secs => ${answer.timeoutS})`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(R.id, row.id), eq(R.status, 'REQUESTED'), eq(R.resultKey, resultKey)));
  else {
    await db
      .update(R)
      .set({ message: answer.message, updatedAt: sql`now()` })
      .where(and(eq(R.id, row.id), eq(R.status, 'REQUESTED')));
    roamingChargeChanged(db, row.userId);
  }
}
