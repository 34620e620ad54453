import type { Receipt } from '@voltpark/contract';
import type { TFunction } from 'i18next';
import { formatDateTime, formatMoney, formatNumber } from '@/shared/format';
import type { Lang } from '@/shared/i18n';

/**
 * The figures of a receipt of a charge at our own charger: the receipt's own (SPEC §3: id, kWh,
 * issue date, cost, paid) and, when the server names the charge (decision 0066), what the charge
 * history shows of it — end, duration, the charging and parking parts, points and car.
 */
export function ownReceiptRows(
  r: Receipt,
  t: TFunction,
  lang: Lang,
  minutesLabel: (minutes: number) => string,
): [string, string][] {
  const c = r.charge;
  const rows: [string, string][] = [
    [t('charging.receipt.id'), String(r.rowNumber)],
    [t('charging.receipt.issueDate'), formatDateTime(r.issueDate, lang)],
  ];
  if (c?.chargeEnd) rows.push([t('charging.record.end'), formatDateTime(c.chargeEnd, lang)]);
  rows.push([t('charging.receipt.energy'), `${formatNumber(r.consumedEnergyInKW, 2)} kWh`]);
  if (c) {
    rows.push([t('charging.record.duration'), minutesLabel(c.chargeDurationInMinutes)]);
    rows.push([t('charging.record.chargingPrice'), formatMoney(c.priceOfCharging)]);
    if (c.parkingPrice > 0)
      rows.push([t('charging.record.parkingPrice'), formatMoney(c.parkingPrice)]);
  }
  rows.push([t('charging.receipt.cost'), formatMoney(r.grossPrice)]);
  rows.push([
    t('charging.receipt.state'),
    t(r.paid ? 'charging.receipt.paid' : 'charging.receipt.unpaid'),
  ]);
  if (c && c.earnedPoints > 0)
    rows.push([t('charging.record.points'), formatNumber(c.earnedPoints)]);
  if (c?.car)
    rows.push([t('charging.record.car'), c.licencePlate ? `${c.car} (${c.licencePlate})` : c.car]);
  return rows;
}
