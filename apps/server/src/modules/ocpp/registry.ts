import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chargePoints, chargers, chargingTariffs, locations } from '../../db/schema/index.js';
import { onlineStatusSql } from './status.js';
import { checkKeyLength, generateKey, hashChargePointKey } from './keys.js';
import { CHARGE_POINT_ID_RE } from './edge.js';

export class RegistryError extends Error {}

export interface AddChargePoint {
  id: string;
  key: string;
  locationId?: number;
  connectors?: number;
  type?: 'AC' | 'DC';
  powerKw?: number;
  outlet?: 'TYPE2' | 'CCS' | 'CHADEMO';
  tariffId?: number | null;
  vendor?: string;
  model?: string;
}

/** Operator registration of charge points (the `npm run chargers` CLI and tests). */
export async function addChargePoint(
  db: Db,
  input: AddChargePoint,
): Promise<{ id: string; chargerIds: number[] }> {
  if (!CHARGE_POINT_ID_RE.test(input.id)) {
    throw new RegistryError('--id must be 1–48 characters: letters, digits and . _ ~ : -');
  }
  const keyProblem = checkKeyLength(input.key);
  if (keyProblem) throw new RegistryError(keyProblem);
  const type = input.type ?? 'AC';
  const connectors = input.connectors ?? (type === 'AC' ? 2 : 1);
  if (!Number.isInteger(connectors) || connectors < 1 || connectors > 10) {
    throw new RegistryError('--connectors must be a whole number 1..10');
  }
  const powerKw = input.powerKw ?? (type === 'AC' ? 22 : 50);
  if (!(powerKw > 0 && powerKw <= 1000))
    throw new RegistryError('--power must be a number of kW in (0, 1000]');
  const outlet = input.outlet ?? (type === 'AC' ? 'TYPE2' : 'CCS');
  if (type === 'AC' && outlet !== 'TYPE2')
    throw new RegistryError('an AC charger has TYPE2 outlets');
  if (type === 'DC' && outlet === 'TYPE2')
    throw new RegistryError('a DC charger has CCS or CHADEMO outlets');

  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: chargePoints.id })
      .from(chargePoints)
      .where(eq(chargePoints.id, input.id));
    if (existing)
      throw new RegistryError(
        `charge point ${input.id} already exists (use rotate-key to change its key)`,
      );
    if (input.tariffId != null) {
      const [t] = await tx
        .select({ id: chargingTariffs.id })
        .from(chargingTariffs)
        .where(eq(chargingTariffs.id, input.tariffId));
      if (!t) throw new RegistryError(`no tariff with id ${input.tariffId}`);
    }
    let locationId = input.locationId;
    if (locationId !== undefined) {
      const [l] = await tx
        .select({ id: locations.id })
        .from(locations)
        .where(eq(locations.id, locationId));
      if (!l) throw new RegistryError(`no location with id ${locationId}`);
    } else {
      // Not yet placed: a hidden (inactive) location the operator can fill in later.
      const [l] = await tx
        .insert(locations)
        .values({
          name: `Charge point ${input.id}`,
          zipCode: '0000',
          city: '-',
          street: '-',
          addressType: 'utca',
          houseNumber: '-',
          lat: 47.4979,
          lng: 19.0402,
          active: false,
        })
        .returning({ id: locations.id });
      locationId = l!.id;
    }
    await tx.insert(chargePoints).values({
      id: input.id,
      locationId,
      vendor: input.vendor ?? '-',
      model: input.model ?? '-',
      authKeyHash: hashChargePointKey(input.key),
      currentType: type,
      registeredAt: new Date(),
    });
    const rows = await tx
      .insert(chargers)
      .values(
        Array.from({ length: connectors }, (_, i) => ({
          chargePointId: input.id,
          connectorId: i + 1,
          name: `${input.id} ${type} ${connectors > 1 ? `${i + 1}/${connectors}` : ''}`.trim(),
          shortName: `${type} ${i + 1}`,
          outletType: outlet,
          powerKw,
          tariffId: input.tariffId ?? null,
          status: 'NEW_NOT_CONNECTED' as const,
        })),
      )
      .returning({ id: chargers.id });
    return { id: input.id, chargerIds: rows.map((r) => r.id) };
  });
}

export interface ChargePointListItem {
  id: string;
  locationId: number;
  disabled: boolean;
  hasKey: boolean;
  lastBootAt: Date | null;
  lastHeartbeatAt: Date | null;
  connectors: {
    connectorId: number;
    status: string;
    powerKw: number;
    outletType: string;
    tariffId: number | null;
  }[];
}

export async function listChargePoints(db: Db): Promise<ChargePointListItem[]> {
  const cps = await db.select().from(chargePoints).orderBy(asc(chargePoints.id));
  const cs = await db
    .select()
    .from(chargers)
    .orderBy(asc(chargers.chargePointId), asc(chargers.connectorId));
  const byCp = new Map<string, ChargePointListItem['connectors']>();
  for (const c of cs) {
    const list = byCp.get(c.chargePointId) ?? [];
    list.push({
      connectorId: c.connectorId,
      status: c.status,
      powerKw: c.powerKw,
      outletType: c.outletType,
      tariffId: c.tariffId,
    });
    byCp.set(c.chargePointId, list);
  }
  return cps.map((cp) => ({
    id: cp.id,
    locationId: cp.locationId,
    disabled: cp.disabled,
    hasKey: cp.authKeyHash !== null,
    lastBootAt: cp.lastBootAt,
    lastHeartbeatAt: cp.lastHeartbeatAt,
    connectors: byCp.get(cp.id) ?? [],
  }));
}

/** Disabled: refused at the handshake and at BootNotification; connectors become UNAVAILABLE. */
export async function setChargePointDisabled(db: Db, id: string, disabled: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(chargePoints)
      .set({ disabled })
      .where(eq(chargePoints.id, id))
      .returning({ id: chargePoints.id });
    if (rows.length === 0) throw new RegistryError(`no charge point with id ${id}`);
    if (disabled) {
      await tx.execute(sql`update chargers set status = 'UNAVAILABLE', status_changed_at = now()
        where charge_point_id = ${id} and not out_of_service and status <> 'UNAVAILABLE'`);
    }
  });
}

/** Sets (or generates) a new key; returns the key so a generated one can be shown once. */
export async function rotateChargePointKey(db: Db, id: string, key?: string): Promise<string> {
  const newKey = key ?? generateKey();
  const problem = checkKeyLength(newKey);
  if (problem) throw new RegistryError(problem);
  const rows = await db
    .update(chargePoints)
    .set({ authKeyHash: hashChargePointKey(newKey) })
    .where(eq(chargePoints.id, id))
    .returning({ id: chargePoints.id });
  if (rows.length === 0) throw new RegistryError(`no charge point with id ${id}`);
  return newKey;
}

/** Operator OUT_OF_SERVICE switch on one connector (or all with connectorId undefined). */
export async function setOutOfService(
  db: Db,
  id: string,
  outOfService: boolean,
  connectorId?: number,
): Promise<void> {
  const where =
    connectorId === undefined
      ? sql`charge_point_id = ${id}`
      : sql`charge_point_id = ${id} and connector_id = ${connectorId}`;
  const res = (await db.execute(sql`
    update chargers c set out_of_service = ${outOfService},
      status = case when ${outOfService} then 'OUT_OF_SERVICE'::charger_status
        when c.ocpp_status is null then (case when cp.last_boot_at is null then 'NEW_NOT_CONNECTED' else 'UNKNOWN' end)::charger_status
        when cp.offline_at is not null then 'UNKNOWN'::charger_status
        else coalesce(${onlineStatusSql(sql`c.ocpp_status`, sql`cp.ocpp_status`)}, 'UNKNOWN'::charger_status) end,
      status_changed_at = now()
    from charge_points cp where cp.id = c.charge_point_id and ${where}
    returning c.id`)) as unknown as { rows: unknown[] };
  if (res.rows.length === 0) throw new RegistryError(`no such charge point/connector: ${id}`);
}
