import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ocpiCredentialsSchema } from '@voltpark/contract/ocpi/credentials';
import { sandboxEmspPlatform } from '../../db/schema/index.js';
import { addPartner, findPartner } from '../roaming/partners.js';
import { hashToken, newCredentialsToken } from '../roaming/tokens.js';
import { PeerCallError, peerCall, successData } from '../roaming-sandbox/client.js';
import { readPlatformEndpoints } from '../roaming-sandbox/platform-version.js';
import type { EmspEmulatorContext } from './context.js';
import { VOLTDRIVE, voltDriveRoles } from './party.js';
import { PLATFORM } from './platform-row.js';
import { pullPlatformNetwork } from './pull-network.js';
import { sendDriverTokens } from './token-pushes.js';

export type RegistrationOutcome = 'registered' | 'already';

/**
 * The start-up registration of the emulated eMSP with the platform it runs in, as the two
 * parties would do it: the platform's operator adds the partner (role EMSP) and hands out its
 * Token A; the emulated eMSP reads the platform's versions over HTTP with it and POSTs its
 * credentials (a new token B); the platform reads the emulator's versions back with token B and
 * answers with the token the emulator calls it with. Then the emulator sends its drivers'
 * tokens to the platform's Tokens Receiver and reads the platform's Locations and Tariffs
 * once. Only when the platform has no such partner yet (or a PENDING one left by a start that
 * did not finish).
 */
export async function registerWithPlatform(
  ctx: EmspEmulatorContext,
  platformVersionsUrl: string,
): Promise<RegistrationOutcome> {
  const ours = await findPartner(ctx.db, VOLTDRIVE.countryCode, VOLTDRIVE.partyId);
  if (ours && ours.status !== 'PENDING') return 'already';
  const { tokenA } = await addPartner(ctx.db, {
    countryCode: VOLTDRIVE.countryCode,
    partyId: VOLTDRIVE.partyId,
    role: 'EMSP',
    name: VOLTDRIVE.name,
  });
  // The emulated eMSP from here on: only HTTP to the platform.
  const correlationId = randomUUID();
  const timeoutMs = ctx.config.roaming.timeoutMs;
  const platform = await readPlatformEndpoints(platformVersionsUrl, tokenA, {
    timeoutMs,
    correlationId,
  });
  const tokenB = newCredentialsToken();
  const pending = {
    status: 'PENDING' as const,
    issuedTokenHash: hashToken(tokenB),
    theirToken: null,
    endpoints: null,
    lastError: null,
    updatedAt: new Date(),
  };
  await ctx.db
    .insert(sandboxEmspPlatform)
    .values({ label: PLATFORM, ...pending })
    .onConflictDoUpdate({ target: sandboxEmspPlatform.label, set: pending });
  const answer = await peerCall(
    {
      method: 'POST',
      url: platform.credentialsUrl,
      token: tokenA,
      correlationId,
      body: { token: tokenB, url: `${ctx.baseUrl()}/versions`, roles: voltDriveRoles() },
    },
    timeoutMs,
  );
  const creds = ocpiCredentialsSchema.safeParse(successData(answer, 'the credentials POST'));
  if (!creds.success) throw new PeerCallError('the platform answered with no credentials object');
  const [row] = await ctx.db
    .update(sandboxEmspPlatform)
    .set({
      status: 'REGISTERED',
      theirToken: creds.data.token,
      endpoints: platform.endpoints,
      updatedAt: new Date(),
    })
    .where(eq(sandboxEmspPlatform.label, PLATFORM))
    .returning();
  await sendDriverTokens(ctx, row!);
  await pullPlatformNetwork(ctx, row!);
  return 'registered';
}
