import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { gateOpenRequests, gates, parkingLots } from '../../db/schema/index.js';
import { checkGateKey, generateGateKey, hashGateKey } from './keys.js';

export class GateRegistryError extends Error {}

export type GateDirection = 'IN' | 'OUT' | 'BOTH';

export interface AddGate {
  lotId: number;
  direction: GateDirection;
  name?: string;
  /** Without a key one is generated (and returned so it can be shown once). */
  key?: string;
  /** The operator's label of the controller hardware (default `gate-{id}`). */
  controllerId?: string;
}

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/** Operator registration of gates (the `npm run gates` CLI and tests). */
export async function addGate(db: Db, input: AddGate): Promise<{ id: number; key: string }> {
  const key = input.key ?? generateGateKey();
  const problem = checkGateKey(key);
  if (problem) throw new GateRegistryError(problem);
  return db.transaction(async (tx) => {
    const [lot] = await tx
      .select({ id: parkingLots.id })
      .from(parkingLots)
      .where(eq(parkingLots.id, input.lotId));
    if (!lot) throw new GateRegistryError(`no parking lot with id ${input.lotId}`);
    // The id is the controller's MQTT identity, so it is taken first and named after.
    const [next] = rowsOf<{ id: number }>(
      await tx.execute(sql`select nextval(pg_get_serial_sequence('gates', 'id'))::int as id`),
    );
    const id = next!.id;
    const controllerId = input.controllerId ?? `gate-${id}`;
    const [taken] = await tx
      .select({ id: gates.id })
      .from(gates)
      .where(eq(gates.controllerId, controllerId));
    if (taken)
      throw new GateRegistryError(`controller ${controllerId} is already gate ${taken.id}`);
    const defaultName = { IN: 'Behajtó', OUT: 'Kihajtó', BOTH: 'Sorompó' }[input.direction];
    await tx.insert(gates).values({
      id,
      parkingLotId: input.lotId,
      name: input.name ?? defaultName,
      direction: input.direction,
      controllerId,
      keyHash: hashGateKey(key),
    });
    return { id, key };
  });
}

export interface GateListItem {
  id: number;
  lotId: number;
  name: string;
  direction: GateDirection;
  controllerId: string;
  enabled: boolean;
  hasKey: boolean;
  online: boolean;
  sensor: 'ok' | 'fault' | null;
  carPresent: boolean;
  plate: string | null;
  lastSeenAt: Date | null;
  /** The pending open request's id, if any. */
  pendingRequestId: string | null;
}

export async function listGates(db: Db, lotId?: number): Promise<GateListItem[]> {
  const rows = await db
    .select({ gate: gates, pendingId: gateOpenRequests.id })
    .from(gates)
    .leftJoin(
      gateOpenRequests,
      sql`${gateOpenRequests.gateId} = ${gates.id} and ${gateOpenRequests.outcome} is null`,
    )
    .where(lotId === undefined ? undefined : eq(gates.parkingLotId, lotId))
    .orderBy(asc(gates.id));
  return rows.map(({ gate: g, pendingId }) => ({
    id: g.id,
    lotId: g.parkingLotId,
    name: g.name,
    direction: g.direction,
    controllerId: g.controllerId,
    enabled: g.enabled,
    hasKey: g.keyHash !== null,
    online: g.online,
    sensor: g.sensor,
    carPresent: g.carPresent,
    plate: g.plate,
    lastSeenAt: g.lastSeenAt,
    pendingRequestId: pendingId,
  }));
}

/** Sets (or generates) a gate's key; returns it so a generated one can be shown once. */
export async function setGateKey(db: Db, id: number, key?: string): Promise<string> {
  const newKey = key ?? generateGateKey();
  const problem = checkGateKey(newKey);
  if (problem) throw new GateRegistryError(problem);
  const rows = await db
    .update(gates)
    .set({ keyHash: hashGateKey(newKey) })
    .where(eq(gates.id, id))
    .returning({ id: gates.id });
  if (rows.length === 0) throw new GateRegistryError(`no gate with id ${id}`);
  return newKey;
}

/**
 * A disabled gate's controller is refused by the embedded broker (a connected one is
 * disconnected within the server's registry check) and the gate never opens.
 */
export async function setGateEnabled(db: Db, id: number, enabled: boolean): Promise<void> {
  const rows = await db
    .update(gates)
    .set({ enabled })
    .where(eq(gates.id, id))
    .returning({ id: gates.id });
  if (rows.length === 0) throw new GateRegistryError(`no gate with id ${id}`);
}
