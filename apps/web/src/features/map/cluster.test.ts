import { describe, expect, it } from 'vitest';
import type { LocationListItem } from '@voltpark/contract';
import {
  CLUSTER_OPTIONS,
  ClusterEngine,
  FLAG,
  matchesMode,
  pointFlags,
  pointsInBox,
  toMapPoints,
  type BBox,
} from './cluster';

const HUNGARY: BBox = [16, 45.7, 22.9, 48.6];

function loc(
  id: number,
  lat: number,
  lng: number,
  extra: Partial<LocationListItem> = {},
): LocationListItem {
  return {
    id,
    name: `Hely ${id}`,
    fullAddress: `${id} Budapest`,
    city: 'Budapest',
    lat,
    lng,
    ...extra,
  };
}

/** A deterministic grid of n locations around Budapest with mixed offers. */
function grid(n: number): LocationListItem[] {
  const out: LocationListItem[] = [];
  for (let i = 0; i < n; i++) {
    out.push(
      loc(i + 1, 47.3 + (i % 100) * 0.004, 18.9 + Math.floor(i / 100) * 0.004, {
        hasCharger: i % 2 === 0,
        hasParking: i % 3 === 0,
        hasPoi: i % 5 === 0,
        available: i % 4 === 0,
      }),
    );
  }
  return out;
}

function total(engine: ClusterEngine, bbox: BBox, zoom: number): number {
  return engine.clusters(bbox, zoom).reduce((s, c) => s + (c.kind === 'cluster' ? c.count : 1), 0);
}

describe('cluster engine (the worker’s pure core)', () => {
  it('uses SPEC §9: minimum cluster size 2, clustering up to zoom 15', () => {
    expect(CLUSTER_OPTIONS.minPoints).toBe(2);
    expect(CLUSTER_OPTIONS.maxZoom).toBe(15);
  });

  it('keeps every location in some cluster or marker at every zoom', () => {
    const engine = new ClusterEngine(toMapPoints(grid(2000)));
    for (const z of [5, 8, 12, 15, 16, 19]) expect(total(engine, HUNGARY, z)).toBe(2000);
    const clusters = engine.clusters(HUNGARY, 8).filter((c) => c.kind === 'cluster');
    expect(clusters.length).toBeGreaterThan(0);
    expect(clusters.length).toBeLessThan(100);
  });

  it('never clusters above zoom 15 and never makes a cluster of one', () => {
    const engine = new ClusterEngine(
      toMapPoints([loc(1, 47.5, 19.04), loc(2, 47.5001, 19.0401), loc(3, 46.0, 18.2)]),
    );
    const z12 = engine.clusters(HUNGARY, 12);
    expect(
      z12.filter((c) => c.kind === 'cluster').map((c) => c.kind === 'cluster' && c.count),
    ).toEqual([2]);
    expect(z12.filter((c) => c.kind === 'point').map((c) => c.kind === 'point' && c.id)).toEqual([
      3,
    ]);
    expect(engine.clusters(HUNGARY, 16).every((c) => c.kind === 'point')).toBe(true);
  });

  it('returns only what is inside the box', () => {
    const engine = new ClusterEngine(toMapPoints([loc(1, 47.5, 19.04), loc(2, 46.25, 20.15)]));
    const budapest: BBox = [18.9, 47.3, 19.3, 47.7];
    const items = engine.clusters(budapest, 14);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'point', id: 1, name: 'Hely 1' });
  });

  it('filters by map mode', () => {
    const list = grid(600);
    const engine = new ClusterEngine(toMapPoints(list));
    engine.setMode('parking');
    expect(total(engine, HUNGARY, 10)).toBe(list.filter((l) => l.hasParking).length);
    engine.setMode('charging');
    expect(total(engine, HUNGARY, 10)).toBe(list.filter((l) => l.hasCharger).length);
    engine.setMode('service');
    expect(total(engine, HUNGARY, 10)).toBe(list.filter((l) => l.hasPoi).length);
    engine.setMode('both');
    expect(total(engine, HUNGARY, 10)).toBe(600);
  });

  it('gives a cluster’s expansion zoom, where it splits', () => {
    const engine = new ClusterEngine(toMapPoints([loc(1, 47.5, 19.04), loc(2, 47.505, 19.045)]));
    const c = engine.clusters(HUNGARY, 10).find((i) => i.kind === 'cluster');
    expect(c?.kind).toBe('cluster');
    if (c?.kind !== 'cluster') return;
    const z = engine.expansionZoom(c.clusterId);
    expect(z).toBeGreaterThan(10);
    expect(engine.clusters(HUNGARY, z).every((i) => i.kind === 'point')).toBe(true);
  });

  it('lists the nearest locations in view for the text list, capped', () => {
    const engine = new ClusterEngine(toMapPoints(grid(500)));
    const center = { lat: 47.5, lng: 18.91 };
    const r = engine.nearest(HUNGARY, center, 50);
    expect(r.total).toBe(500);
    expect(r.items).toHaveLength(50);
    for (let i = 1; i < r.items.length; i++)
      expect(r.items[i]!.distanceKm).toBeGreaterThanOrEqual(r.items[i - 1]!.distanceKm);
  });

  it('derives flags and skips locations without coordinates', () => {
    expect(pointFlags(loc(1, 1, 1, { hasCharger: true, available: true }))).toBe(
      FLAG.charger | FLAG.available,
    );
    expect(matchesMode(FLAG.parking, 'charging')).toBe(false);
    expect(matchesMode(FLAG.parking, 'parking')).toBe(true);
    expect(toMapPoints([loc(1, Number.NaN, 19)])).toHaveLength(0);
  });

  it('clusters the view from the points around it the same way as from all points (viewport first)', () => {
    const points = toMapPoints(grid(20_000));
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

  it('clusters 50,000 locations quickly', () => {
    const list = grid(50_000);
    const t0 = performance.now();
    const engine = new ClusterEngine(toMapPoints(list));
    const items = engine.clusters([18.8, 47.3, 19.4, 47.7], 12);
    const ms = performance.now() - t0;
    expect(items.length).toBeGreaterThan(0);
    expect(ms).toBeLessThan(3000);
  });
});
