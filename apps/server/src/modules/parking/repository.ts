import { and, asc, eq, sql } from 'drizzle-orm';
import type { Lang, ParkingLot } from '@voltpark/contract';
import type { Db } from '../../db/client.js';
import {
  chargePoints,
  chargers,
  gates,
  locations,
  parkingLots,
  parkingTariffs,
} from '../../db/schema/index.js';
import { notFound } from '../../core/errors.js';
import { formatAddress, pick } from '../locations/address.js';
import { loadTraitValues } from '../locations/traits.js';
import { isLotAdmin } from './lot-admins.js';

type LotWhere = { lotId: number } | { locationId: number };

/**
 * A parking lot as the parking lot view shows it; 404 parking.notFound when there is none.
 * isCurrentUserAdmin is true for the lot's admins (`userId` is the caller, null if anonymous).
 */
export async function getParkingLot(
  db: Db,
  by: LotWhere,
  lang: Lang,
  userId: number | null = null,
): Promise<ParkingLot> {
  const [row] = await db
    .select({ lot: parkingLots, location: locations, tariff: parkingTariffs })
    .from(parkingLots)
    .innerJoin(locations, eq(locations.id, parkingLots.locationId))
    .leftJoin(
      parkingTariffs,
      and(eq(parkingTariffs.id, parkingLots.tariffId), eq(parkingTariffs.active, true)),
    )
    .where(
      and(
        'lotId' in by ? eq(parkingLots.id, by.lotId) : eq(parkingLots.locationId, by.locationId),
        eq(parkingLots.active, true),
        eq(locations.active, true),
      ),
    );
  if (!row) throw notFound('parking.notFound');
  const [gateRows, traits, [chargerCount], admin] = await Promise.all([
    db.select().from(gates).where(eq(gates.parkingLotId, row.lot.id)).orderBy(asc(gates.id)),
    loadTraitValues(db, 'parkingLotId', [row.lot.id], lang),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(chargers)
      .innerJoin(chargePoints, eq(chargePoints.id, chargers.chargePointId))
      .where(and(eq(chargePoints.locationId, row.location.id), eq(chargers.active, true))),
    isLotAdmin(db, row.lot.id, userId),
  ]);
  const t = row.tariff;
  const tariff = t
    ? {
        id: t.id,
        name: t.name,
        freeParking: t.freeParking,
        grossUnitParking: t.grossUnitParking,
        freeMinutes: t.freeMinutes,
        grossSurchargeFeePerDay: t.grossSurchargeFeePerDay,
        convenienceFeeGross: t.convenienceFeeGross,
        descriptionLines: pick(
          lang,
          t.descriptionLinesHu,
          t.descriptionLinesEn.length ? t.descriptionLinesEn : t.descriptionLinesHu,
        ),
      }
    : null;
  return {
    id: row.lot.id,
    name: row.lot.name,
    location: { id: row.location.id, address: { full: formatAddress(row.location) } },
    tariff,
    tariffs: tariff ? [tariff] : [],
    staticTraits: traits.get(row.lot.id) ?? [],
    gates: gateRows.map((g) => ({ id: g.id, name: g.name, direction: g.direction })),
    hasChargers: (chargerCount?.n ?? 0) > 0,
    hasPermits: row.lot.hasPermits,
    parkingTimeInSeconds: row.lot.parkingTimeInSeconds,
    isCurrentUserAdmin: admin,
    capacity: row.lot.capacity,
  };
}
