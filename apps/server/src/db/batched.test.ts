import { describe, expect, it } from 'vitest';
import { batchedQuery, groupRows } from './batched.js';
import type { Db } from './client.js';

/** A database stand-in: the batcher only keys its state by it. */
const fakeDb = () => ({}) as Db;

interface Row {
  key: number;
  value: string;
}

/** A batch run whose answers the test releases by hand, recording which keys each run got. */
function controlledRun(table: Map<number, string[]>) {
  const runs: { keys: number[]; release: () => void; fail: (e: Error) => void }[] = [];
  const run = (_db: Db, keys: number[]) =>
    new Promise<Map<number, Row[]>>((resolve, reject) => {
      // The rows are read when released: what the table holds then is what a query would see.
      runs.push({
        keys,
        release: () =>
          resolve(
            groupRows(
              keys.flatMap((key) => (table.get(key) ?? []).map((value) => ({ key, value }))),
              (r) => r.key,
            ),
          ),
        fail: reject,
      });
    });
  return { run, runs };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('batched reads', () => {
  it('asks once for the callers of one turn, and each gets only its own rows', async () => {
    const table = new Map([
      [1, ['a1', 'a2']],
      [2, ['b1']],
    ]);
    const { run, runs } = controlledRun(table);
    const read = batchedQuery(run);
    const db = fakeDb();
    const answers = Promise.all([read(db, 1), read(db, 2), read(db, 3), read(db, 1)]);
    await turn();
    expect(runs.map((r) => r.keys)).toEqual([[1, 2, 3]]);
    runs[0]!.release();
    const [one, two, three, oneAgain] = await answers;
    expect(one!.map((r) => r.value)).toEqual(['a1', 'a2']);
    expect(two!.map((r) => r.value)).toEqual(['b1']);
    expect(three).toEqual([]);
    expect(oneAgain).toEqual(one);
  });

  it('never answers a caller from a read that was sent before it asked', async () => {
    const table = new Map([[1, ['before']]]);
    const { run, runs } = controlledRun(table);
    const read = batchedQuery(run, { maxInFlight: 1 });
    const db = fakeDb();
    const first = read(db, 1);
    await turn();
    expect(runs).toHaveLength(1);
    // A change is committed and the same driver polls again while the first read is out.
    table.set(1, ['after']);
    const second = read(db, 1);
    await turn();
    // One batch at most is out: the second waits for its own read instead of joining the first.
    expect(runs).toHaveLength(1);
    runs[0]!.release();
    expect((await first).map((r) => r.value)).toEqual(['after']);
    await turn();
    await turn();
    expect(runs).toHaveLength(2);
    expect(runs[1]!.keys).toEqual([1]);
    table.set(1, ['latest']);
    runs[1]!.release();
    expect((await second).map((r) => r.value)).toEqual(['latest']);
  });

  it('splits a large wait into batches of maxKeys, and a failed batch fails only its callers', async () => {
    const table = new Map([[5, ['e']]]);
    const { run, runs } = controlledRun(table);
    const read = batchedQuery(run, { maxKeys: 2, maxInFlight: 2 });
    const db = fakeDb();
    const all = [1, 2, 3, 4, 5].map((k) =>
      read(db, k).then(
        (rows) => ({ ok: rows.map((r) => r.value) }),
        (err: Error) => ({ failed: err.message }),
      ),
    );
    await turn();
    expect(runs.map((r) => r.keys)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    runs[0]!.fail(new Error('connection lost'));
    runs[1]!.release();
    await turn();
    await turn();
    expect(runs[2]!.keys).toEqual([5]);
    runs[2]!.release();
    expect(await Promise.all(all)).toEqual([
      { failed: 'connection lost' },
      { failed: 'connection lost' },
      { ok: [] },
      { ok: [] },
      { ok: ['e'] },
    ]);
  });

  it('keeps the batches of two databases apart', async () => {
    const { run, runs } = controlledRun(new Map([[1, ['x']]]));
    const read = batchedQuery(run);
    const a = read(fakeDb(), 1);
    const b = read(fakeDb(), 1);
    await turn();
    expect(runs).toHaveLength(2);
    for (const r of runs) r.release();
    expect(await a).toEqual(await b);
  });
});
