import {
  partnerEvseStatusSchema,
  type Lang,
  type OutletType,
  type PartnerSite,
} from '@voltpark/contract';
import type { Connector } from '@voltpark/contract/ocpi/locations';
import type { Db } from '../../../db/client.js';
import { partnerLocationDetail } from './partner-locations-read.js';
import { driverTariff, partnerPrice } from './partner-price.js';
import { usableTimeZone } from './tariff-clock.js';

const OUTLETS: Partial<Record<Connector['standard'], OutletType>> = {
  IEC_62196_T2: 'TYPE2',
  IEC_62196_T2_COMBO: 'CCS',
  CHADEMO: 'CHADEMO',
};

/**
 * The partner part of a partner site's panel (decision 0039): whose it is, each EVSE's status as
 * the partner last told us, and each connector's price with our roaming fee for a charge started
 * `now` (decision 0047). Null when the partner Location is no longer shown (its partner gone).
 */
export async function partnerSiteDetail(
  db: Db,
  partnerLocationId: number,
  lang: Lang,
  roamingFeePercent: number,
  now: Date = new Date(),
): Promise<PartnerSite | null> {
  const d = await partnerLocationDetail(db, partnerLocationId);
  if (!d) return null;
  const timeZone = usableTimeZone(d.timeZone);
  const tariffsById = new Map(d.tariffs.map((t) => [t.id.toUpperCase(), t]));
  return {
    partnerName: d.partnerName,
    operator: d.operator,
    roamingFeePercent,
    evses: d.evses.map((e) => {
      const status = partnerEvseStatusSchema.safeParse(e.status);
      return {
        uid: e.uid,
        evseId: e.evseId,
        status: status.success ? status.data : 'UNKNOWN',
        connectors: e.connectors.map((c) => ({
          id: c.id,
          outlet: OUTLETS[c.standard] ?? null,
          standard: c.standard,
          currentType: c.powerType === 'DC' ? ('DC' as const) : ('AC' as const),
          powerKw: Math.round(c.maxPowerW / 100) / 10,
          price: partnerPrice(
            driverTariff(
              c.tariffIds.flatMap((id) => tariffsById.get(id.toUpperCase()) ?? []),
              now,
            ),
            roamingFeePercent,
            lang,
            { now, timeZone, connectorKw: c.maxPowerW > 0 ? c.maxPowerW / 1000 : null },
          ),
        })),
      };
    }),
  };
}
