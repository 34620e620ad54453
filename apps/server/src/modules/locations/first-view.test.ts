import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAP_POINT_FLAG, type MapPoints } from '@voltpark/contract/map-points';
import {
  FIRST_VIEW_ELEMENT_ID,
  MAP_DEFAULT_VIEW,
  pixelPosition,
  worldPixel,
  type FirstView,
} from '@voltpark/contract/map-view';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedDemoData } from '../../db/seed/index.js';
import { computeFirstView, firstViewElement } from './first-view.js';

const { zoom } = MAP_DEFAULT_VIEW;
const centre = worldPixel(MAP_DEFAULT_VIEW.lat, MAP_DEFAULT_VIEW.lng, zoom);
/** The position `dx`, `dy` screen pixels from the default view's centre. */
const at = (dx: number, dy: number) => pixelPosition(centre.x + dx, centre.y + dy, zoom);

function points(list: { lat: number; lng: number; flags: number }[]): MapPoints {
  return {
    count: list.length,
    ids: Int32Array.from(list, (_, i) => i + 1),
    lat: Float64Array.from(list, (p) => p.lat),
    lng: Float64Array.from(list, (p) => p.lng),
    flags: Uint8Array.from(list, (p) => p.flags),
  };
}

/** [dx, dy, count, flags] quadruples of one mode. */
const markers = (view: FirstView, mode: keyof FirstView['modes']) => {
  const out: number[][] = [];
  for (let i = 0; i < view.modes[mode].length; i += 4) out.push(view.modes[mode].slice(i, i + 4));
  return out.sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
};

const { charger, parking, poi, available } = MAP_POINT_FLAG;

describe('computeFirstView', () => {
  const view = computeFirstView(
    points([
      // Two chargers 10 px apart near the centre: one cluster of 2 in the charging view.
      { ...at(0, 0), flags: charger | available },
      { ...at(10, 0), flags: charger },
      // A shop alone 300 px east, a parking lot 200 px north-west.
      { ...at(300, 0), flags: poi },
      { ...at(-200, -200), flags: parking },
      // Beyond the reach (1280 px east): not in the first view.
      { ...at(2000, 0), flags: charger | available },
    ]),
  );

  it('clusters the default view like the map (Budapest, zoom 12, minimum 2)', () => {
    expect(view).toMatchObject({ lat: MAP_DEFAULT_VIEW.lat, lng: MAP_DEFAULT_VIEW.lng, zoom });
    expect(markers(view, 'both')).toEqual([
      [-200, -200, 1, parking],
      [5, 0, 2, 0],
      [300, 0, 1, poi],
    ]);
  });

  it('keeps a view per map mode, with a single location’s flags for its marker', () => {
    expect(markers(view, 'charging')).toEqual([[5, 0, 2, 0]]);
    expect(markers(view, 'service')).toEqual([[300, 0, 1, poi]]);
    expect(markers(view, 'parking')).toEqual([[-200, -200, 1, parking]]);
  });

  it('is empty where there are no locations', () => {
    const empty = computeFirstView(points([]));
    expect(Object.values(empty.modes).every((m) => m.length === 0)).toBe(true);
  });

  it('is put into the page as JSON that cannot end its script element', () => {
    const html = firstViewElement({ ...view, lat: '</script><b>' as unknown as number });
    expect(html.startsWith(`<script id="${FIRST_VIEW_ELEMENT_ID}" type="application/json">`)).toBe(
      true,
    );
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = html.slice(html.indexOf('>') + 1, html.lastIndexOf('</script>'));
    expect(JSON.parse(json).lat).toBe('</script><b>');
  });
});

describe('the pages of / and /map', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'voltpark-dist-'));
    await fs.writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Voltpark</title><div id="root"></div><!--vp-page-data--><script>draw()</script>',
    );
    t = await createTestApp({ seed: (d) => seedDemoData(d.db), env: { WEB_DIST_DIR: dist } });
    t.app.mapPointsCache.rebuildDelayMs = 0;
    t.app.mapPointsCache.minRebuildIntervalMs = 0;
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  const pageView = async (url: string): Promise<FirstView | null> => {
    const res = await t.app.inject({ url });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const m = new RegExp(
      `<script id="${FIRST_VIEW_ELEMENT_ID}" type="application/json">(.*?)</script>`,
    ).exec(res.body);
    // The data goes before the script that draws it.
    if (m) expect(res.body.indexOf(m[0])).toBeLessThan(res.body.indexOf('draw()'));
    return m ? (JSON.parse(m[1]!) as FirstView) : null;
  };
  const total = (v: FirstView) => markers(v, 'both').reduce((sum, [, , count]) => sum + count!, 0);

  it('carry the first view once the map points are built, and only at the default view', async () => {
    await t.app.mapPointsCache.get();
    const home = await pageView('/');
    expect(home).not.toBeNull();
    expect(total(home!)).toBeGreaterThan(10);
    expect(await pageView('/map')).toEqual(home);
    expect(await pageView('/map?showLocation=3')).toEqual(home);
    for (const other of ['/map/47.1/17.9', '/charger/1', '/news']) {
      expect(await pageView(other), other).toBeNull();
    }
  });

  it('follow a location added at the centre after the next map-points build', async () => {
    const before = total((await pageView('/map'))!);
    await t.database.db.execute(sql`
      insert into locations (name, zip_code, city, street, address_type, house_number, lat, lng)
      values ('Első nézet', '1051', 'Budapest', 'Teszt', 'utca', '1',
        ${MAP_DEFAULT_VIEW.lat}, ${MAP_DEFAULT_VIEW.lng})`);
    // The map's own map-points request finds the body stale and starts the background rebuild;
    // meanwhile the page goes out with the view it has, never waiting for a build.
    expect((await t.app.inject({ url: '/api/v1/location/map-points' })).statusCode).toBe(200);
    expect(total((await pageView('/map'))!)).toBe(before);
    await t.app.mapPointsCache.settled();
    expect(total((await pageView('/map'))!)).toBe(before + 1);
  });
});
