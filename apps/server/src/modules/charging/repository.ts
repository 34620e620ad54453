import type { ChargeRecord, CurrentCharge, PriceSettings, Receipt } from '@voltpark/contract';
import { and, desc, eq, gte, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { batchedQuery, byKeys, groupRows, keyIs } from '../../db/batched.js';
import { preparedQuery } from '../../db/prepared.js';
import {
  billingData,
  chargePoints,
  chargeReceipts,
  chargers,
  charges,
  chargingTariffs,
  moneyHolds,
  ocppTransactions,
  userCars,
  vehicles,
} from '../../db/schema/index.js';
import { ApiError, notFound } from '../../core/errors.js';
import { costOf, type PriceSnapshot } from './pricing.js';

export type ChargeRow = typeof charges.$inferSelect;

/** A charger with what a start needs: its connector, state, device type and active tariff. */
export async function chargerForStart(db: Db, chargerId: number) {
  const [row] = await db
    .select({
      id: chargers.id,
      name: chargers.name,
      connectorId: chargers.connectorId,
      chargePointId: chargers.chargePointId,
      powerKw: chargers.powerKw,
      status: chargers.status,
      currentType: chargePoints.currentType,
      canStartInFinishing: chargePoints.canStartNewChargeWhileInFinishingState,
      locationId: chargePoints.locationId,
      tariff: chargingTariffs,
    })
    .from(chargers)
    .innerJoin(chargePoints, eq(chargePoints.id, chargers.chargePointId))
    .leftJoin(
      chargingTariffs,
      and(eq(chargingTariffs.id, chargers.tariffId), eq(chargingTariffs.active, true)),
    )
    .where(and(eq(chargers.id, chargerId), eq(chargers.active, true)));
  if (!row) throw notFound('charger.notFound');
  return row;
}
export type StartCharger = Awaited<ReturnType<typeof chargerForStart>>;

export function noTariff(): ApiError {
  return new ApiError(409, 'charge.error.NO_ACTIVE_TARIFF', { responseCode: 'NO_ACTIVE_TARIFF' });
}

export function priceSnapshot(t: NonNullable<StartCharger['tariff']>): PriceSnapshot {
  return {
    freeCharging: t.freeCharging,
    unitChargingGross: t.unitChargingGross,
    convenienceFeeGross: t.convenienceFeeGross,
    parkingEnabled: t.parkingEnabled,
    minutesAfterParkingStart: t.minutesAfterParkingStart,
    unitParkingGross: t.unitParkingGross,
    parkingToHoldGross: t.parkingToHoldGross,
  };
}

export function toPriceSettings(t: NonNullable<StartCharger['tariff']>): PriceSettings {
  return priceSnapshot(t);
}

/**
 * The charging power for estimates: the lower of the charger's and the car's power for the
 * charger's current type (the charger's alone without a car). The car must be the user's.
 */
export async function chargingPowerKw(
  db: Db,
  userId: number,
  charger: Pick<StartCharger, 'powerKw' | 'currentType'>,
  carId: number | null | undefined,
): Promise<number> {
  if (!carId) return charger.powerKw;
  const [car] = await db
    .select({ ac: vehicles.maxChargingPowerACKw, dc: vehicles.maxChargingPowerDCKw })
    .from(userCars)
    .innerJoin(vehicles, eq(vehicles.id, userCars.vehicleId))
    .where(and(eq(userCars.id, carId), eq(userCars.userId, userId), isNull(userCars.deletedAt)));
  if (!car) {
    throw new ApiError(404, 'car.notFound', {
      responseCode: 'NOT_FOUND',
      fields: [{ field: 'car-id', messageKey: 'car.notFound' }],
    });
  }
  const carKw = charger.currentType === 'DC' ? car.dc : car.ac;
  return carKw && carKw > 0 ? Math.min(charger.powerKw, carKw) : charger.powerKw;
}

export async function checkBillingData(db: Db, userId: number, id: number | null | undefined) {
  if (!id) return;
  const [row] = await db
    .select({ id: billingData.id })
    .from(billingData)
    .where(
      and(eq(billingData.id, id), eq(billingData.userId, userId), isNull(billingData.deletedAt)),
    );
  if (!row) {
    throw new ApiError(404, 'billing.notFound', {
      responseCode: 'NOT_FOUND',
      fields: [{ field: 'billing-data-id', messageKey: 'billing.notFound' }],
    });
  }
}

export async function chargeById(db: DbOrTx, id: number): Promise<ChargeRow | null> {
  const [row] = await db.select().from(charges).where(eq(charges.id, id));
  return row ?? null;
}

/**
 * The caller's view of charges: a charge-link session (a guest's e-mailed link) sees only its
 * own charge. `auth/sessions` AuthUser carries it.
 */
export interface ChargeViewer {
  id: number;
  chargeId: number | null;
}

const viewable = (viewer: ChargeViewer) =>
  and(
    eq(charges.userId, viewer.id),
    viewer.chargeId === null ? undefined : eq(charges.id, viewer.chargeId),
  );

/** The user's charge (any status), or 404 — another user's charge is not found either. */
export async function ownCharge(db: Db, viewer: ChargeViewer, id: number): Promise<ChargeRow> {
  const [row] = await db
    .select()
    .from(charges)
    .where(and(eq(charges.id, id), viewable(viewer)));
  if (!row) throw notFound('charge.notFound');
  return row;
}

export async function activeChargeOf(db: DbOrTx, userId: number): Promise<ChargeRow | null> {
  const [row] = await db
    .select()
    .from(charges)
    .where(and(eq(charges.userId, userId), ne(charges.status, 'FINISHED')));
  return row ?? null;
}

const kWh = (wh: number | null | undefined) => Math.round(wh ?? 0) / 1000;

/**
 * SPEC §3 Current charge: energy from the charger's meter values. A signed-in driver's is asked
 * together with other drivers' (`users`: every driver polls it every 5 s; decision 0045).
 */
const currentChargeQuery = (scope: 'users' | 'chargeLink', many = false) =>
  preparedQuery((db) =>
    db
      .select({
        charge: charges,
        charger: chargers.name,
        locationId: chargePoints.locationId,
        meterStartWh: ocppTransactions.meterStartWh,
        lastMeterWh: ocppTransactions.lastMeterWh,
        meterStopWh: ocppTransactions.meterStopWh,
        lastPowerW: ocppTransactions.lastPowerW,
        holdStatus: moneyHolds.status,
      })
      .from(charges)
      .innerJoin(chargers, eq(chargers.id, charges.chargerId))
      .innerJoin(chargePoints, eq(chargePoints.id, chargers.chargePointId))
      .leftJoin(ocppTransactions, eq(ocppTransactions.id, charges.ocppTransactionId))
      .leftJoin(moneyHolds, eq(moneyHolds.cause, sql`'charge:' || ${charges.id}`))
      .where(
        and(
          scope === 'chargeLink'
            ? and(
                eq(charges.userId, sql.placeholder('userId')),
                eq(charges.id, sql.placeholder('chargeId')),
              )
            : keyIs(charges.userId, many, 'int'),
          ne(charges.status, 'FINISHED'),
        ),
      )
      .prepare(
        scope === 'chargeLink'
          ? 'current_charge_of_link'
          : many
            ? 'current_charges_of_users'
            : 'current_charge_of_user',
      ),
  );
const currentChargeQueries = {
  users: byKeys((many) => currentChargeQuery('users', many)),
  chargeLink: currentChargeQuery('chargeLink'),
};
const currentChargesOf = batchedQuery(async (db, userIds: number[]) =>
  groupRows(await currentChargeQueries.users(db, userIds), (r) => r.charge.userId),
);

export async function currentChargeOf(db: Db, viewer: ChargeViewer): Promise<CurrentCharge | null> {
  const [row] =
    viewer.chargeId === null
      ? await currentChargesOf(db, viewer.id)
      : await currentChargeQueries.chargeLink(db).execute({
          userId: viewer.id,
          chargeId: viewer.chargeId,
        });
  if (!row) return null;
  const c = row.charge;
  const register = row.meterStopWh ?? row.lastMeterWh;
  const consumedWh =
    row.meterStartWh !== null && register !== null ? Math.max(0, register - row.meterStartWh) : 0;
  const running = c.status === 'STARTED' && row.meterStopWh === null;
  return {
    id: c.id,
    chargerId: c.chargerId,
    charger: row.charger,
    chargingStatus: c.status,
    consumedEnergy: kWh(consumedWh),
    bookedEnergy: c.bookedEnergyWh === null ? null : kWh(c.bookedEnergyWh),
    bookedTime: c.bookedMinutes,
    consumptionPower: running && row.lastPowerW !== null ? row.lastPowerW / 1000 : null,
    startTime: c.startTime?.toISOString() ?? null,
    paymentUrl: c.status === 'NEW' ? c.paymentUrl : null,
    countParkingFee: c.status === 'FINISHING' && c.parkingEnabled && c.endTime !== null,
    minutesAfterParkingStart: c.parkingEnabled ? c.minutesAfterParkingStart : null,
    locationId: row.locationId,
    // What the energy so far costs, as the receipt will bill it (parking comes on top at the end).
    runningCost:
      c.startTime === null || c.freeCharging ? null : costOf(consumedWh, 0, c).priceOfCharging,
    paymentFailed: c.status === 'NEW' && row.holdStatus === 'failed',
    paymentDeadline: c.status === 'NEW' ? (c.paymentDeadline?.toISOString() ?? null) : null,
  };
}

function recordQuery(db: Db) {
  return db
    .select({
      charge: charges,
      charger: chargers.name,
      locationId: chargePoints.locationId,
      producer: vehicles.producer,
      model: vehicles.model,
      plate: userCars.licensePlate,
      rowNumber: chargeReceipts.rowNumber,
    })
    .from(charges)
    .innerJoin(chargers, eq(chargers.id, charges.chargerId))
    .innerJoin(chargePoints, eq(chargePoints.id, chargers.chargePointId))
    .leftJoin(userCars, eq(userCars.id, charges.carId))
    .leftJoin(vehicles, eq(vehicles.id, userCars.vehicleId))
    .leftJoin(chargeReceipts, eq(chargeReceipts.chargeId, charges.id));
}
type RecordRow = Awaited<ReturnType<ReturnType<typeof recordQuery>['execute']>>[number];

function toRecord(r: RecordRow): ChargeRecord {
  const c = r.charge;
  const minutes =
    c.startTime && c.endTime
      ? Math.max(0, Math.round((c.endTime.getTime() - c.startTime.getTime()) / 60_000))
      : 0;
  return {
    id: c.id,
    consumerEnergyInKw: kWh(c.energyWh),
    chargeEnd: c.endTime?.toISOString() ?? null,
    chargeDurationInMinutes: minutes,
    earnedPoints: c.earnedPoints,
    priceOfCharging: c.priceOfCharging ?? 0,
    parkingPrice: c.parkingPrice ?? 0,
    grossPrice: c.grossPrice ?? 0,
    car: r.producer && r.model ? `${r.producer} ${r.model}` : null,
    licencePlate: r.plate ?? null,
    charger: r.charger,
    chargerId: c.chargerId,
    locationId: r.locationId,
    rowNumber: r.rowNumber ?? null,
  };
}

/** Finished charges that really ran (a charger transaction), since `from`, newest first. */
export async function chargeHistory(
  db: Db,
  viewer: ChargeViewer,
  from: Date,
): Promise<ChargeRecord[]> {
  const rows = await recordQuery(db)
    .where(
      and(
        viewable(viewer),
        eq(charges.status, 'FINISHED'),
        isNotNull(charges.startTime),
        gte(charges.endTime, from),
      ),
    )
    .orderBy(desc(charges.endTime), desc(charges.id))
    .limit(500);
  return rows.map(toRecord);
}

export async function lastFinished(db: Db, viewer: ChargeViewer): Promise<ChargeRecord | null> {
  const [row] = await recordQuery(db)
    .where(and(viewable(viewer), eq(charges.status, 'FINISHED'), isNotNull(charges.startTime)))
    .orderBy(desc(charges.endTime), desc(charges.id))
    .limit(1);
  return row ? toRecord(row) : null;
}

/** The record of one charge the viewer may see (whatever its status), for its receipt. */
export async function chargeRecord(
  db: Db,
  viewer: ChargeViewer,
  chargeId: number,
): Promise<ChargeRecord | null> {
  const [row] = await recordQuery(db)
    .where(and(viewable(viewer), eq(charges.id, chargeId)))
    .limit(1);
  return row ? toRecord(row) : null;
}

export type ReceiptRow = typeof chargeReceipts.$inferSelect;

/** The user's receipt by row number; another user's (or another charge's, on a charge link) is not found. */
export async function ownReceipt(
  db: Db,
  viewer: ChargeViewer,
  rowNumber: number,
): Promise<ReceiptRow> {
  const [row] = await db
    .select()
    .from(chargeReceipts)
    .where(
      and(
        eq(chargeReceipts.rowNumber, rowNumber),
        eq(chargeReceipts.userId, viewer.id),
        viewer.chargeId === null ? undefined : eq(chargeReceipts.chargeId, viewer.chargeId),
      ),
    );
  if (!row) throw notFound('receipt.notFound');
  return row;
}

export const toReceipt = (r: ReceiptRow): Receipt => ({
  id: r.id,
  rowNumber: r.rowNumber,
  consumedEnergyInKW: kWh(r.energyWh),
  issueDate: r.issuedAt.toISOString(),
  grossPrice: r.grossPrice,
  paid: r.paidAt !== null,
});

export const nowSql = sql`now()`;
