import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/** The rows one batch found, by the key each belongs to (a key without rows is absent). */
export type BatchRun<K, R> = (db: Db, keys: K[]) => Promise<Map<K, R[]>>;

export interface BatchOptions {
  /** Batches of one kind out at once (per database); more callers wait for the next batch. */
  maxInFlight?: number;
  /** Keys in one batch at most. */
  maxKeys?: number;
}

interface Waiter<R> {
  resolve: (rows: R[]) => void;
  reject: (err: unknown) => void;
}

/**
 * One read for many callers: the polling calls of many drivers (SPEC §9) that fall in the same
 * turn of the event loop, or arrive while earlier batches are out, are asked in one query
 * (`… where user_id = any($1)`) instead of one round trip each — the database round trip, not
 * the query, is what the server spends its CPU on (decision 0045).
 *
 * Freshness is that of an unbatched read: a caller only ever joins a batch that has not been
 * sent yet, so its query starts after the caller asked, and sees every change committed before.
 * Callers asking for the same key in one batch get the same rows (they must not change them).
 * With nothing out the batch is sent once the current turn's I/O is done (`setImmediate`), so
 * a lone request waits for no timer.
 */
export function batchedQuery<K, R>(
  run: BatchRun<K, R>,
  options: BatchOptions = {},
): (db: Db, key: K) => Promise<R[]> {
  const batchers = new WeakMap<Db, Batcher<K, R>>();
  return (db, key) => {
    let b = batchers.get(db);
    if (!b) batchers.set(db, (b = new Batcher(db, run, options)));
    return b.load(key);
  };
}

class Batcher<K, R> {
  private pending = new Map<K, Waiter<R>[]>();
  private inFlight = 0;
  private scheduled = false;
  private readonly maxInFlight: number;
  private readonly maxKeys: number;

  constructor(
    private readonly db: Db,
    private readonly run: BatchRun<K, R>,
    options: BatchOptions,
  ) {
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 2);
    this.maxKeys = Math.max(1, options.maxKeys ?? 500);
  }

  load(key: K): Promise<R[]> {
    return new Promise((resolve, reject) => {
      const waiting = this.pending.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else this.pending.set(key, [{ resolve, reject }]);
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.pending.size === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush() {
    while (this.inFlight < this.maxInFlight && this.pending.size > 0) {
      let batch: Map<K, Waiter<R>[]>;
      if (this.pending.size <= this.maxKeys) {
        batch = this.pending;
        this.pending = new Map();
      } else {
        batch = new Map();
        for (const [k, w] of this.pending) {
          if (batch.size >= this.maxKeys) break;
          batch.set(k, w);
          this.pending.delete(k);
        }
      }
      this.inFlight++;
      this.send(batch).finally(() => {
        this.inFlight--;
        this.schedule();
      });
    }
  }

  private async send(batch: Map<K, Waiter<R>[]>) {
    try {
      const found = await this.run(this.db, [...batch.keys()]);
      for (const [k, waiters] of batch) {
        const rows = found.get(k) ?? [];
        for (const w of waiters) w.resolve(rows);
      }
    } catch (err) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
    }
  }
}

/** Groups rows by their key, keeping the query's order within each key. */
export function groupRows<K, R>(rows: R[], keyOf: (row: R) => K): Map<K, R[]> {
  const out = new Map<K, R[]>();
  for (const r of rows) {
    const k = keyOf(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

/**
 * The key condition of a batched read, in its two statements: `column = $key` for a batch of
 * one, which PostgreSQL plans once per connection and then reuses; `column = any($keys)` for
 * several, which it plans for each batch, knowing its size (a cached plan for "some keys" would
 * guess, and re-planning a batch of one each time cost more than its answer: decision 0067).
 */
export function keyIs(column: AnyColumn, many: boolean, type: 'int' | 'text'): SQL {
  return many
    ? sql`${column} = any(${sql.placeholder('keys')}::${sql.raw(type)}[])`
    : sql`${column} = ${sql.placeholder('key')}`;
}

interface KeyedStatement<R> {
  execute(placeholders: Record<string, unknown>): Promise<R[]>;
}

/**
 * A batch run over the one-key and the many-key statement of the same read (built by `build`
 * with `keyIs(…, many, …)` and a statement name of its own for each).
 */
export function byKeys<K, R>(
  build: (many: boolean) => (db: Db) => KeyedStatement<R>,
): (db: Db, keys: K[]) => Promise<R[]> {
  const one = build(false);
  const many = build(true);
  return (db, keys) =>
    keys.length === 1 ? one(db).execute({ key: keys[0] }) : many(db).execute({ keys });
}
