import type { PartnerPriceCondition } from '@voltpark/contract';
import type { TFunction } from 'i18next';
import { formatCompact } from '@/shared/format';

/** "4 óra", "1 hour 30 minutes". */
function durationText(seconds: number, t: TFunction): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.round((seconds % 3600) / 60);
  const parts: string[] = [];
  if (hours > 0) parts.push(t('partner.price.hours', { count: hours }));
  if (minutes > 0 || hours === 0) parts.push(t('partner.price.minutes', { count: minutes }));
  return parts.join(' ');
}

/**
 * What a charge must reach for a partner's price step to apply, in words (decision 0047):
 * "a kezdettől számított 4 óra után", "up to 20 kWh charged".
 */
export function conditionText(c: PartnerPriceCondition, t: TFunction): string {
  const parts: string[] = [];
  if (c.minDurationSec !== undefined)
    parts.push(t('partner.price.cond.minDuration', { time: durationText(c.minDurationSec, t) }));
  if (c.maxDurationSec !== undefined)
    parts.push(t('partner.price.cond.maxDuration', { time: durationText(c.maxDurationSec, t) }));
  if (c.minKwh !== undefined)
    parts.push(t('partner.price.cond.minKwh', { kwh: formatCompact(c.minKwh) }));
  if (c.maxKwh !== undefined)
    parts.push(t('partner.price.cond.maxKwh', { kwh: formatCompact(c.maxKwh) }));
  if (c.minPowerKw !== undefined)
    parts.push(t('partner.price.cond.minPower', { kw: formatCompact(c.minPowerKw, 1) }));
  if (c.maxPowerKw !== undefined)
    parts.push(t('partner.price.cond.maxPower', { kw: formatCompact(c.maxPowerKw, 1) }));
  if (c.minCurrentA !== undefined)
    parts.push(t('partner.price.cond.minCurrent', { amps: formatCompact(c.minCurrentA, 1) }));
  if (c.maxCurrentA !== undefined)
    parts.push(t('partner.price.cond.maxCurrent', { amps: formatCompact(c.maxCurrentA, 1) }));
  return parts.join(', ');
}
