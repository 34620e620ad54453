import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { unauthorized } from '../roaming/errors.js';
import { tokensFromHeader } from '../roaming/tokens.js';
import { platformByToken, type PlatformRow } from './platform-row.js';

/**
 * The platform, when the request carries the token the emulator gave it. `registered`: only
 * once the registration finished (the functional modules); the versions are readable during it.
 */
export async function requirePlatform(
  db: Db,
  request: FastifyRequest,
  registered: boolean,
): Promise<PlatformRow> {
  const candidates = tokensFromHeader(request.headers.authorization);
  const row = candidates.length ? await platformByToken(db, candidates) : null;
  if (!row || (registered && row.status !== 'REGISTERED')) throw unauthorized();
  return row;
}
