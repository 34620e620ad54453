import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { fileStateStore, type FleetMember } from '@voltpark/sim';
import type { Db } from '../../db/client.js';
import { GENERATED_CHARGE_POINT_PREFIX } from '../../db/seed/generated-ids.js';
import { hashChargePointKey, sandboxKey } from './keys.js';
import type { AppChargerStatus } from './status.js';

/** What a sandbox simulator reports for a seeded connector state (SPEC §4 shown on purpose). */
const REPORT: Partial<
  Record<AppChargerStatus, NonNullable<FleetMember['connectors'][number]['status']>>
> = {
  AVAILABLE: 'Available',
  PREPARING: 'Preparing',
  OCCUPIED: 'SuspendedEV',
  RESERVED: 'Reserved',
  FINISHING: 'Finishing',
  ERROR: 'Faulted',
  UNAVAILABLE: 'Unavailable',
  OUT_OF_SERVICE: 'Available',
};

interface Row {
  id: string;
  vendor: string;
  model: string;
  last_boot_at: string | null;
  connectors: { connectorId: number; powerKw: number; status: AppChargerStatus }[];
}

/**
 * Sandbox start-up: every charge point without a key gets its sandbox key (derived from the
 * sandbox secret, so simulators know it), and seeded OUT_OF_SERVICE connectors become the
 * operator switch. Cheap (two statements) and idempotent.
 */
export async function prepareSandboxChargePoints(db: Db): Promise<void> {
  const rows = (await db.execute(
    sql`select id from charge_points where auth_key_hash is null`,
  )) as unknown as {
    rows: { id: string }[];
  };
  if (rows.rows.length > 0) {
    const batch = rows.rows.map((r) => ({ id: r.id, h: hashChargePointKey(sandboxKey(r.id)) }));
    await db.execute(sql`
      update charge_points cp set auth_key_hash = t.h
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as t(id text, h text)
      where cp.id = t.id and cp.auth_key_hash is null`);
  }
  const oos = (await db.execute(
    sql`select 1 from chargers where status = 'OUT_OF_SERVICE' and not out_of_service limit 1`,
  )) as unknown as { rows: unknown[] };
  if (oos.rows.length > 0) {
    await db.execute(
      sql`update chargers set out_of_service = true where status = 'OUT_OF_SERVICE' and not out_of_service`,
    );
  }
}

/**
 * Simulators for the charge points in the database: a charge point whose connectors show
 * UNKNOWN stays offline, one that never booted (NEW_NOT_CONNECTED) never connects, the others
 * report their seeded state (ERROR as Faulted, OCCUPIED as SuspendedEV, …).
 *
 * The scale-test generator's charge points are left out unless asked for: tens of thousands of
 * simulators inside the server would keep its thread busy and slow every answer (bench/ocpp and
 * `npm run sim -- --ids-from-db` drive them from processes of their own).
 */
export async function sandboxFleet(
  db: Db,
  options: { limit?: number; key?: string; includeGenerated?: boolean } = {},
): Promise<FleetMember[]> {
  const { limit = 100_000, key, includeGenerated = false } = options;
  const generated = `${GENERATED_CHARGE_POINT_PREFIX}%`;
  const result = (await db.execute(sql`
    select cp.id, cp.vendor, cp.model, cp.last_boot_at,
      json_agg(json_build_object('connectorId', c.connector_id, 'powerKw', c.power_kw, 'status', c.status)
        order by c.connector_id) as connectors
    from charge_points cp join chargers c on c.charge_point_id = cp.id
    where not cp.disabled and (${includeGenerated} or cp.id not like ${generated})
    group by cp.id order by cp.id limit ${limit}`)) as unknown as { rows: Row[] };
  return result.rows.map((r) => {
    const byId = new Map(r.connectors.map((c) => [c.connectorId, c]));
    const max = Math.max(...r.connectors.map((c) => c.connectorId));
    const connectors = Array.from({ length: max }, (_, i) => {
      const c = byId.get(i + 1);
      return { powerKw: c?.powerKw ?? 22, status: (c && REPORT[c.status]) ?? 'Available' };
    });
    const neverBooted =
      r.last_boot_at === null || r.connectors.every((c) => c.status === 'NEW_NOT_CONNECTED');
    const offline = neverBooted || r.connectors.some((c) => c.status === 'UNKNOWN');
    return {
      id: r.id,
      key: key ?? sandboxKey(r.id),
      vendor: r.vendor,
      model: r.model,
      connectors,
      offline,
      meterIntervalSec: 10,
      car: { maxPowerKw: 50, batteryKwh: 40 },
    };
  });
}

/**
 * The simulators keep their state (transactions, meter registers, statuses, queued messages)
 * under `root` (DATA_DIR/sandbox-chargers), one small file each, so after the server process is
 * killed and started again they carry on like real chargers (docs/decisions/0015). The folder is
 * named after this database (an id kept in app_meta): another database on the same DATA_DIR
 * starts with chargers of its own. A file naming a transaction the database does not have is
 * dropped all the same.
 */
export async function withSandboxState(
  db: Db,
  root: string,
  members: FleetMember[],
): Promise<FleetMember[]> {
  await db.execute(
    sql`insert into app_meta (key, value) values ('sandboxChargerStateId', ${randomBytes(8).toString('hex')}) on conflict (key) do nothing`,
  );
  const idRows = (await db.execute(
    sql`select value from app_meta where key = 'sandboxChargerStateId'`,
  )) as unknown as { rows: { value: string }[] };
  const dir = path.join(root, idRows.rows[0]!.value);
  const stores = new Map(members.map((m) => [m.id, fileStateStore(dir, m.id)]));
  const claimed: { id: number; cp: string; tag: string }[] = [];
  for (const [cp, store] of stores) {
    for (const t of store.load()?.transactions ?? [])
      if (t.id !== null) claimed.push({ id: t.id, cp, tag: t.idTag });
  }
  if (claimed.length > 0) {
    const known = (await db.execute(sql`
      select t.id from ocpp_transactions o
      join jsonb_to_recordset(${JSON.stringify(claimed)}::jsonb) as t(id int, cp text, tag text)
        on o.id = t.id and o.charge_point_id = t.cp and o.id_tag = t.tag`)) as unknown as {
      rows: { id: number }[];
    };
    const ok = new Set(known.rows.map((r) => r.id));
    for (const c of claimed) if (!ok.has(c.id)) stores.get(c.cp)!.remove();
  }
  return members.map((m) => ({ ...m, store: stores.get(m.id)! }));
}

/** For `npm run sim -- --ids-from-db`: the fleet of the configured database. */
export async function simFleetFromDatabase(count: number, key?: string): Promise<FleetMember[]> {
  const path = await import('node:path');
  const { loadConfig } = await import('../../config.js');
  const { openDatabase } = await import('../../db/client.js');
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'db') },
  );
  try {
    return (await sandboxFleet(database.db, { limit: count, key, includeGenerated: true })).map(
      (m) => ({ ...m, offline: false }),
    );
  } finally {
    await database.close();
  }
}
