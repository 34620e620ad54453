import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { sandboxOcpiPeers } from '../../db/schema/index.js';
import type { EmulatorContext } from './context.js';
import { readPlatformEndpoints } from './platform-version.js';

/**
 * Reads the platform's 2.2.1 endpoints again (with the token it gave the emulator, at the
 * address the start-up registration reads them: this server over loopback) and keeps
 * them: a restarted platform may announce modules it did not have when the emulator registered
 * (a Sessions or CDRs Receiver). Nothing changes if the platform cannot be read, or if its
 * credentials changed meanwhile. Returns whether the endpoints were stored.
 */
export async function refreshPlatformEndpoints(
  ctx: EmulatorContext,
  platformVersionsUrl: string,
): Promise<boolean> {
  const [peer] = await ctx.db
    .select()
    .from(sandboxOcpiPeers)
    .where(and(eq(sandboxOcpiPeers.label, 'platform'), eq(sandboxOcpiPeers.status, 'REGISTERED')));
  if (!peer?.theirToken) return false;
  const { endpoints } = await readPlatformEndpoints(platformVersionsUrl, peer.theirToken, {
    timeoutMs: ctx.config.roaming.timeoutMs,
    correlationId: randomUUID(),
  });
  const done = await ctx.db
    .update(sandboxOcpiPeers)
    .set({ endpoints, updatedAt: new Date() })
    .where(and(eq(sandboxOcpiPeers.id, peer.id), eq(sandboxOcpiPeers.theirToken, peer.theirToken)))
    .returning({ id: sandboxOcpiPeers.id });
  return done.length === 1;
}
