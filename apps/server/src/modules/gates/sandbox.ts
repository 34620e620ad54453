import { sql } from 'drizzle-orm';
import type { GateFleetMember } from '@voltpark/sim';
import type { Db } from '../../db/client.js';
import { hashGateKey, sandboxGateKey } from './keys.js';

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/** Controller labels of the scale-test generator's gates: they get no in-process simulator. */
const GENERATED_GATE_PREFIX = 'GEN-GATE-';

/**
 * Sandbox start-up: every gate without a key gets its sandbox key (derived from the sandbox
 * secret, so the simulated controllers know it). Idempotent; one statement when all have keys.
 */
export async function prepareSandboxGates(db: Db): Promise<void> {
  const missing = rowsOf<{ id: number }>(
    await db.execute(sql`select id from gates where key_hash is null`),
  );
  if (missing.length === 0) return;
  const batch = missing.map((r) => ({ id: r.id, h: hashGateKey(sandboxGateKey(r.id)) }));
  await db.execute(sql`
    update gates g set key_hash = t.h
    from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as t(id int, h text)
    where g.id = t.id and g.key_hash is null`);
}

/** A simulated controller for every enabled demo gate, with the lot's pass time. */
export async function sandboxGateFleet(db: Db): Promise<GateFleetMember[]> {
  const rows = rowsOf<{ id: number; pass: number }>(
    await db.execute(sql`
      select g.id, l.parking_time_in_seconds as pass
      from gates g join parking_lots l on l.id = g.parking_lot_id
      where g.enabled and g.controller_id not like ${`${GENERATED_GATE_PREFIX}%`}
      order by g.id`),
  );
  return rows.map((r) => ({ gateId: r.id, key: sandboxGateKey(r.id), passTimeMs: r.pass * 1000 }));
}

/** For `npm run sim -- gates --from-db`: the gates of the configured database. */
export async function simGateFleetFromDatabase(): Promise<GateFleetMember[]> {
  const path = await import('node:path');
  const { loadConfig } = await import('../../config.js');
  const { openDatabase } = await import('../../db/client.js');
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'db') },
  );
  try {
    return await sandboxGateFleet(database.db);
  } finally {
    await database.close();
  }
}
