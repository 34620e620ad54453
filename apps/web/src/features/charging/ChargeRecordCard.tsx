import { Anchor, Paper, Text } from '@mantine/core';
import type { ChargeRecord } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatMoney, formatNumber } from '@/shared/format';
import { useLang } from '@/shared/i18n/useLang';
import { FigureList } from '@/shared/ui';
import { useMinutesLabel } from './duration';

/**
 * One finished charge (SPEC §3 Charge record) with a link to its receipt when issued. Its labels
 * (charging.record.*) are shared with the partner charges' cards in the same history.
 */
export function ChargeRecordCard({
  r,
  headingLevel = 3,
}: {
  r: ChargeRecord;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const minutesLabel = useMinutesLabel();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const rows: [string, string][] = [
    [t('charging.record.end'), r.chargeEnd ? formatDateTime(r.chargeEnd, lang) : '–'],
    [t('charging.record.energy'), `${formatNumber(r.consumerEnergyInKw, 2)} kWh`],
    [t('charging.record.duration'), minutesLabel(r.chargeDurationInMinutes)],
    [t('charging.record.chargingPrice'), formatMoney(r.priceOfCharging)],
  ];
  if (r.parkingPrice > 0)
    rows.push([t('charging.record.parkingPrice'), formatMoney(r.parkingPrice)]);
  rows.push([t('charging.record.total'), formatMoney(r.grossPrice)]);
  if (r.earnedPoints > 0) rows.push([t('charging.record.points'), formatNumber(r.earnedPoints)]);
  if (r.car)
    rows.push([t('charging.record.car'), r.licencePlate ? `${r.car} (${r.licencePlate})` : r.car]);
  return (
    <Paper withBorder p="md" radius="md" component="article" data-testid="charge-record">
      <Text component={Heading} fw={700} m={0} mb="xs">
        {r.charger}
      </Text>
      <FigureList rows={rows} />
      {r.rowNumber !== null && (
        <Anchor
          component={Link}
          to={`/receipt?rowNumber=${r.rowNumber}`}
          size="sm"
          className="vp-touch-link"
        >
          {t('charging.record.receipt')}
        </Anchor>
      )}
    </Paper>
  );
}
