import { describe, expect, it } from 'vitest';
import { decodeMapPoints, encodeMapPoints } from '@voltpark/contract/map-points';
import {
  CLUSTER_OPTIONS,
  ClusterEngine,
  FLAG,
  matchesMode,
  pointsInBox,
  toMapPoints,
  type BBox,
  type MapPoint,
} from './cluster';

const HUNGARY: BBox = [16, 45.7, 22.9, 48.6];

function loc(id: number, lat: number, lng: number, flags = 0): MapPoint {
  return { id, lat, lng, flags };
}

/** A deterministic grid of n locations around Budapest with mixed offers. */
function grid(n: number): MapPoint[] {
  const out: MapPoint[] = [];
  for (let i = 0; i < n; i++) {
    out.push(
      loc(
        i + 1,
        47.3 + (i % 100) * 0.004,
        18.9 + Math.floor(i / 100) * 0.004,
        (i % 2 === 0 ? FLAG.charger : 0) |
          (i % 3 === 0 ? FLAG.parking : 0) |
          (i % 5 === 0 ? FLAG.poi : 0) |
          (i % 4 === 0 ? FLAG.available : 0),
      ),
    );
  }
  return out;
}

const has = (p: MapPoint, flag: number) => (p.flags & flag) !== 0;

function total(engine: ClusterEngine, bbox: BBox, zoom: number): number {
  return engine.clusters(bbox, zoom).reduce((s, c) => s + (c.kind === 'cluster' ? c.count : 1), 0);
}

describe('cluster engine (the worker’s pure core)', () => {
  it('uses SPEC §9: minimum cluster size 2, clustering up to zoom 15', () => {
    expect(CLUSTER_OPTIONS.minPoints).toBe(2);
    expect(CLUSTER_OPTIONS.maxZoom).toBe(15);
  });

  it('keeps every location in some cluster or marker at every zoom', () => {
    const engine = new ClusterEngine(grid(2000));
    for (const z of [5, 8, 12, 15, 16, 19]) expect(total(engine, HUNGARY, z)).toBe(2000);
    const clusters = engine.clusters(HUNGARY, 8).filter((c) => c.kind === 'cluster');
    expect(clusters.length).toBeGreaterThan(0);
    expect(clusters.length).toBeLessThan(100);
  });

  it('never clusters above zoom 15 and never makes a cluster of one', () => {
    const engine = new ClusterEngine([
      loc(1, 47.5, 19.04),
      loc(2, 47.5001, 19.0401),
      loc(3, 46.0, 18.2),
    ]);
    const z12 = engine.clusters(HUNGARY, 12);
    expect(
      z12.filter((c) => c.kind === 'cluster').map((c) => c.kind === 'cluster' && c.count),
    ).toEqual([2]);
    expect(z12.filter((c) => c.kind === 'point').map((c) => c.kind === 'point' && c.id)).toEqual([
      3,
    ]);
    expect(engine.clusters(HUNGARY, 16).every((c) => c.kind === 'point')).toBe(true);
  });

  it('returns only what is inside the box, with the name once its label is known', () => {
    const labels = new Map<number, { name: string; fullAddress: string }>();
    const engine = new ClusterEngine([loc(1, 47.5, 19.04), loc(2, 46.25, 20.15)], labels);
    const budapest: BBox = [18.9, 47.3, 19.3, 47.7];
    const items = engine.clusters(budapest, 14);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'point', id: 1, name: undefined });
    labels.set(1, { name: 'Hely 1', fullAddress: '1011 Budapest, Fő utca 1.' });
    expect(engine.clusters(budapest, 14)[0]).toMatchObject({
      kind: 'point',
      id: 1,
      name: 'Hely 1',
    });
  });

  it('filters by map mode', () => {
    const list = grid(600);
    const engine = new ClusterEngine(list);
    engine.setMode('parking');
    expect(total(engine, HUNGARY, 10)).toBe(list.filter((l) => has(l, FLAG.parking)).length);
    engine.setMode('charging');
    expect(total(engine, HUNGARY, 10)).toBe(list.filter((l) => has(l, FLAG.charger)).length);
    engine.setMode('service');
    expect(total(engine, HUNGARY, 10)).toBe(list.filter((l) => has(l, FLAG.poi)).length);
    engine.setMode('both');
    expect(total(engine, HUNGARY, 10)).toBe(600);
  });

  it('gives a cluster’s expansion zoom, where it splits', () => {
    const engine = new ClusterEngine([loc(1, 47.5, 19.04), loc(2, 47.505, 19.045)]);
    const c = engine.clusters(HUNGARY, 10).find((i) => i.kind === 'cluster');
    expect(c?.kind).toBe('cluster');
    if (c?.kind !== 'cluster') return;
    const z = engine.expansionZoom(c.clusterId);
    expect(z).toBeGreaterThan(10);
    expect(engine.clusters(HUNGARY, z).every((i) => i.kind === 'point')).toBe(true);
  });

  it('tells clusters of two indexes apart (a click asks the index that made the cluster)', () => {
    const points = grid(2000);
    const full = new ClusterEngine(points);
    const quick = new ClusterEngine(pointsInBox(points, [18.9, 47.3, 19.1, 47.5], 0.5));
    const a = full.clusters(HUNGARY, 10).find((i) => i.kind === 'cluster');
    const b = quick.clusters(HUNGARY, 10).find((i) => i.kind === 'cluster');
    if (a?.kind !== 'cluster' || b?.kind !== 'cluster') throw new Error('no clusters');
    expect(a.engine).toBe(full.id);
    expect(b.engine).toBe(quick.id);
    expect(a.engine).not.toBe(b.engine);
    // Same supercluster id in both would still be two markers: the key names the index.
    expect(a.key).toBe(`c${full.id}:${a.clusterId}`);
    expect(quick.expansionZoom(b.clusterId)).toBeGreaterThan(10);
  });

  it('lists the nearest locations in view for the text list, capped', () => {
    const labels = new Map([[1, { name: 'Első', fullAddress: '1011 Budapest, Fő utca 1.' }]]);
    const engine = new ClusterEngine(grid(500), labels);
    const center = { lat: 47.3, lng: 18.9 };
    const r = engine.nearest(HUNGARY, center, 50);
    expect(r.total).toBe(500);
    expect(r.items).toHaveLength(50);
    // Location 1 sits on the centre: first, with its label; the others have none yet.
    expect(r.items[0]).toMatchObject({ id: 1, name: 'Első', distanceKm: 0 });
    expect(r.items[1]!.name).toBeUndefined();
    for (let i = 1; i < r.items.length; i++)
      expect(r.items[i]!.distanceKm).toBeGreaterThanOrEqual(r.items[i - 1]!.distanceKm);
  });

  it('matches map modes by flag, and turns decoded map-points into points', () => {
    expect(matchesMode(FLAG.parking, 'charging')).toBe(false);
    expect(matchesMode(FLAG.parking, 'parking')).toBe(true);
    expect(matchesMode(FLAG.poi | FLAG.acceptsPoints, 'service')).toBe(true);
    expect(matchesMode(0, 'both')).toBe(true);
    const points = [
      loc(7, 47.497912, 19.040235, FLAG.charger | FLAG.available),
      loc(3, 46.1, 18.2),
    ];
    expect(toMapPoints(decodeMapPoints(encodeMapPoints(points)))).toEqual([
      loc(3, 46.1, 18.2),
      loc(7, 47.497912, 19.040235, FLAG.charger | FLAG.available),
    ]);
  });

  it('clusters the view from the points around it the same way as from all points (viewport first)', () => {
    const points = grid(20_000);
    const view: BBox = [19.0, 47.4, 19.2, 47.55];
    const full = new ClusterEngine(points).clusters(view, 12);
    const quick = new ClusterEngine(pointsInBox(points, view, 0.5)).clusters(view, 12);
    const sum = (items: typeof full) =>
      items.reduce((s, c) => s + (c.kind === 'cluster' ? c.count : 1), 0);
    // Same locations represented, near-identical clusters (edges may differ slightly).
    expect(Math.abs(sum(quick) - sum(full))).toBeLessThanOrEqual(sum(full) * 0.1);
    expect(Math.abs(quick.length - full.length)).toBeLessThanOrEqual(
      Math.max(2, full.length * 0.2),
    );
    expect(
      pointsInBox(points, view, 0).every(
        (p) => p.lng >= 19.0 && p.lng <= 19.2 && p.lat >= 47.4 && p.lat <= 47.55,
      ),
    ).toBe(true);
  });

  it('clusters 50,000 locations, every one of them counted once', () => {
    const engine = new ClusterEngine(grid(50_000));
    const items = engine.clusters([18.8, 47.3, 19.4, 47.7], 12);
    expect(items.some((i) => i.kind === 'cluster')).toBe(true);
    expect(total(engine, HUNGARY, 12)).toBe(50_000);
  });
});
