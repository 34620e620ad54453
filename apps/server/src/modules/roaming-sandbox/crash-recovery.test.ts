import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { roamingPartners, sandboxOcpiPeers } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import { addPartner } from '../roaming/partners.js';
import { ocpi } from '../roaming/test-helpers.js';

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of closers.reverse()) await c();
});

it('a start that died mid-registration is finished by the next start, with a new Token A', async () => {
  const t = await createTestApp({ env: { ROAMING_SANDBOX_PARTNER: '1' } });
  closers.push(() => t.close());
  // What a replica that died after the operator's step leaves: a PENDING partner with a Token A,
  // and the emulator's claim, whose lease has run out.
  const { tokenA: stale } = await addPartner(t.database.db, {
    countryCode: 'HU',
    partyId: 'VPT',
    role: 'CPO',
    name: 'VoltPartner Kft.',
  });
  await t.database.db.insert(sandboxOcpiPeers).values({
    label: 'platform',
    status: 'UNREGISTERED',
    claimedUntil: new Date(Date.now() - 1000),
    attempts: 1,
  });

  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  t.config.publicUrl = url;
  expect(await t.app.roamingSandbox!.whenRegistered()).toBe('registered');

  const [p] = await t.database.db
    .select()
    .from(roamingPartners)
    .where(eq(roamingPartners.partyId, 'VPT'));
  expect(p).toMatchObject({ status: 'REGISTERED', role: 'CPO' });
  const [peer] = await t.database.db
    .select()
    .from(sandboxOcpiPeers)
    .where(eq(sandboxOcpiPeers.label, 'platform'));
  expect(peer).toMatchObject({ status: 'REGISTERED', attempts: 2, claimedUntil: null });
  // The Token A of the dead start opens nothing any more.
  expect((await ocpi(`${url}/ocpi/versions`, stale)).status).toBe(401);
}, 60_000);
