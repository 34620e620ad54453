import { sql, type SQL } from 'drizzle-orm';

/** `excluded.<column>` of an INSERT … ON CONFLICT DO UPDATE (the row that was to be inserted). */
export const excluded = (column: string): SQL => sql.raw(`excluded.${column}`);

/** Objects of one page by key, the newest of each kept (one INSERT may not hit a row twice). */
export function newestByKey<T>(items: T[], key: (t: T) => string, time: (t: T) => number): T[] {
  const byKey = new Map<string, T>();
  for (const item of items) {
    const k = key(item);
    const had = byKey.get(k);
    if (!had || time(item) >= time(had)) byKey.set(k, item);
  }
  return [...byKey.values()];
}
