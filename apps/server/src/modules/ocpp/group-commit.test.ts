import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.js';

describe('group commit of OCPP writes', () => {
  it('writes arriving while a batch is written go together in the next one, each gets its own result', async () => {
    const batches: number[][] = [];
    const g = new GroupCommit<number, number>(async (items) => {
      batches.push(items);
      await new Promise((r) => setTimeout(r, 20));
      return items.map((i) => i * 10);
    });
    const results = await Promise.all([1, 2, 3, 4].map((i) => g.submit(i)));
    expect(results).toEqual([10, 20, 30, 40]);
    // The first starts at once (no waiting when idle); the others waited and went as one batch.
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('with room for more batches at once, a write does not wait for the one being written', async () => {
    const batches: number[][] = [];
    const g = new GroupCommit<number, number>(
      async (items) => {
        batches.push(items);
        await new Promise((r) => setTimeout(r, 20));
        return items;
      },
      { maxConcurrent: 2 },
    );
    await Promise.all([1, 2, 3, 4].map((i) => g.submit(i)));
    expect(batches).toEqual([[1], [2], [3, 4]]);
  });

  it('a bad write fails only its own caller', async () => {
    const g = new GroupCommit<number, number>(async (items) => {
      await new Promise((r) => setTimeout(r, 5));
      if (items.includes(3)) throw new Error('bad value 3');
      return items;
    });
    const settled = await Promise.allSettled([1, 2, 3, 4].map((i) => g.submit(i)));
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(await g.submit(5)).toBe(5);
  });
});
