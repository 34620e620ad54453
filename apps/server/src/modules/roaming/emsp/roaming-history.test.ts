import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoamingChargeRecord } from '@voltpark/contract';
import { roamingEmspCdrs, roamingPartners, roamingReceipts } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createActiveUser } from '../../../test/users.js';

// Decision 0043 and the charge history's from-date: `GET roaming/history?filterFrom=` lists the
// driver's roaming receipts of charges ended since that day (one month back without it).
const DAY_MS = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

let t: TestApp;
let partnerId = 0;
const headers: Record<'owner' | 'other', Record<string, string>> = { owner: {}, other: {} };
/** Site names of the owner's receipts, by how long ago the charge ended. */
const site = { d5: 'Debrecen Fórum', d15: 'Szeged Árkád', d40: 'Pécs Plaza', noEnd: 'Győr Árkád' };

async function receipt(userId: number, n: number, siteName: string, endedAt: Date | null) {
  const db = t.database.db;
  const [cdr] = await db
    .insert(roamingEmspCdrs)
    .values({
      partnerId,
      countryCode: 'HU',
      partyId: 'VPT',
      cdrId: `CDR-${n}`,
      cdrKey: `CDR-${n}`,
      tokenUid: `TOKEN-${userId}`,
      userId,
      currency: 'HUF',
      totalCostExclVat: 1000,
      totalCostInclVat: 1270,
      object: {},
      lastUpdated: endedAt ?? new Date(),
      billing: 'BILLED',
    })
    .returning({ id: roamingEmspCdrs.id });
  await db.insert(roamingReceipts).values({
    userId,
    cdrId: cdr!.id,
    partnerName: 'VoltPartner Kft.',
    siteName,
    energyWh: 5000,
    startedAt: endedAt && new Date(endedAt.getTime() - 3_600_000),
    endedAt,
    grossPrice: 1397,
    paidAmount: 1397,
    earnedPoints: 13,
    paidAt: endedAt ?? new Date(),
    // A receipt without an end counts by its issue time: 3 days ago.
    issuedAt: endedAt ?? daysAgo(3),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [p] = await db
    .insert(roamingPartners)
    .values({
      countryCode: 'HU',
      partyId: 'VPT',
      role: 'CPO',
      name: 'VoltPartner Kft.',
      status: 'REGISTERED',
    })
    .returning({ id: roamingPartners.id });
  partnerId = p!.id;
  const owner = await createActiveUser(db, 'history-owner@example.com');
  const other = await createActiveUser(db, 'history-other@example.com');
  headers.owner = owner.headers;
  headers.other = other.headers;
  await receipt(owner.id, 1, site.d40, daysAgo(40));
  await receipt(owner.id, 2, site.d15, daysAgo(15));
  await receipt(owner.id, 3, site.d5, daysAgo(5));
  await receipt(owner.id, 4, site.noEnd, null);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function history(who: 'owner' | 'other', query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/roaming/history${query}`,
    headers: { ...headers[who], 'x-lang': 'hu' },
  });
  return { status: res.statusCode, body: res.json<{ data: RoamingChargeRecord[] | null }>() };
}

const sites = (rows: RoamingChargeRecord[] | null) => (rows ?? []).map((r) => r.siteName);

describe('the roaming history from a date', () => {
  it('lists the charges ended since filterFrom, newest first', async () => {
    const tenDays = await history('owner', `?filterFrom=${isoDay(daysAgo(10))}`);
    expect(tenDays.status).toBe(200);
    expect(sites(tenDays.body.data)).toEqual([site.noEnd, site.d5]);
    const sixtyDays = await history('owner', `?filterFrom=${isoDay(daysAgo(60))}`);
    expect(sites(sixtyDays.body.data)).toEqual([site.noEnd, site.d5, site.d15, site.d40]);
  });

  it('goes one month back without a date, as the charge history does', async () => {
    const r = await history('owner');
    expect(r.status).toBe(200);
    expect(sites(r.body.data)).toEqual([site.noEnd, site.d5, site.d15]);
  });

  it('refuses a date that is not one with 400, never 500', async () => {
    for (const bad of ['abc', '2026-11-1', '2026-13-45']) {
      const r = await history('owner', `?filterFrom=${bad}`);
      expect(r.status, bad).toBe(400);
    }
  });

  it('shows another driver none of them', async () => {
    const r = await history('other', `?filterFrom=${isoDay(daysAgo(60))}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([]);
  });
});
