import { randomUUID } from 'node:crypto';
import {
  ocpiCredentialsSchema,
  type OcpiCredentials,
  type OcpiCredentialsRole,
} from '@voltpark/contract/ocpi/credentials';
import type { OcpiEndpoint } from '@voltpark/contract/ocpi/versions';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { RoamingPartnerRole } from '../../db/schema/index.js';
import { addPartner } from '../roaming/partners.js';
import { newCredentialsToken } from '../roaming/tokens.js';
import { PeerCallError, peerCall, successData } from '../roaming-sandbox/client.js';
import { readPlatformEndpoints } from '../roaming-sandbox/platform-version.js';

export interface HandshakeInput {
  db: Db;
  config: Config;
  /** The emulated party as the platform's operator adds it. */
  party: { countryCode: string; partyId: string; name: string };
  role: RoamingPartnerRole;
  /** The roles of the credentials it POSTs. */
  roles: OcpiCredentialsRole[];
  /** Its own versions list (the platform reads it back with token B). */
  versionsUrl: string;
  platformVersionsUrl: string;
  /** Keeps token B where the emulator's versions accept it, before the platform reads them. */
  keepTokenB(tokenB: string): Promise<void>;
}

export interface HandshakeResult {
  tokenB: string;
  /** The platform's 2.2.1 endpoints as read with Token A. */
  endpoints: OcpiEndpoint[];
  /** The platform's answer: the token to call it with, its versions URL and roles. */
  credentials: OcpiCredentials;
}

/**
 * The credentials handshake of an emulated party with the platform it runs in, as the two
 * parties would do it: the platform's operator adds the partner and hands out its Token A (the
 * CLI's addPartner; a PENDING one from before is renewed); the emulator, only over HTTP from
 * then on, reads the platform's versions with it and POSTs its credentials (a new token B); the
 * platform reads the emulator's versions back with token B and answers with the token the
 * emulator calls it with.
 */
export async function handshakeWithPlatform(input: HandshakeInput): Promise<HandshakeResult> {
  const { tokenA } = await addPartner(input.db, {
    countryCode: input.party.countryCode,
    partyId: input.party.partyId,
    name: input.party.name,
    role: input.role,
  });
  const correlationId = randomUUID();
  const timeoutMs = input.config.roaming.timeoutMs;
  const platform = await readPlatformEndpoints(input.platformVersionsUrl, tokenA, {
    timeoutMs,
    correlationId,
  });
  const tokenB = newCredentialsToken();
  await input.keepTokenB(tokenB);
  const answer = await peerCall(
    {
      method: 'POST',
      url: platform.credentialsUrl,
      token: tokenA,
      correlationId,
      body: { token: tokenB, url: input.versionsUrl, roles: input.roles },
    },
    timeoutMs,
  );
  const creds = ocpiCredentialsSchema.safeParse(successData(answer, 'the credentials POST'));
  if (!creds.success) throw new PeerCallError('the platform answered with no credentials object');
  return { tokenB, endpoints: platform.endpoints, credentials: creds.data };
}
