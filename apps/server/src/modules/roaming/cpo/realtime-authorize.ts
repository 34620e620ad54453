import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import { ocpiStatusClass } from '@voltpark/contract/ocpi/envelope';
import {
  authorizationInfo,
  type AllowedType,
  type LocationReferences,
} from '@voltpark/contract/ocpi/tokens';
import type { CdrToken } from '@voltpark/contract/ocpi/cdrs';
import type { Db } from '../../../db/client.js';
import {
  chargePoints,
  chargers,
  roamingAuthorizations,
  roamingPartners,
  roamingTokens,
} from '../../../db/schema/index.js';
import type { IdTagInfo } from '../../ocpp/central.js';
import { ocpiCall, type OcpiClientDeps } from '../client.js';
import { evseUid, locationId, type OcpiParty } from '../model/ids.js';
import { partnerEndpoints, type PartnerRow } from '../partners.js';

/** OCPP 1.6 idTag is CiString20: longer uids can never be presented by a charger. */
const ID_TAG_MAX = 20;

/**
 * An accepted real-time authorization stands for this long for the same tag at the same charge
 * point: the charger asks at Authorize and again at StartTransaction (the driver plugs in
 * meanwhile), and the eMSP is asked once.
 */
export const AUTHORIZATION_REUSE_MS = 10 * 60_000;

export interface RealtimeAuthorizeDeps {
  db: Db;
  party: OcpiParty;
  /** timeoutMs: the short wait for the eMSP's answer (ROAMING_AUTHORIZE_TIMEOUT_MS). */
  client: OcpiClientDeps;
}

type TokenRow = typeof roamingTokens.$inferSelect;

const byAllowed: Record<AllowedType, IdTagInfo['status']> = {
  ALLOWED: 'Accepted',
  BLOCKED: 'Blocked',
  EXPIRED: 'Expired',
  NO_CREDIT: 'Invalid',
  NOT_ALLOWED: 'Invalid',
};

/** The charge point's location and EVSEs, for the eMSP's LocationReferences. */
async function locationReferencesOf(
  deps: RealtimeAuthorizeDeps,
  chargePointId: string,
): Promise<LocationReferences | undefined> {
  const rows = await deps.db
    .select({ id: chargers.id, locationId: chargePoints.locationId })
    .from(chargers)
    .innerJoin(chargePoints, eq(chargePoints.id, chargers.chargePointId))
    .where(eq(chargers.chargePointId, chargePointId))
    .orderBy(asc(chargers.id));
  if (!rows[0]) return undefined;
  return {
    location_id: locationId(rows[0].locationId),
    evse_uids: rows.map((r) => evseUid(deps.party, r.id)),
  };
}

type EmspAnswer =
  | { answered: true; allowed: AllowedType | null; reference?: string; error?: string }
  | { answered: false; error: string };

/**
 * POST {their tokens SENDER}/{uid}/authorize?type=RFID with the location: the eMSP's answer, or
 * that it gave none (no endpoint, unreachable, timed out, a server error or a malformed answer).
 * A client error (e.g. 2004 Unknown Token) is an answer: not allowed.
 */
async function askEmsp(
  deps: RealtimeAuthorizeDeps,
  partner: PartnerRow,
  token: TokenRow,
  chargePointId: string,
): Promise<EmspAnswer> {
  const endpoint = partnerEndpoints(partner).find(
    (e) => e.identifier === 'tokens' && e.role === 'SENDER',
  );
  if (!endpoint || !partner.theirToken)
    return { answered: false, error: 'the eMSP has no tokens SENDER endpoint' };
  const location = await locationReferencesOf(deps, chargePointId);
  const url = `${endpoint.url.replace(/\/+$/, '')}/${encodeURIComponent(token.uid)}/authorize?type=${token.type}`;
  try {
    const a = await ocpiCall(deps.client, {
      partnerId: partner.id,
      method: 'POST',
      url,
      token: partner.theirToken,
      module: 'tokens',
      ...(location ? { body: location } : {}),
      routing: {
        from: deps.party,
        to: { countryCode: token.countryCode, partyId: token.partyId },
      },
    });
    const kind = ocpiStatusClass(a.envelope.status_code);
    if (a.httpStatus >= 500 || (kind !== 'success' && kind !== 'client'))
      return { answered: false, error: `HTTP ${a.httpStatus}, OCPI ${a.envelope.status_code}` };
    if (kind === 'client')
      return {
        answered: true,
        allowed: null,
        error: `refused: HTTP ${a.httpStatus}, OCPI ${a.envelope.status_code}`,
      };
    const info = authorizationInfo.safeParse(a.envelope.data);
    if (!info.success) return { answered: false, error: 'not an AuthorizationInfo' };
    return {
      answered: true,
      allowed: info.data.allowed,
      ...(info.data.authorization_reference
        ? { reference: info.data.authorization_reference }
        : {}),
    };
  } catch (err) {
    return { answered: false, error: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Real-time authorization of a partner's token (whitelist ALLOWED_OFFLINE or NEVER) at a charge
 * point, as mod_tokens asks: an accepted answer for this token here within
 * {@link AUTHORIZATION_REUSE_MS} stands; else the eMSP is asked. ALLOWED → Accepted, BLOCKED →
 * Blocked, EXPIRED → Expired, NO_CREDIT/NOT_ALLOWED or a refusal → Invalid. Without an answer,
 * ALLOWED_OFFLINE is Accepted from our copy (WHITELIST) and NEVER is Invalid. Each decision
 * asked of the eMSP (or made without it) is recorded for the Session that may follow.
 */
async function authorizeInRealTime(
  deps: RealtimeAuthorizeDeps,
  token: TokenRow,
  partner: PartnerRow,
  chargePointId: string,
): Promise<IdTagInfo> {
  const [recent] = await deps.db
    .select({ id: roamingAuthorizations.id })
    .from(roamingAuthorizations)
    .where(
      and(
        eq(roamingAuthorizations.tokenId, token.id),
        eq(roamingAuthorizations.chargePointId, chargePointId),
        eq(roamingAuthorizations.status, 'Accepted'),
        gt(roamingAuthorizations.createdAt, new Date(Date.now() - AUTHORIZATION_REUSE_MS)),
      ),
    )
    .limit(1);
  if (recent) return { status: 'Accepted' };

  const answer = await askEmsp(deps, partner, token, chargePointId);
  let status: IdTagInfo['status'];
  if (answer.answered) status = answer.allowed ? byAllowed[answer.allowed] : 'Invalid';
  else status = token.whitelist === 'ALLOWED_OFFLINE' ? 'Accepted' : 'Invalid';
  await deps.db.insert(roamingAuthorizations).values({
    partnerId: partner.id,
    tokenId: token.id,
    chargePointId,
    idTagKey: token.uidKey,
    status,
    allowed: answer.answered ? answer.allowed : null,
    method: answer.answered ? 'AUTH_REQUEST' : 'WHITELIST',
    authorizationReference: answer.answered ? (answer.reference ?? null) : null,
    error: answer.error?.slice(0, 500) ?? null,
  });
  return { status };
}

/**
 * OCPP Authorize for a partner's driver: an RFID token a registered eMSP partner sent us, found
 * by its uid whatever its case. Valid and whitelisted ALWAYS or ALLOWED: Accepted from our copy.
 * Valid ALLOWED_OFFLINE or NEVER: real-time authorization at the eMSP. Not valid: Blocked. Null
 * when no partner token matches (the tag is unknown to roaming: refused by the central system,
 * since we cannot know which eMSP to ask).
 */
export async function partnerTokenIdTagInfo(
  deps: RealtimeAuthorizeDeps,
  idTag: string,
  chargePointId: string,
): Promise<IdTagInfo | null> {
  if (idTag.length > ID_TAG_MAX) return null;
  const rows = await deps.db
    .select({ token: roamingTokens, partner: roamingPartners })
    .from(roamingTokens)
    .innerJoin(roamingPartners, eq(roamingPartners.id, roamingTokens.partnerId))
    .where(
      and(
        eq(roamingTokens.uidKey, idTag.toUpperCase()),
        eq(roamingTokens.type, 'RFID'),
        eq(roamingPartners.status, 'REGISTERED'),
        eq(roamingPartners.role, 'EMSP'),
      ),
    )
    .orderBy(asc(roamingTokens.id));
  if (!rows.length) return null;
  const valid = rows.filter((r) => r.token.valid);
  if (valid.some((r) => r.token.whitelist === 'ALWAYS' || r.token.whitelist === 'ALLOWED'))
    return { status: 'Accepted' };
  const first = valid[0];
  if (!first) return { status: 'Blocked' };
  return authorizeInRealTime(deps, first.token, first.partner, chargePointId);
}

/**
 * The partner token behind a transaction whose tag was accepted by real-time authorization (or
 * its ALLOWED_OFFLINE fallback) at this charge point: for the Session, with AUTH_REQUEST and the
 * eMSP's authorization_reference, or WHITELIST. Null when there is none.
 */
export async function realtimeAuthorizationOf(
  db: Db,
  idTag: string,
  chargePointId: string,
  at: Date,
): Promise<{
  partnerId: number;
  cdrToken: CdrToken;
  authMethod: 'AUTH_REQUEST' | 'WHITELIST';
  authorizationReference?: string;
} | null> {
  const [row] = await db
    .select({ a: roamingAuthorizations, t: roamingTokens })
    .from(roamingAuthorizations)
    .innerJoin(roamingTokens, eq(roamingTokens.id, roamingAuthorizations.tokenId))
    .innerJoin(roamingPartners, eq(roamingPartners.id, roamingAuthorizations.partnerId))
    .where(
      and(
        eq(roamingAuthorizations.idTagKey, idTag.toUpperCase()),
        eq(roamingAuthorizations.chargePointId, chargePointId),
        eq(roamingAuthorizations.status, 'Accepted'),
        inArray(roamingPartners.status, ['REGISTERED']),
        gt(
          roamingAuthorizations.createdAt,
          new Date(Math.min(at.getTime(), Date.now()) - AUTHORIZATION_REUSE_MS),
        ),
      ),
    )
    .orderBy(desc(roamingAuthorizations.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    partnerId: row.a.partnerId,
    cdrToken: {
      country_code: row.t.countryCode,
      party_id: row.t.partyId,
      uid: row.t.uid,
      type: 'RFID',
      contract_id: row.t.contractId,
    },
    authMethod: row.a.method,
    ...(row.a.authorizationReference
      ? { authorizationReference: row.a.authorizationReference }
      : {}),
  };
}
