import { describe, expect, it } from 'vitest';
import { AnswerCache } from './cache.js';

const clock = () => {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
};

describe('the open-data answer cache', () => {
  it('serves one computation until the time to live has passed', async () => {
    const c = clock();
    const cache = new AnswerCache(5_000, 10, c.now);
    let computed = 0;
    const compute = async () => ({ data: `[${++computed}]`, headers: {} });
    const a = await cache.get('k', compute);
    c.advance(4_999);
    const b = await cache.get('k', compute);
    expect(b).toEqual(a);
    expect(computed).toBe(1);
    c.advance(1);
    const d = await cache.get('k', compute);
    expect(d.data).toBe('[2]');
    expect(d.etag).not.toBe(a.etag);
  });

  it('concurrent misses share one computation; a failure is not kept', async () => {
    const cache = new AnswerCache(5_000, 10, clock().now);
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error('database down');
    };
    const results = await Promise.allSettled([cache.get('k', failing), cache.get('k', failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    await expect(cache.get('k', async () => ({ data: '[]', headers: {} }))).resolves.toMatchObject({
      data: '[]',
    });
  });

  it('keeps at most its number of entries, dropping the oldest', async () => {
    const cache = new AnswerCache(5_000, 2, clock().now);
    let computed = 0;
    const compute = async () => ({ data: `[${++computed}]`, headers: {} });
    await cache.get('a', compute);
    await cache.get('b', compute);
    await cache.get('c', compute);
    await cache.get('b', compute);
    expect(computed).toBe(3);
    await cache.get('a', compute);
    expect(computed).toBe(4);
  });

  it('a time to live of 0 caches nothing', async () => {
    const cache = new AnswerCache(0, 2, clock().now);
    let computed = 0;
    const compute = async () => ({ data: `[${++computed}]`, headers: {} });
    await cache.get('a', compute);
    await cache.get('a', compute);
    expect(computed).toBe(2);
  });
});
