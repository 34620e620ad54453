import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sandboxEmspPlatform } from '../../db/schema/index.js';
import { readPlatformEndpoints } from '../roaming-sandbox/platform-version.js';
import type { EmspEmulatorContext } from './context.js';
import { PLATFORM, type PlatformRow } from './platform-row.js';
import { pullPlatformNetwork } from './pull-network.js';

/**
 * After a restart (registered before): the emulated eMSP reads the platform's endpoints again
 * with the token it holds (the platform may announce more now) and pulls its Locations and
 * Tariffs again, so it holds the network as it is now, not as the last push before the restart
 * left it. Returns how many objects it stored.
 */
export async function resyncWithPlatform(
  ctx: EmspEmulatorContext,
  platform: PlatformRow & { theirToken: string },
  platformVersionsUrl: string,
): Promise<number> {
  const { endpoints } = await readPlatformEndpoints(platformVersionsUrl, platform.theirToken, {
    timeoutMs: ctx.config.roaming.timeoutMs,
    correlationId: randomUUID(),
  });
  const [row] = await ctx.db
    .update(sandboxEmspPlatform)
    .set({ endpoints, lastError: null, updatedAt: new Date() })
    .where(eq(sandboxEmspPlatform.label, PLATFORM))
    .returning();
  return pullPlatformNetwork(ctx, row!);
}
