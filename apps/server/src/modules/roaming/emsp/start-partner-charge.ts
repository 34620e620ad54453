import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  locations,
  roamingEmspChargeRequests as R,
  roamingPartnerLocations as L,
  roamingPartners as P,
} from '../../../db/schema/index.js';
import { activeChargeOf } from '../../charging/repository.js';
import { holdWallet } from '../../payments/holds.js';
import type { PaymentDeps } from '../../payments/payments.js';
import type { OcpiClientDeps } from '../client.js';
import { roamingHoldCause } from './bill-roaming-cdr.js';
import {
  endRequest,
  liveRequestOf,
  PartnerChargeError,
  type ChargeRequestRow,
} from './charge-requests-store.js';
import { driverToken, driverTokenOfUser } from './driver-tokens-store.js';
import { partnerLocationDetail } from './partner-locations-read.js';
import { responseUrl, sendCommand } from './send-command.js';

export type PartnerChargeDeps = PaymentDeps & { client: OcpiClientDeps };

export interface PartnerStartInput {
  /** Our mirrored site (`locations.id`). */
  locationId: number;
  evseUid: string;
  connectorId?: string;
  /** Ft held from the wallet for this charge. */
  amount: number;
}

/** Seconds we wait for a result when the partner's answer did not say (or never came). */
export const provisionalWaitS = (deps: PartnerChargeDeps) =>
  Math.ceil(deps.client.timeoutMs / 1000) + 60;

export const newResultKey = () => randomBytes(16).toString('hex');

/**
 * Our driver starts a charge at a CPO partner's EVSE (decision 0042): the site, EVSE and
 * connector checked in the partner's data, one live charge per driver (ours or roaming), the
 * driver's token, a new authorization_reference, a wallet hold of `amount` (cause
 * `roaming:<reference>`), a durable request row, then START_SESSION to the partner. A refusal
 * ends the request REJECTED and gives the hold back; no result in time is the request loop's.
 */
export async function startPartnerCharge(
  deps: PartnerChargeDeps,
  userId: number,
  input: PartnerStartInput,
): Promise<ChargeRequestRow> {
  const { db, config } = deps;
  const [site] = await db
    .select({ rplId: locations.roamingPartnerLocationId, partner: P })
    .from(locations)
    .innerJoin(L, eq(L.id, locations.roamingPartnerLocationId))
    .innerJoin(P, eq(P.id, L.partnerId))
    .where(eq(locations.id, input.locationId));
  if (!site?.rplId || site.partner.status !== 'REGISTERED' || site.partner.role !== 'CPO')
    throw new PartnerChargeError('NOT_A_PARTNER_SITE');
  const detail = await partnerLocationDetail(db, site.rplId);
  if (!detail) throw new PartnerChargeError('NOT_A_PARTNER_SITE');
  const evse = detail.evses.find((e) => e.uid.toUpperCase() === input.evseUid.toUpperCase());
  const connector =
    input.connectorId === undefined
      ? evse?.connectors[0]
      : evse?.connectors.find((c) => c.id.toUpperCase() === input.connectorId!.toUpperCase());
  if (!evse || !connector || evse.status !== 'AVAILABLE')
    throw new PartnerChargeError('EVSE_NOT_AVAILABLE');

  if ((await activeChargeOf(db, userId)) || (await liveRequestOf(db, userId)))
    throw new PartnerChargeError('ALREADY_CHARGING');
  const token = await driverTokenOfUser(db, config, userId);
  if (!token?.valid) throw new PartnerChargeError('NO_TOKEN');

  const reference = `VPA${randomBytes(12).toString('hex').toUpperCase()}`;
  const resultKey = newResultKey();
  // The live-request unique index: a double tap or a race inserts one row, before any money.
  const [row] = await db
    .insert(R)
    .values({
      userId,
      partnerId: site.partner.id,
      siteId: input.locationId,
      countryCode: detail.countryCode,
      partyId: detail.partyId,
      locationId: detail.locationId,
      evseUid: evse.uid,
      connectorId: connector.id,
      authorizationReference: reference,
      amount: input.amount,
      status: 'REQUESTED',
      pendingCommand: 'START_SESSION',
      resultKey,
      resultDueAt: sql`now() + make_interval(secs => ${provisionalWaitS(deps)})`,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new PartnerChargeError('ALREADY_CHARGING');

  try {
    await holdWallet(deps, { userId, amount: input.amount, cause: roamingHoldCause(reference) });
  } catch (err) {
    await endRequest(deps, row.id, ['REQUESTED'], 'REJECTED', 'the wallet hold failed');
    throw err;
  }

  const answer = await sendCommand(deps.client, config, site.partner, 'START_SESSION', {
    response_url: responseUrl(config, 'START_SESSION', resultKey),
    token: driverToken(config, token),
    location_id: detail.locationId,
    evse_uid: evse.uid,
    connector_id: connector.id,
    authorization_reference: reference,
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
  else
    await db
      .update(R)
      .set({ message: answer.message, updatedAt: sql`now()` })
      .where(and(eq(R.id, row.id), eq(R.status, 'REQUESTED')));
  const [now] = await db.select().from(R).where(eq(R.id, row.id));
  return now!;
}
