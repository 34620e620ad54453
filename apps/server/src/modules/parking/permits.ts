import { and, asc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { parkingLots, parkingPermits } from '../../db/schema/index.js';
import { normalisePlate } from './plates.js';

/** A refusal of a permit change the operator can fix (unknown lot, bad plate or dates). */
export class PermitError extends Error {}

/** Today in Budapest as YYYY-MM-DD: permits run by Hungarian calendar days. */
export function budapestDay(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Budapest',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

const isDay = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

export interface Permit {
  id: number;
  lotId: number;
  plate: string;
  /** Inclusive Budapest days; null = open-ended. */
  validFrom: string | null;
  validTo: string | null;
}

const permitColumns = {
  id: parkingPermits.id,
  lotId: parkingPermits.parkingLotId,
  plate: parkingPermits.plate,
  validFrom: parkingPermits.validFrom,
  validTo: parkingPermits.validTo,
};

/**
 * Does the plate hold a permit at the lot that is valid today (Budapest)? False for a lot
 * without permits (hasPermits off) and for a plate that cannot be a plate.
 */
export async function hasValidPermit(
  db: DbOrTx,
  lotId: number,
  plate: string,
  now: Date = new Date(),
): Promise<boolean> {
  const normal = normalisePlate(plate);
  if (!normal) return false;
  const today = budapestDay(now);
  const [row] = await db
    .select({ id: parkingPermits.id })
    .from(parkingPermits)
    .innerJoin(parkingLots, eq(parkingLots.id, parkingPermits.parkingLotId))
    .where(
      and(
        eq(parkingPermits.parkingLotId, lotId),
        eq(parkingPermits.plate, normal),
        eq(parkingLots.hasPermits, true),
        or(isNull(parkingPermits.validFrom), lte(parkingPermits.validFrom, today)),
        or(isNull(parkingPermits.validTo), gte(parkingPermits.validTo, today)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function listPermits(db: DbOrTx, lotId: number): Promise<Permit[]> {
  await requireLot(db, lotId);
  return db
    .select(permitColumns)
    .from(parkingPermits)
    .where(eq(parkingPermits.parkingLotId, lotId))
    .orderBy(asc(parkingPermits.plate));
}

/**
 * Gives a plate a permit at the lot, or changes the validity of its permit there. The lot is
 * switched to hasPermits (a lot with a permit list asks the permit question).
 */
export async function addPermit(
  db: DbOrTx,
  input: { lotId: number; plate: string; validFrom?: string | null; validTo?: string | null },
): Promise<{ permit: Permit; created: boolean; lotSwitchedOn: boolean }> {
  const plate = normalisePlate(input.plate);
  if (!plate) throw new PermitError(`"${input.plate}" is not a car plate (letters and digits)`);
  const validFrom = input.validFrom ?? null;
  const validTo = input.validTo ?? null;
  for (const [name, v] of [
    ['from', validFrom],
    ['to', validTo],
  ] as const) {
    if (v !== null && !isDay(v)) throw new PermitError(`--${name} must be a date as YYYY-MM-DD`);
  }
  if (validFrom && validTo && validTo < validFrom)
    throw new PermitError('the permit would end before it starts (--to is before --from)');
  await requireLot(db, input.lotId);
  const [existing] = await db
    .select({ id: parkingPermits.id })
    .from(parkingPermits)
    .where(and(eq(parkingPermits.parkingLotId, input.lotId), eq(parkingPermits.plate, plate)));
  const [permit] = await db
    .insert(parkingPermits)
    .values({ parkingLotId: input.lotId, plate, validFrom, validTo })
    .onConflictDoUpdate({
      target: [parkingPermits.parkingLotId, parkingPermits.plate],
      set: { validFrom, validTo, updatedAt: sql`now()` },
    })
    .returning(permitColumns);
  const switched = await db
    .update(parkingLots)
    .set({ hasPermits: true })
    .where(and(eq(parkingLots.id, input.lotId), eq(parkingLots.hasPermits, false)))
    .returning({ id: parkingLots.id });
  return { permit: permit!, created: !existing, lotSwitchedOn: switched.length > 0 };
}

/** Takes a plate's permit at the lot away; false when it had none. */
export async function removePermit(db: DbOrTx, lotId: number, plate: string): Promise<boolean> {
  const normal = normalisePlate(plate);
  if (!normal) throw new PermitError(`"${plate}" is not a car plate (letters and digits)`);
  await requireLot(db, lotId);
  const removed = await db
    .delete(parkingPermits)
    .where(and(eq(parkingPermits.parkingLotId, lotId), eq(parkingPermits.plate, normal)))
    .returning({ id: parkingPermits.id });
  return removed.length > 0;
}

async function requireLot(db: DbOrTx, lotId: number) {
  const [lot] = await db
    .select({ id: parkingLots.id })
    .from(parkingLots)
    .where(eq(parkingLots.id, lotId));
  if (!lot) throw new PermitError(`no parking lot with id ${lotId}`);
}
