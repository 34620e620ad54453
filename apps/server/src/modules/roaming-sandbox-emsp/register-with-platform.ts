import { eq } from 'drizzle-orm';
import { sandboxEmspPlatform } from '../../db/schema/index.js';
import { findPartner } from '../roaming/partners.js';
import { removePartner } from '../roaming/register.js';
import { hashToken } from '../roaming/tokens.js';
import { handshakeWithPlatform } from '../sandbox-ocpi-party/handshake.js';
import type { EmspEmulatorContext } from './context.js';
import { VOLTDRIVE, voltDriveRoles } from './party.js';
import { PLATFORM, platformRow } from './platform-row.js';
import { pullPlatformNetwork } from './pull-network.js';
import { resyncWithPlatform } from './resync.js';
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
 * did not finish), or when the emulator lost the credentials of a registration our side still
 * holds. Registered on both sides (a restart): it reads our endpoints and network again.
 */
export async function registerWithPlatform(
  ctx: EmspEmulatorContext,
  platformVersionsUrl: string,
): Promise<RegistrationOutcome> {
  const ours = await findPartner(ctx.db, VOLTDRIVE.countryCode, VOLTDRIVE.partyId);
  if (ours && ours.status !== 'PENDING') {
    // Removed by our operator: left so.
    if (ours.status !== 'REGISTERED') return 'already';
    const mine = await platformRow(ctx.db);
    if (mine?.status === 'REGISTERED' && mine.theirToken) {
      await resyncWithPlatform(ctx, { ...mine, theirToken: mine.theirToken }, platformVersionsUrl);
      return 'already';
    }
    // The emulator's credentials are gone (its table emptied, or it died before it kept our
    // answer): our operator removes the partner (`roaming remove --force`) and it starts over.
    await removePartner({ db: ctx.db, config: ctx.config }, VOLTDRIVE, { force: true });
  }
  const { endpoints, credentials } = await handshakeWithPlatform({
    db: ctx.db,
    config: ctx.config,
    party: VOLTDRIVE,
    role: 'EMSP',
    roles: voltDriveRoles(),
    versionsUrl: `${ctx.baseUrl()}/versions`,
    platformVersionsUrl,
    keepTokenB: async (tokenB) => {
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
    },
  });
  const [row] = await ctx.db
    .update(sandboxEmspPlatform)
    .set({
      status: 'REGISTERED',
      theirToken: credentials.token,
      endpoints,
      updatedAt: new Date(),
    })
    .where(eq(sandboxEmspPlatform.label, PLATFORM))
    .returning();
  await sendDriverTokens(ctx, row!);
  await pullPlatformNetwork(ctx, row!);
  return 'registered';
}
