import { randomBytes } from 'node:crypto';
import type { Lang } from '@voltpark/contract';
import { and, eq, sql } from 'drizzle-orm';
import {
  locations,
  roamingEmspChargeRequests as R,
  roamingPartnerLocations as L,
  roamingPartners as P,
} from '../../../db/schema/index.js';
import { activeChargeOf } from '../../charging/repository.js';
import { startSavedCardHold, type SavedCardHoldInput } from '../../charging/saved-card.js';
import { holdWallet, startCardHold } from '../../payments/holds.js';
import { roamingHoldCause } from './bill-roaming-cdr.js';
import {
  endRequest,
  liveRequestOf,
  PartnerChargeError,
  type ChargeRequestRow,
} from './charge-requests-store.js';
import { driverTokenOfUser } from './driver-tokens-store.js';
import { partnerLocationDetail } from './partner-locations-read.js';
import {
  continueAfterCardHold,
  PAYING_WINDOW_S,
  paymentEndMessages,
  ROAMING_PURPOSE,
} from './roaming-card-hold.js';
import { roamingChargeChanged } from './roaming-charge-events.js';
import { sendStartSession, type PartnerChargeDeps } from './send-start-session.js';

export type { PartnerChargeDeps };

/** How the driver holds the amount (decision 0050): the wallet, a saved card or a one-off card. */
export type PartnerChargePayment =
  | { method: 'WALLET' }
  | { method: 'SIMPLEPAY' }
  | ({ method: 'CARD' } & Pick<SavedCardHoldInput, 'cardId' | 'cardSecret' | 'browser'>);

/** Who pays, for SimplePay (the receipt e-mail, the pay page's language, the browser's data). */
export interface Payer {
  email: string;
  lang: Lang;
  /** The driver's request (a saved card's `do` carries its browser headers and address). */
  req: SavedCardHoldInput['req'];
}

export interface PartnerStartInput {
  /** Our mirrored site (`locations.id`). */
  locationId: number;
  evseUid: string;
  connectorId?: string;
  /** Ft held for this charge. */
  amount: number;
  /** Default: the wallet. */
  payment?: PartnerChargePayment;
  /** Needed for the card methods. */
  payer?: Payer;
}

/** Seconds we wait for a result when the partner's answer did not say (or never came). */
export const provisionalWaitS = (deps: PartnerChargeDeps) =>
  Math.ceil(deps.client.timeoutMs / 1000) + 60;

export const newResultKey = () => randomBytes(16).toString('hex');

/** Where SimplePay sends the browser back: the live screen of the roaming charge. */
export const ROAMING_RETURN_PATH = '/roaming-charge';

/**
 * Our driver starts a charge at a CPO partner's EVSE (decision 0042): the site, EVSE and
 * connector checked in the partner's data, one live charge per driver (ours or roaming), the
 * driver's token, a new authorization_reference, a durable request row, a hold of `amount`
 * (cause `roaming:<reference>`), then START_SESSION to the partner. The wallet holds at once
 * and the command goes out now; a card hold (decision 0050) leaves the request PAYING until
 * SimplePay authorizes it (`continueAfterCardHold`, from the IPN or the loop). A refusal ends
 * the request REJECTED and gives the hold back; no result in time is the request loop's.
 */
export async function startPartnerCharge(
  deps: PartnerChargeDeps,
  userId: number,
  input: PartnerStartInput,
): Promise<ChargeRequestRow> {
  const { db, config } = deps;
  const payment = input.payment ?? { method: 'WALLET' };
  if (payment.method !== 'WALLET' && !input.payer) throw new Error('a card hold needs the payer');
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
  const byCard = payment.method !== 'WALLET';
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
      paymentMethod: payment.method,
      status: byCard ? 'PAYING' : 'REQUESTED',
      pendingCommand: byCard ? null : 'START_SESSION',
      resultKey: newResultKey(),
      resultDueAt: sql`now() + make_interval(secs => ${byCard ? PAYING_WINDOW_S : provisionalWaitS(deps)})`,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new PartnerChargeError('ALREADY_CHARGING');
  const cause = roamingHoldCause(reference);

  if (payment.method === 'WALLET') {
    try {
      await holdWallet(deps, { userId, amount: input.amount, cause });
    } catch (err) {
      await endRequest(deps, row.id, ['REQUESTED'], 'REJECTED', 'the wallet hold failed');
      throw err;
    }
    await sendStartSession(deps, row);
    return reread(deps, row.id);
  }

  const payer = input.payer!;
  let paymentUrl: string | null;
  try {
    paymentUrl =
      payment.method === 'SIMPLEPAY'
        ? (
            await startCardHold(deps, {
              userId,
              amount: input.amount,
              cause,
              purpose: ROAMING_PURPOSE,
              causeId: row.id,
              email: payer.email,
              lang: payer.lang,
              returnPath: ROAMING_RETURN_PATH,
            })
          ).paymentUrl
        : (
            await startSavedCardHold(deps, {
              userId,
              cardId: payment.cardId,
              cardSecret: payment.cardSecret,
              browser: payment.browser,
              amount: input.amount,
              cause,
              causeId: row.id,
              purpose: ROAMING_PURPOSE,
              email: payer.email,
              req: payer.req,
              returnUrl: `${config.publicUrl}${ROAMING_RETURN_PATH}`,
            })
          ).redirectUrl;
  } catch (err) {
    await endRequest(deps, row.id, ['PAYING'], 'REJECTED', paymentEndMessages.NOT_STARTED);
    throw err;
  }
  if (paymentUrl)
    await db
      .update(R)
      .set({ paymentUrl, updatedAt: sql`now()` })
      .where(and(eq(R.id, row.id), eq(R.status, 'PAYING')));
  // A saved card without a challenge may be authorized already (its IPN can beat this answer).
  await continueAfterCardHold(deps, row.id);
  return reread(deps, row.id);
}

async function reread(deps: PartnerChargeDeps, id: number): Promise<ChargeRequestRow> {
  const row = (await deps.db.select().from(R).where(eq(R.id, id)))[0]!;
  roamingChargeChanged(deps.db, row.userId);
  return row;
}
