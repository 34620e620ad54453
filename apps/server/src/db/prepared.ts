import type { Db } from './client.js';

/**
 * A query built once per database and run with placeholders, for the calls every signed-in
 * driver polls (SPEC §9): building a Drizzle query costs more CPU than PostgreSQL's answer to
 * it, and a named statement is parsed and planned once per connection.
 */
export function preparedQuery<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let q = built.get(db);
    if (q === undefined) built.set(db, (q = build(db)));
    return q;
  };
}
