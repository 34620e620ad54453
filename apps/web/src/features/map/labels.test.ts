import { describe, expect, it } from 'vitest';
import type { PointLabel } from './cluster';
import { LABELS_PER_CALL, LabelStore } from './labels';

const label = (id: number) => ({ id, name: `Hely ${id}`, fullAddress: `${id} Budapest` });

describe('map labels (names fetched on demand)', () => {
  it('asks only for unknown ids, once, in calls of at most 200', async () => {
    const calls: number[][] = [];
    const labels = new Map<number, PointLabel>([[1, { name: 'Kész', fullAddress: 'x' }]]);
    const store = new LabelStore(labels, async (ids) => {
      calls.push(ids);
      return ids.filter((id) => id !== 999).map(label);
    });
    const ids = Array.from({ length: LABELS_PER_CALL + 50 }, (_, i) => i + 1);
    const [a, b] = await Promise.all([store.ensure([...ids, 999]), store.ensure([2, 3, 999])]);
    // Id 1 was known; 2…250 and 999 asked once, in two calls; the second ensure waited for them.
    expect(calls.map((c) => c.length)).toEqual([LABELS_PER_CALL, 50]);
    expect(calls.flat().sort((x, y) => x - y)).toEqual([...ids.slice(1), 999]);
    expect(a).toHaveLength(LABELS_PER_CALL + 49);
    expect(b).toEqual([]);
    expect(labels.get(3)).toEqual({ name: 'Hely 3', fullAddress: '3 Budapest' });
    // An id the server does not know (inactive) is asked again later, not cached as missing.
    await store.ensure([999]);
    expect(calls.at(-1)).toEqual([999]);
  });

  it('a failed call (offline) leaves the names out and is retried next time', async () => {
    let online = false;
    const labels = new Map<number, PointLabel>();
    const store = new LabelStore(labels, async (ids) => {
      if (!online) throw new Error('network');
      return ids.map(label);
    });
    expect(await store.ensure([5])).toEqual([]);
    expect(labels.has(5)).toBe(false);
    online = true;
    expect(await store.ensure([5])).toEqual([label(5)]);
    expect(labels.get(5)?.name).toBe('Hely 5');
  });

  it('keeps whose a roaming partner’s site is (the map list marks it)', async () => {
    const labels = new Map<number, PointLabel>();
    const store = new LabelStore(labels, async () => [
      { id: 7, name: 'Pécs, Árkád', fullAddress: '7622 Pécs', partnerName: 'VoltPartner Kft.' },
      label(8),
    ]);
    await store.ensure([7, 8]);
    expect(labels.get(7)?.partnerName).toBe('VoltPartner Kft.');
    expect(labels.get(8)).toEqual({ name: 'Hely 8', fullAddress: '8 Budapest' });
  });
});
