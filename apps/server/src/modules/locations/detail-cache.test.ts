import { brotliDecompressSync } from 'node:zlib';
import { apiRoutes, type LocationDetail } from '@voltpark/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemoData } from '../../db/seed/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { MAX_AGE_MS } from './detail-cache.js';

let t: TestApp;
let id: number;
beforeAll(async () => {
  t = await createTestApp({ seed: (d) => seedDemoData(d.db) });
  const list = (await t.app.inject({ url: '/api/v1/location/locations' })).json().data as {
    id: number;
    name: string;
  }[];
  id = list.find((l) => l.name === 'Westend City Center')!.id;
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const detail = async (lang = 'hu') => {
  const res = await t.app.inject({
    url: `/api/v1/location/location-charger-poi/${id}`,
    headers: { 'x-lang': lang },
  });
  return { status: res.statusCode, loc: res.json().data?.location as LocationDetail };
};
const exec = (q: ReturnType<typeof sql>) => t.database.db.execute(q);

describe('the location details a panel re-asks every 15 s', () => {
  it('come from memory while nothing changed', async () => {
    const first = await detail();
    const select = vi.spyOn(t.database.db, 'select');
    const again = await detail();
    expect(again.loc).toEqual(first.loc);
    expect(select).not.toHaveBeenCalled();
    select.mockRestore();
  });

  it("show a charger's new status in the very next answer", async () => {
    const before = (await detail()).loc.chargers[0]!;
    const next = before.status.value === 'UNAVAILABLE' ? 'AVAILABLE' : 'UNAVAILABLE';
    await exec(sql`update chargers set status = ${next} where id = ${before.id}`);
    const after = (await detail()).loc.chargers.find((c) => c.id === before.id)!;
    expect(after.status.value).toBe(next);
  });

  it('are kept per language', async () => {
    const en = (await detail('en')).loc;
    const hu = (await detail('hu')).loc;
    expect(en.description).toMatch(/garage/);
    expect(hu.description).toMatch(/mélygarázs/);
  });

  it('say a location taken off the map is not found', async () => {
    expect((await detail()).status).toBe(200);
    await exec(sql`update locations set active = false where id = ${id}`);
    expect((await detail()).status).toBe(404);
    await exec(sql`update locations set active = true where id = ${id}`);
    expect((await detail()).status).toBe(200);
  });

  it('pick up a change the data version does not track (a trait) within the maximum age', async () => {
    const before = (await detail()).loc.traits.length;
    await exec(sql`delete from trait_values where location_id = ${id}`);
    expect((await detail()).loc.traits).toHaveLength(before);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + MAX_AGE_MS + 1);
    expect((await detail()).loc.traits).toHaveLength(0);
  });

  it('are the contract envelope, sent compressed when asked, with an ETag that revalidates', async () => {
    const url = `/api/v1/location/location?id=${id}`;
    const plain = await t.app.inject({ url });
    expect(apiRoutes.location.response.parse(plain.json()).data.id).toBe(id);
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const again = await t.app.inject({
      url,
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
