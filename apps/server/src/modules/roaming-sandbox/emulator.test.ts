import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { location as locationSchema } from '@voltpark/contract/ocpi/locations';
import { tariff as tariffSchema } from '@voltpark/contract/ocpi/tariffs';
import type { OcpiEndpoint } from '@voltpark/contract/ocpi/versions';
import { buildApp } from '../../app.js';
import { ocpiCallLog, roamingPartners, sandboxOcpiPeers } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { cli, ocpi } from '../roaming/test-helpers.js';

const EMULATOR_ON = { ROAMING_SANDBOX_PARTNER: '1' };

/** Listens on a free port, which becomes our public address (the one our OCPI answers give). */
async function listen(app: TestApp['app'], config: TestApp['config']): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  config.publicUrl = url;
  return url;
}

async function voltPartner(t: TestApp) {
  const [row] = await t.database.db
    .select()
    .from(roamingPartners)
    .where(and(eq(roamingPartners.countryCode, 'HU'), eq(roamingPartners.partyId, 'VPT')));
  return row ?? null;
}

/** Our successful credentials POSTs received from VoltPartner: one per registration. */
async function registrations(t: TestApp) {
  const rows = await t.database.db
    .select()
    .from(ocpiCallLog)
    .where(
      and(
        eq(ocpiCallLog.direction, 'in'),
        eq(ocpiCallLog.module, 'credentials'),
        eq(ocpiCallLog.method, 'POST'),
      ),
    );
  return rows.filter((r) => r.ocpiStatus === 1000);
}

/** Follows a list's Link headers from the first page to the last; every page's headers kept. */
async function allPages(first: string, token: string) {
  const pages: Array<{ items: unknown[]; total: string | null; limit: string | null }> = [];
  let url: string | null = first;
  for (let i = 0; url && i < 20; i++) {
    const res = await ocpi(url, token);
    expect(res.status).toBe(200);
    expect(res.json.status_code).toBe(1000);
    pages.push({
      items: res.json.data as unknown[],
      total: res.headers.get('x-total-count'),
      limit: res.headers.get('x-limit'),
    });
    url = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
  }
  return pages;
}

describe('the roaming partner emulator (VoltPartner Kft.)', () => {
  let t: TestApp;
  let base: string;
  const closers: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    t = await createTestApp({ env: EMULATOR_ON });
    closers.push(() => t.close());
    base = await listen(t.app, t.config);
    expect(await t.app.roamingSandbox!.whenRegistered()).toBe('registered');
  }, 60_000);

  afterAll(async () => {
    for (const c of closers.reverse()) await c();
  });

  it('registers with us when the server listens: a REGISTERED CPO partner with its endpoints', async () => {
    const p = await voltPartner(t);
    expect(p).toMatchObject({ status: 'REGISTERED', role: 'CPO', name: 'VoltPartner Kft.' });
    expect(p!.theirToken).toBeTruthy();
    const endpoints = p!.endpoints as OcpiEndpoint[];
    expect(endpoints.map((e) => `${e.identifier}:${e.role}`).sort()).toEqual([
      'cdrs:SENDER',
      'commands:RECEIVER',
      'credentials:SENDER',
      'locations:SENDER',
      'sessions:SENDER',
      'tariffs:SENDER',
    ]);
    for (const e of endpoints) expect(e.url).toContain('/sandbox/ocpi-partner/2.2.1/');
    expect(await registrations(t)).toHaveLength(1);
    // The emulator's side keeps the token we gave it, and only the hash of the one it gave us.
    const [peer] = await t.database.db
      .select()
      .from(sandboxOcpiPeers)
      .where(eq(sandboxOcpiPeers.label, 'platform'));
    expect(peer).toMatchObject({ status: 'REGISTERED', countryCode: 'HU', partyId: 'VPK' });
    expect(peer!.theirToken).toBeTruthy();
    expect(peer!.issuedTokenHash).not.toBe(p!.theirToken);
    expect(JSON.stringify(peer)).not.toContain(p!.theirToken!);
  });

  it('serves its locations to us with the token it gave us, paged by Link to the last one', async () => {
    const p = await voltPartner(t);
    const url = (p!.endpoints as OcpiEndpoint[]).find((e) => e.identifier === 'locations')!.url;
    const pages = await allPages(`${url}?limit=2`, p!.theirToken!);
    const items = pages.flatMap((x) => x.items);
    expect(pages).toHaveLength(3);
    expect(pages.every((x) => x.total === '6' && x.limit === '50')).toBe(true);
    expect(pages.map((x) => x.items.length)).toEqual([2, 2, 2]);
    const locations = items.map((i) => locationSchema.parse(i));
    expect(new Set(locations.map((l) => l.id)).size).toBe(6);
    expect(locations.map((l) => l.city).sort()).toEqual(
      ['Debrecen', 'Eger', 'Győr', 'Miskolc', 'Pécs', 'Szeged'].sort(),
    );
    const evses = locations.flatMap((l) => l.evses ?? []);
    expect(evses.every((e) => /^HU\*VPT\*E\d{4}$/.test(e.uid))).toBe(true);
    const powers = evses.map((e) => e.connectors[0]!.max_electric_power);
    expect(powers).toContain(22_000);
    expect(powers.some((w) => w !== undefined && w >= 50_000 && w <= 150_000)).toBe(true);

    // One location, one EVSE, one connector by their ids.
    const one = await ocpi(
      `${url}/VPT-PEC-ARKAD/${encodeURIComponent('HU*VPT*E0301')}/1`,
      p!.theirToken!,
    );
    expect(one.json).toMatchObject({ status_code: 1000, data: { id: '1', power_type: 'DC' } });
    const none = await ocpi(`${url}/VPT-NOWHERE`, p!.theirToken!);
    expect(none).toMatchObject({ status: 404, json: { status_code: 2003 } });
  });

  it('filters its locations by date_from and date_to (last_updated)', async () => {
    const p = await voltPartner(t);
    const url = (p!.endpoints as OcpiEndpoint[]).find((e) => e.identifier === 'locations')!.url;
    const later = await ocpi(`${url}?date_from=2999-01-01T00:00:00Z`, p!.theirToken!);
    expect(later.json).toMatchObject({ status_code: 1000, data: [] });
    expect(later.headers.get('x-total-count')).toBe('0');
    const earlier = await ocpi(`${url}?date_to=2999-01-01T00:00:00Z`, p!.theirToken!);
    expect((earlier.json.data as unknown[]).length).toBe(6);
    const bad = await ocpi(`${url}?date_from=yesterday`, p!.theirToken!);
    expect(bad.json.status_code).toBe(2001);
  });

  it('serves its HUF tariffs with VAT, paged', async () => {
    const p = await voltPartner(t);
    const url = (p!.endpoints as OcpiEndpoint[]).find((e) => e.identifier === 'tariffs')!.url;
    const pages = await allPages(`${url}?limit=2`, p!.theirToken!);
    const tariffs = pages.flatMap((x) => x.items).map((i) => tariffSchema.parse(i));
    expect(tariffs.map((x) => x.id).sort()).toEqual(['VPT-AC22', 'VPT-DC150', 'VPT-DC50']);
    for (const x of tariffs) {
      expect(x.currency).toBe('HUF');
      const energy = x.elements.flatMap((e) => e.price_components).find((c) => c.type === 'ENERGY');
      expect(energy?.vat).toBe(27);
      expect(energy!.price).toBeGreaterThan(0);
    }
  });

  it('refuses a wrong or missing token with HTTP 401 and OCPI 2001', async () => {
    const p = await voltPartner(t);
    const url = (p!.endpoints as OcpiEndpoint[]).find((e) => e.identifier === 'locations')!.url;
    for (const token of ['not-a-token-it-gave', null]) {
      const res = await ocpi(url, token);
      expect(res.status).toBe(401);
      expect(res.json.status_code).toBe(2001);
      expect(res.json.data).toBeUndefined();
    }
    const versions = await ocpi(`${base}/sandbox/ocpi-partner/versions`, 'wrong');
    expect(versions).toMatchObject({ status: 401, json: { status_code: 2001 } });
  });

  it('echoes request and correlation ids and names itself in OCPI-from headers', async () => {
    const p = await voltPartner(t);
    const url = (p!.endpoints as OcpiEndpoint[]).find((e) => e.identifier === 'tariffs')!.url;
    const res = await ocpi(url, p!.theirToken!, {
      headers: { 'x-request-id': 'req-1', 'x-correlation-id': 'corr-1' },
    });
    expect(res.headers.get('x-request-id')).toBe('req-1');
    expect(res.headers.get('x-correlation-id')).toBe('corr-1');
    expect(res.headers.get('ocpi-from-party-id')).toBe('VPT');
  });

  it('a restarted server on the same database does not register it again', async () => {
    const before = await voltPartner(t);
    const app = await buildApp({ config: t.config, database: t.database });
    closers.push(() => app.close());
    await listen(app, t.config);
    expect(await app.roamingSandbox!.whenRegistered()).toBe('already');
    const after = await voltPartner(t);
    expect(after!.registeredAt).toEqual(before!.registeredAt);
    expect(after!.theirToken).toBe(before!.theirToken);
    expect(await registrations(t)).toHaveLength(1);
  });

  it('follows our operator: new credentials (PUT), then removal (DELETE), kept over a restart', async () => {
    const before = await voltPartner(t);
    const locations = (before!.endpoints as OcpiEndpoint[]).find(
      (e) => e.identifier === 'locations',
    )!.url;
    const updated = await cli(t, 'update', '--country', 'HU', '--party', 'VPT');
    expect(updated.code, updated.text).toBe(0);
    const after = await voltPartner(t);
    expect(after!.theirToken).not.toBe(before!.theirToken);
    expect((await ocpi(locations, after!.theirToken!)).json.status_code).toBe(1000);
    expect((await ocpi(locations, before!.theirToken!)).status).toBe(401);

    const removed = await cli(t, 'remove', '--country', 'HU', '--party', 'VPT');
    expect(removed.code, removed.text).toBe(0);
    const [peer] = await t.database.db
      .select()
      .from(sandboxOcpiPeers)
      .where(eq(sandboxOcpiPeers.label, 'platform'));
    expect(peer).toMatchObject({ status: 'UNREGISTERED', theirToken: null, issuedTokenHash: null });
    expect((await ocpi(locations, after!.theirToken!)).status).toBe(401);

    // An operator's removal stands: a restart does not register it again.
    const app = await buildApp({ config: t.config, database: t.database });
    closers.push(() => app.close());
    await listen(app, t.config);
    expect(await app.roamingSandbox!.whenRegistered()).toBe('already');
    expect((await voltPartner(t))?.status).toBe('UNREGISTERED');
    expect(await registrations(t)).toHaveLength(1);
  });
});

describe('two servers starting together on one database', () => {
  const closers: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of closers.reverse()) await c();
  });

  it('register the partner once', async () => {
    const t = await createTestApp({ env: EMULATOR_ON });
    closers.push(() => t.close());
    const second = await buildApp({ config: t.config, database: t.database });
    closers.push(() => second.close());
    await Promise.all([listen(t.app, t.config), listen(second, t.config)]);
    const outcomes = await Promise.all([
      t.app.roamingSandbox!.whenRegistered(),
      second.roamingSandbox!.whenRegistered(),
    ]);
    expect(outcomes.sort()).toEqual(['already', 'registered']);
    expect((await voltPartner(t))?.status).toBe('REGISTERED');
    expect(await registrations(t)).toHaveLength(1);
  }, 60_000);
});
