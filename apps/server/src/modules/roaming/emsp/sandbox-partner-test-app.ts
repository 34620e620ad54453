/**
 * Tests' set-up of a server roaming with the built-in sandbox partner (a CPO): registered, its
 * loops stopped so a test drives them, and a way to wait for a partner site on our map.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../../db/client.js';
import { locations, roamingPartnerLocations } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createGateway } from '../../payments/gateway.js';
import type { PartnerChargeDeps } from './start-partner-charge.js';

/** Polls `read` every 100 ms until it gives a value (at most 30 s). */
export async function until<T>(
  what: string,
  read: () => Promise<T | null | undefined | false>,
): Promise<T> {
  for (let i = 0; ; i++) {
    const v = await read();
    if (v) return v;
    if (i > 300) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A listening server in sandbox mode with the partner emulator registered, its charging and
 * status loops stopped, and the deps the partner charge calls take.
 */
export async function sandboxPartnerApp(
  env: Record<string, string> = {},
): Promise<{ t: TestApp; port: number; deps: PartnerChargeDeps }> {
  const t = await createTestApp({ env: { ROAMING_SANDBOX_PARTNER: '1', ...env } });
  await t.app.roamingSandbox!.stopChargingLoop();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  t.config.publicUrl = `http://127.0.0.1:${port}`;
  await t.app.roamingSandbox!.stopStatusLoop();
  expect(await t.app.roamingSandbox!.whenRegistered()).toBe('registered');
  const db = t.database.db;
  const deps: PartnerChargeDeps = {
    db,
    config: t.config,
    gateway: createGateway(t.app, t.config),
    client: { db, timeoutMs: t.config.roaming.timeoutMs },
  };
  return { t, port, deps };
}

/** Our location id of the partner's site, once our first pull has mirrored it. */
export async function mirroredPartnerSite(db: Db, partnerLocationId: string): Promise<number> {
  const row = await until(
    'the partner site mirrored',
    async () =>
      (
        await db
          .select({ id: locations.id })
          .from(locations)
          .innerJoin(
            roamingPartnerLocations,
            eq(roamingPartnerLocations.id, locations.roamingPartnerLocationId),
          )
          .where(eq(roamingPartnerLocations.locationId, partnerLocationId))
      )[0],
  );
  return row.id;
}
