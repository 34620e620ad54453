import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  canStartCharge,
  translateMessage,
  type Charger,
  type ChargerStatus,
  type ChargerSummary,
  type Lang,
} from '@voltpark/contract';
import type { Db } from '../../db/client.js';
import {
  chargePoints,
  chargers,
  chargingTariffs,
  locations,
  parkingLots,
} from '../../db/schema/index.js';
import { notFound } from '../../core/errors.js';
import { formatAddress } from '../locations/address.js';
import { loadTraitValues } from '../locations/traits.js';
import { chargerTariffView } from './tariff.js';

export const statusView = (value: ChargerStatus, lang: Lang) => ({
  value,
  title: translateMessage(`chargerStatus.${value}`, lang),
});

const chargerColumns = {
  charger: chargers,
  currentType: chargePoints.currentType,
  canStartInFinishing: chargePoints.canStartNewChargeWhileInFinishingState,
  locationId: chargePoints.locationId,
  tariff: chargingTariffs,
};

/** Chargers of some locations, in a stable order, for the location panel. */
export async function loadChargerSummaries(
  db: Db,
  locationIds: number[],
  lang: Lang,
): Promise<Map<number, ChargerSummary[]>> {
  const out = new Map<number, ChargerSummary[]>();
  if (locationIds.length === 0) return out;
  const rows = await db
    .select(chargerColumns)
    .from(chargers)
    .innerJoin(chargePoints, eq(chargePoints.id, chargers.chargePointId))
    .leftJoin(
      chargingTariffs,
      and(eq(chargingTariffs.id, chargers.tariffId), eq(chargingTariffs.active, true)),
    )
    .where(and(inArray(chargePoints.locationId, locationIds), eq(chargers.active, true)))
    .orderBy(asc(chargers.chargePointId), asc(chargers.connectorId));
  for (const r of rows) {
    const c = r.charger;
    const summary: ChargerSummary = {
      id: c.id,
      name: c.name,
      shortName: c.shortName,
      status: statusView(c.status, lang),
      currentType: r.currentType,
      performanceKw: c.powerKw,
      outlets: [{ connectorId: c.connectorId, type: c.outletType, powerKw: c.powerKw }],
      freeCharging: r.tariff?.freeCharging ?? null,
      unitChargingGross: r.tariff?.unitChargingGross ?? null,
    };
    const list = out.get(r.locationId);
    if (list) list.push(summary);
    else out.set(r.locationId, [summary]);
  }
  return out;
}

/** One charger as the charger view shows it (SPEC §2 Charger view, §4 start rule). */
export async function getCharger(db: Db, id: number, lang: Lang): Promise<Charger> {
  const [row] = await db
    .select({ ...chargerColumns, location: locations, parkingLotId: parkingLots.id })
    .from(chargers)
    .innerJoin(chargePoints, eq(chargePoints.id, chargers.chargePointId))
    .innerJoin(locations, eq(locations.id, chargePoints.locationId))
    .leftJoin(
      chargingTariffs,
      and(eq(chargingTariffs.id, chargers.tariffId), eq(chargingTariffs.active, true)),
    )
    .leftJoin(
      parkingLots,
      and(eq(parkingLots.locationId, locations.id), eq(parkingLots.active, true)),
    )
    .where(and(eq(chargers.id, id), eq(chargers.active, true), eq(locations.active, true)));
  if (!row) throw notFound('charger.notFound');
  const c = row.charger;
  const traits = await loadTraitValues(db, 'chargerId', [c.id], lang);
  const status = statusView(c.status, lang);
  const deviceType = {
    currentType: row.currentType,
    canStartNewChargeWhileInFinishingState: row.canStartInFinishing,
  };
  return {
    id: c.id,
    name: c.name,
    shortName: c.shortName,
    status,
    tariff: row.tariff
      ? { freeCharging: row.tariff.freeCharging, unitChargingGross: row.tariff.unitChargingGross }
      : null,
    tariffs: row.tariff ? [chargerTariffView(row.tariff, lang)] : [],
    staticTraits: traits.get(c.id) ?? [],
    deviceType,
    performanceKw: c.powerKw,
    outlets: [{ connectorId: c.connectorId, type: c.outletType, powerKw: c.powerKw }],
    locationId: row.location.id,
    locationName: row.location.name,
    fullAddress: formatAddress(row.location),
    locationHasParking: row.parkingLotId !== null,
    canStart: canStartCharge({ status, hasTariff: row.tariff !== null, deviceType }),
  };
}
