import type { FastifyRequest } from 'fastify';
import { ocpiStatus } from '@voltpark/contract/ocpi/envelope';
import type { Db } from '../../db/client.js';
import { OcpiError, unauthorized } from '../roaming/errors.js';
import { tokensFromHeader } from '../roaming/tokens.js';
import { VOLTPARTNER } from './party.js';
import { peerByToken, type PeerMatch, type PeerRow } from './peers.js';

/** The peer whose credentials token the request carries, if that kind of token may be used here. */
export async function authenticatePeer(
  db: Db,
  request: FastifyRequest,
  kinds: ReadonlyArray<PeerMatch['kind']>,
): Promise<PeerMatch> {
  const candidates = tokensFromHeader(request.headers.authorization);
  const match = candidates.length ? await peerByToken(db, candidates) : null;
  if (!match || !kinds.includes(match.kind)) throw unauthorized();
  return match;
}

/**
 * For the functional modules: a registered peer (its token B or C, never Token A). When the
 * peer sends OCPI-to headers, they must name the emulated CPO.
 */
export async function requirePeer(db: Db, request: FastifyRequest): Promise<PeerRow> {
  const { peer } = await authenticatePeer(db, request, ['B', 'C']);
  if (peer.status !== 'REGISTERED') throw unauthorized();
  const to = (name: string) => {
    const v = request.headers[name];
    return typeof v === 'string' && v.trim() ? v.trim().toUpperCase() : undefined;
  };
  const country = to('ocpi-to-country-code');
  const party = to('ocpi-to-party-id');
  if ((country && country !== VOLTPARTNER.countryCode) || (party && party !== VOLTPARTNER.partyId))
    throw new OcpiError(
      200,
      ocpiStatus.INVALID_PARAMETERS,
      `OCPI-to-country-code and OCPI-to-party-id must name ${VOLTPARTNER.countryCode}/${VOLTPARTNER.partyId}`,
    );
  return peer;
}
