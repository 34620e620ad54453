import { eq } from 'drizzle-orm';
import type { OcpiEndpoint } from '@voltpark/contract/ocpi/versions';
import type { Db } from '../../db/client.js';
import { sandboxEmspPlatform } from '../../db/schema/index.js';
import { hashToken } from '../roaming/tokens.js';

export const PLATFORM = 'platform';

export type PlatformRow = typeof sandboxEmspPlatform.$inferSelect;

/** The platform the emulator registered with (or is registering with), if any. */
export async function platformRow(db: Db): Promise<PlatformRow | null> {
  const [row] = await db
    .select()
    .from(sandboxEmspPlatform)
    .where(eq(sandboxEmspPlatform.label, PLATFORM));
  return row ?? null;
}

/** The platform, when one of the header's tokens is the one the emulator gave it. */
export async function platformByToken(db: Db, candidates: string[]): Promise<PlatformRow | null> {
  const row = await platformRow(db);
  if (!row?.issuedTokenHash) return null;
  return candidates.some((t) => hashToken(t) === row.issuedTokenHash) ? row : null;
}

/** The platform's endpoint for a module in a role, when it registered and announced one. */
export function platformEndpoint(
  row: PlatformRow,
  identifier: string,
  role: 'SENDER' | 'RECEIVER',
): string | null {
  const endpoints = (row.endpoints ?? []) as OcpiEndpoint[];
  const e = endpoints.find((x) => x.identifier === identifier && x.role === role);
  return e ? e.url.replace(/\/+$/, '') : null;
}
