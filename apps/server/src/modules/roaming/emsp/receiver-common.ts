import type { FastifyRequest } from 'fastify';
import { ocpiStatus } from '@voltpark/contract/ocpi/envelope';
import { requirePartner } from '../auth.js';
import { ocpiDone } from '../envelope.js';
import { invalidParameters, OcpiError, unauthorized } from '../errors.js';
import type { PartnerRow } from '../partners.js';
import type { PushResult } from './location-store.js';
import { isPartnerCpoParty } from './partner-parties.js';

/** The party of a Receiver URL (client-owned objects: the owner's country code and party id). */
export interface OwnerParams {
  country_code: string;
  party_id: string;
}

/**
 * The registered CPO partner calling, and the party of the URL checked to be one it speaks
 * for: a partner never reads or writes another party's Locations or Tariffs (403 / 2000).
 */
export async function partnerForOwner(
  request: FastifyRequest,
): Promise<{ partner: PartnerRow; countryCode: string; partyId: string }> {
  const partner = await requirePartner(request, 'CPO');
  const p = request.params as OwnerParams;
  if (!/^[A-Za-z]{2}$/.test(p.country_code) || !/^[A-Za-z0-9]{3}$/.test(p.party_id))
    throw invalidParameters('country_code must be 2 letters and party_id 3 letters or digits');
  if (!isPartnerCpoParty(partner, p.country_code, p.party_id))
    throw new OcpiError(
      403,
      ocpiStatus.CLIENT_ERROR,
      'these credentials may only send objects of their own country_code and party_id',
    );
  return { partner, countryCode: p.country_code, partyId: p.party_id };
}

/** An id of a URL segment (CiString(36)). */
export function idParam(value: string | undefined, name: string): string {
  if (!value || value.length > 36 || !/^[\x20-\x7e]+$/.test(value))
    throw invalidParameters(`${name} must be 1 to 36 printable ASCII characters`);
  return value;
}

export function problems(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.map(String).join('.') || 'body'}: ${i.message}`)
    .join('; ');
}

/** An id in a body must be the URL's (CiString: compared without case). */
export function sameId(body: string | undefined, url: string, name: string) {
  if (body !== undefined && body.toUpperCase() !== url.toUpperCase())
    throw invalidParameters(`${name} must be that of the URL`);
}

export const unknownLocation = (what: string) =>
  new OcpiError(404, ocpiStatus.UNKNOWN_LOCATION, `Unknown location: ${what.slice(0, 120)}`);

/** The answer to a push: done (also when it was older than what we hold), or why not. */
export function pushAnswer(r: PushResult, what: string) {
  if (r.ok) return ocpiDone(r.stale ? 'Older than the object held; kept ours' : 'Success');
  if (r.reason === 'invalid') throw invalidParameters(r.message);
  if (r.reason === 'unknown') throw unknownLocation(what);
  throw unauthorized('These credentials are no longer registered');
}
