import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { sandboxOcpiPeers } from '../../db/schema/index.js';
import { findPartner } from '../roaming/partners.js';
import { hashToken } from '../roaming/tokens.js';
import { handshakeWithPlatform } from '../sandbox-ocpi-party/handshake.js';
import type { EmulatorContext } from './context.js';
import { VOLTPARTNER, voltPartnerRoles } from './party.js';

/** How long one replica may be at the registration before another may take it over. */
export const REGISTRATION_LEASE_MS = 2 * 60_000;
const PLATFORM = 'platform';

export type RegistrationOutcome =
  /** The emulator registered with the platform just now. */
  | 'registered'
  /** The platform has the partner already (registered, or removed by its operator). */
  | 'already'
  /** Another replica is registering it right now. */
  | 'busy';

/**
 * The start-up registration of the emulated CPO with the platform it runs in, done as the two
 * parties would: the platform's operator adds the partner and hands out its Token A (the CLI's
 * addPartner), and the emulated CPO, with that Token A, reads the platform's versions over HTTP
 * and POSTs its credentials to the platform's credentials endpoint; the platform reads the
 * emulator's versions back and answers with the token the emulator calls it with.
 *
 * Only when the platform has no such partner yet (or a PENDING one left by a start that did not
 * finish). One replica at a time: the emulator's `platform` peer row is claimed with a lease.
 */
export async function registerWithPlatform(
  ctx: EmulatorContext,
  platformVersionsUrl: string,
): Promise<RegistrationOutcome> {
  const ours = await findPartner(ctx.db, VOLTPARTNER.countryCode, VOLTPARTNER.partyId);
  if (ours && ours.status !== 'PENDING') return 'already';
  const claim = await claimRegistration(ctx);
  if (!claim) return 'busy';
  try {
    // Another replica may have finished between the look above and the claim.
    const now = await findPartner(ctx.db, VOLTPARTNER.countryCode, VOLTPARTNER.partyId);
    if (now && now.status !== 'PENDING') {
      await release(ctx, claim.id, null);
      return 'already';
    }
    // The platform's operator (Token A), then the emulated CPO, only over HTTP to the platform.
    const { tokenB, endpoints, credentials } = await handshakeWithPlatform({
      db: ctx.db,
      config: ctx.config,
      party: VOLTPARTNER,
      role: 'CPO',
      roles: voltPartnerRoles(),
      versionsUrl: `${ctx.baseUrl()}/versions`,
      platformVersionsUrl,
      keepTokenB: async (token) => {
        await ctx.db
          .update(sandboxOcpiPeers)
          .set({ handshakeTokenHash: hashToken(token) })
          .where(eq(sandboxOcpiPeers.id, claim.id));
      },
    });
    const first = credentials.roles[0]!;
    await ctx.db
      .update(sandboxOcpiPeers)
      .set({
        status: 'REGISTERED',
        countryCode: first.country_code.toUpperCase(),
        partyId: first.party_id.toUpperCase(),
        issuedTokenHash: hashToken(tokenB),
        issuedTokenKind: 'B',
        handshakeTokenHash: null,
        theirToken: credentials.token,
        versionsUrl: credentials.url,
        endpoints,
        roles: credentials.roles,
        claimedUntil: null,
        lastError: null,
        updatedAt: new Date(),
      })
      .where(eq(sandboxOcpiPeers.id, claim.id));
    return 'registered';
  } catch (err) {
    await release(ctx, claim.id, err instanceof Error ? err.message : String(err));
    throw err;
  }
}

async function release(ctx: EmulatorContext, id: number, lastError: string | null) {
  await ctx.db
    .update(sandboxOcpiPeers)
    .set({ handshakeTokenHash: null, claimedUntil: null, lastError, updatedAt: new Date() })
    .where(eq(sandboxOcpiPeers.id, id));
}

/** The `platform` peer row, claimed for this attempt; null while another replica holds it. */
async function claimRegistration(ctx: EmulatorContext): Promise<{ id: number } | null> {
  const now = new Date();
  const until = new Date(now.getTime() + REGISTRATION_LEASE_MS);
  const [inserted] = await ctx.db
    .insert(sandboxOcpiPeers)
    .values({ label: PLATFORM, status: 'UNREGISTERED', claimedUntil: until, attempts: 1 })
    .onConflictDoNothing()
    .returning({ id: sandboxOcpiPeers.id, attempts: sandboxOcpiPeers.attempts });
  if (inserted) return inserted;
  const [row] = await ctx.db
    .select({ attempts: sandboxOcpiPeers.attempts })
    .from(sandboxOcpiPeers)
    .where(eq(sandboxOcpiPeers.label, PLATFORM));
  if (!row) return null;
  const [claimed] = await ctx.db
    .update(sandboxOcpiPeers)
    .set({ claimedUntil: until, attempts: row.attempts + 1, updatedAt: now })
    .where(
      and(
        eq(sandboxOcpiPeers.label, PLATFORM),
        eq(sandboxOcpiPeers.attempts, row.attempts),
        or(isNull(sandboxOcpiPeers.claimedUntil), lt(sandboxOcpiPeers.claimedUntil, now)),
      ),
    )
    .returning({ id: sandboxOcpiPeers.id });
  return claimed ?? null;
}
