import type { FastifyRequest } from 'fastify';
import { ocpiStatus } from '@voltpark/contract/ocpi/envelope';
import type { RoamingPartnerRole } from '../../db/schema/index.js';
import type { OcpiRequestContext } from './context.js';
import { OcpiError, unauthorized } from './errors.js';
import { partnerByToken, partnerRoles, type PartnerRow, type TokenMatch } from './partners.js';
import { tokensFromHeader } from './tokens.js';
import type { IssuedTokenKind } from '../../db/schema/index.js';

/** Modules that are not routed (transport_and_format, Message Routing): no OCPI-from/to. */
export const configurationModules = new Set(['versions', 'credentials', 'hubclientinfo']);

export function ocpiContext(request: FastifyRequest): OcpiRequestContext {
  if (!request.ocpi) throw new Error('not an OCPI route (register it through the roaming module)');
  return request.ocpi;
}

/**
 * The partner the request's credentials token belongs to, if that token may be used here:
 * `kinds` lists the tokens accepted (Token A only opens versions and credentials).
 */
export async function authenticate(
  request: FastifyRequest,
  kinds: ReadonlyArray<TokenMatch['kind']>,
): Promise<TokenMatch> {
  const ctx = ocpiContext(request);
  const candidates = tokensFromHeader(request.headers.authorization);
  ctx.secrets.push(...candidates);
  const match = candidates.length ? await partnerByToken(ctx.db, candidates) : null;
  if (!match || !kinds.includes(match.kind)) throw unauthorized();
  ctx.match = match;
  return match;
}

/**
 * For the functional modules: the registered partner calling (with its token B or C, never
 * Token A), optionally of one role. OCPI-from headers, when sent, must name a party of the
 * partner's credentials; OCPI-to headers must name us.
 */
export async function requirePartner(
  request: FastifyRequest,
  role?: RoamingPartnerRole,
): Promise<PartnerRow> {
  const registeredKinds: IssuedTokenKind[] = ['B', 'C'];
  const { partner } = await authenticate(request, registeredKinds);
  if (partner.status !== 'REGISTERED') throw unauthorized();
  if (role && partner.role !== role)
    throw new OcpiError(
      403,
      ocpiStatus.CLIENT_ERROR,
      `this module is for a partner in the ${role} role`,
    );
  const h = routingHeaders(request);
  if (h.fromCountryCode || h.fromPartyId) {
    const parties = [
      { country_code: partner.countryCode, party_id: partner.partyId },
      ...partnerRoles(partner),
    ];
    const speaksFor = parties.some(
      (p) =>
        p.country_code.toUpperCase() === (h.fromCountryCode ?? '').toUpperCase() &&
        p.party_id.toUpperCase() === (h.fromPartyId ?? '').toUpperCase(),
    );
    if (!speaksFor)
      throw new OcpiError(
        403,
        ocpiStatus.CLIENT_ERROR,
        'OCPI-from-country-code and OCPI-from-party-id do not name a party of these credentials',
      );
  }
  const us = ocpiContext(request).config.roaming;
  if (
    (h.toCountryCode && h.toCountryCode.toUpperCase() !== us.countryCode) ||
    (h.toPartyId && h.toPartyId.toUpperCase() !== us.partyId)
  )
    throw new OcpiError(
      200,
      ocpiStatus.INVALID_PARAMETERS,
      `OCPI-to-country-code and OCPI-to-party-id must name ${us.countryCode}/${us.partyId}`,
    );
  return partner;
}

export function routingHeaders(request: FastifyRequest) {
  const one = (name: string) => {
    const v = request.headers[name];
    return typeof v === 'string' && v.trim() ? v.trim() : undefined;
  };
  return {
    fromCountryCode: one('ocpi-from-country-code'),
    fromPartyId: one('ocpi-from-party-id'),
    toCountryCode: one('ocpi-to-country-code'),
    toPartyId: one('ocpi-to-party-id'),
  };
}
