import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, type AnyRoute } from '@voltpark/contract';
import { createTestApp, type TestApp } from '../test/app.js';
import { routeKey } from '../core/api.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('contract routes served by this server', () => {
  const routes = Object.entries(apiRoutes) as [string, AnyRoute][];

  it('serves every foundation route of the contract', () => {
    const missing = routes
      .filter(([, r]) => r.owner === 'foundation' && !t.app.servedRoutes.has(routeKey(r)))
      .map(([name, r]) => `${name}: ${routeKey(r)}`);
    expect(missing).toEqual([]);
  });

  it('serves nothing that is not in the contract', () => {
    const known = new Set(routes.map(([, r]) => routeKey(r)));
    expect([...t.app.servedRoutes].filter((k) => !known.has(k))).toEqual([]);
  });

  it('lists which contract routes are served and which wait for a later issue', () => {
    const byOwner = new Map<string, { served: number; total: number }>();
    for (const [, r] of routes) {
      const entry = byOwner.get(r.owner) ?? { served: 0, total: 0 };
      entry.total++;
      if (t.app.servedRoutes.has(routeKey(r))) entry.served++;
      byOwner.set(r.owner, entry);
    }
    const foundation = byOwner.get('foundation')!;
    expect(foundation.served).toBe(foundation.total);
    expect(foundation.total).toBeGreaterThanOrEqual(17);
  });

  it('answers the served routes on an empty database without a 500', async () => {
    const urls = [
      '/api/v1/location/locations',
      '/api/v1/location/filtered-locations?latitude=47.5&longitude=19',
      '/api/v1/location/closest-location?latitude=47.5&longitude=19',
      '/api/v1/category',
      '/api/v1/news',
      '/api/v1/front-page-ad',
      '/api/v1/footer/random',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().result, url).toBe(true);
    }
    expect((await t.app.inject({ url: '/api/v1/location/locations' })).json().data).toEqual([]);
  });
});
