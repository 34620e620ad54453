import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { LocationListCache } from './list-cache.js';

/** A database whose only query is the data version; each read takes `delayMs`. */
function versionDb(state: { version: number; delayMs: number }): Db {
  return {
    execute: async () => {
      await new Promise((r) => setTimeout(r, state.delayMs));
      return { rows: [{ v: String(state.version), is_called: true }] };
    },
  } as unknown as Db;
}

describe('the location list cache', () => {
  it('settled() waits for the background rebuild even while its version read is in flight', async () => {
    const state = { version: 1, delayMs: 0 };
    let builds = 0;
    const cache = new LocationListCache(versionDb(state), async () => Buffer.from(`v${++builds}`));
    cache.rebuildDelayMs = 0;
    cache.minRebuildIntervalMs = 0;
    expect((await cache.get()).raw.toString()).toBe('v1');

    state.version = 2;
    expect((await cache.get()).raw.toString()).toBe('v1'); // stale body served, rebuild scheduled
    state.delayMs = 50; // the rebuild's own version read is slow
    await new Promise((r) => setTimeout(r, 10)); // the timer has fired; the read is in flight
    await cache.settled();
    state.delayMs = 0;
    expect((await cache.get()).raw.toString()).toBe('v2');
  });
});
