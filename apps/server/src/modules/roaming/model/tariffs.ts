import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PriceComponent, Tariff } from '@voltpark/contract/ocpi/tariffs';
import type { Db } from '../../../db/client.js';
import { chargingTariffs } from '../../../db/schema/index.js';
import { tariffLines } from '../../chargers/tariff.js';
import { VAT_PERCENT } from '../../invoices/amounts.js';
import { ocpiTime, tariffId, type OcpiParty } from './ids.js';
import type { LocationFilter, Page } from './locations.js';

type TariffRow = typeof chargingTariffs.$inferSelect;

/** OCPI prices are per unit excluding VAT; ours are gross forints (27 % VAT included). */
const net = (gross: number) => Math.round((gross * 100 * 10_000) / (100 + VAT_PERCENT)) / 10_000;

/**
 * One of our price settings as an OCPI Tariff. It has no `type`: the same price holds for our
 * drivers, guests paying ad hoc and roaming drivers. What OCPI cannot say (parking is billed
 * only from N minutes after the charge ends; the total is rounded up to a whole forint) is in
 * the Hungarian and English alternative text, the same lines the charger view shows.
 */
export function ocpiTariff(party: OcpiParty, t: TariffRow): Tariff {
  const components: PriceComponent[] = [];
  if (t.freeCharging) {
    components.push({ type: 'FLAT', price: 0, step_size: 0 });
  } else {
    if (t.convenienceFeeGross > 0) {
      components.push({
        type: 'FLAT',
        price: net(t.convenienceFeeGross),
        vat: VAT_PERCENT,
        step_size: 1,
      });
    }
    // Energy is billed in hundredths of a kWh (10 Wh steps).
    components.push({
      type: 'ENERGY',
      price: net(t.unitChargingGross),
      vat: VAT_PERCENT,
      step_size: 10,
    });
    if (t.parkingEnabled && t.unitParkingGross > 0) {
      // Ft per hour, billed per started minute.
      components.push({
        type: 'PARKING_TIME',
        price: net(t.unitParkingGross),
        vat: VAT_PERCENT,
        step_size: 60,
      });
    }
  }
  const text = (lang: 'hu' | 'en') =>
    tariffLines(t, lang)
      .map((l) => `${l.label}: ${l.value}`)
      .join('; ')
      .slice(0, 512);
  return {
    country_code: party.countryCode,
    party_id: party.partyId,
    id: tariffId(t.id),
    currency: 'HUF',
    tariff_alt_text: [
      { language: 'hu', text: text('hu') },
      { language: 'en', text: text('en') },
    ],
    elements: [{ price_components: components }],
    last_updated: ocpiTime(t.updatedAt),
  };
}

/** A page of our active price settings as OCPI Tariffs (one query, total included). */
export async function tariffPage(
  db: Db,
  party: OcpiParty,
  f: LocationFilter,
): Promise<Page<Tariff>> {
  const conditions: SQL[] = [eq(chargingTariffs.active, true)];
  if (f.id !== undefined) conditions.push(eq(chargingTariffs.id, f.id));
  if (f.dateFrom) conditions.push(gte(chargingTariffs.updatedAt, f.dateFrom));
  if (f.dateTo) conditions.push(lt(chargingTariffs.updatedAt, f.dateTo));
  const rows = await db
    .select({ t: chargingTariffs, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(chargingTariffs)
    .where(and(...conditions))
    .orderBy(asc(chargingTariffs.id))
    .limit(f.limit)
    .offset(f.offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && f.offset > 0) {
    total = (await tariffPage(db, party, { ...f, offset: 0, limit: 1 })).total;
  }
  return { items: rows.map((r) => ocpiTariff(party, r.t)), total };
}
