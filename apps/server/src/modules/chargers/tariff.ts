import { translateMessage, type Lang } from '@voltpark/contract';
import type { chargingTariffs } from '../../db/schema/index.js';
import { pick } from '../locations/address.js';

type TariffRow = typeof chargingTariffs.$inferSelect;

/** Integer forints, thousands grouped with a space (SPEC §9: hu-HU, "1 200 Ft"). */
export function formatNumber(amount: number): string {
  return String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}
export const formatFt = (amount: number) => `${formatNumber(amount)} Ft`;

const t = (key: string, lang: Lang, vars: Record<string, string | number> = {}) =>
  translateMessage(key, lang).replace(/\{\{(\w+)\}\}/g, (_m, name: string) =>
    String(vars[name] ?? ''),
  );

/** The label/value lines the charger view shows for a tariff. */
export function tariffLines(tariff: TariffRow, lang: Lang): { label: string; value: string }[] {
  if (tariff.freeCharging) return [{ label: t('tariff.free', lang), value: formatFt(0) }];
  const lines = [
    {
      label: t('tariff.unitPrice', lang),
      value: `${formatNumber(tariff.unitChargingGross)} ${t('tariff.perKWh', lang)}`,
    },
  ];
  if (tariff.convenienceFeeGross > 0) {
    lines.push({
      label: t('tariff.convenienceFee', lang),
      value: `${formatNumber(tariff.convenienceFeeGross)} ${t('tariff.perCharge', lang)}`,
    });
  }
  if (tariff.parkingEnabled) {
    lines.push({
      label: t('tariff.parkingFee', lang),
      value: t('tariff.parkingFeeValue', lang, {
        price: formatFt(tariff.unitParkingGross),
        minutes: tariff.minutesAfterParkingStart,
      }),
    });
    if (tariff.parkingToHoldGross > 0) {
      lines.push({
        label: t('tariff.parkingHold', lang),
        value: formatFt(tariff.parkingToHoldGross),
      });
    }
  }
  return lines;
}

export function chargerTariffView(tariff: TariffRow, lang: Lang) {
  return {
    id: tariff.id,
    name: tariff.name,
    freeCharging: tariff.freeCharging,
    unitChargingGross: tariff.unitChargingGross,
    convenienceFeeGross: tariff.convenienceFeeGross,
    parkingEnabled: tariff.parkingEnabled,
    parkingToHoldGross: tariff.parkingToHoldGross,
    descriptionLines: pick(
      lang,
      tariff.descriptionLinesHu,
      tariff.descriptionLinesEn.length ? tariff.descriptionLinesEn : tariff.descriptionLinesHu,
    ),
    tariffLines: tariffLines(tariff, lang),
  };
}
