import { Anchor, Group, Paper, Text } from '@mantine/core';
import type { ParkingSession } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatMoney } from '@/shared/format';
import { useLang } from '@/shared/i18n/useLang';
import { FigureList } from '@/shared/ui';
import { useMinutesLabel } from '../charging';
import { elapsedMinutes, isFreeSession } from './parkingState';

/**
 * One finished parking: lot, from, to, duration (minutes or hours and minutes), amount, and a link
 * to its receipt when one was issued.
 */
export function ParkingRecordCard({
  s,
  headingLevel = 3,
}: {
  s: ParkingSession;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const minutesLabel = useMinutesLabel();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const rows: [string, string][] = [
    [t('parking.record.from'), s.parkingFrom ? formatDateTime(s.parkingFrom, lang) : '–'],
    [t('parking.record.to'), s.parkingTo ? formatDateTime(s.parkingTo, lang) : '–'],
    [
      t('parking.record.duration'),
      minutesLabel(elapsedMinutes(s, s.parkingTo ? Date.parse(s.parkingTo) : 0)),
    ],
    [t('parking.record.amount'), isFreeSession(s) ? t('parking.free') : formatMoney(s.amount)],
  ];
  if (s.paymentMethod)
    rows.push([t('parking.record.method'), t(`parking.method.${s.paymentMethod}`)]);
  return (
    <Paper withBorder p="md" radius="md" component="article" data-testid="parking-record">
      <Group justify="space-between" mb="xs">
        <Text component={Heading} fw={700} m={0}>
          {s.parkingLot.name}
        </Text>
        {s.receiptRowNumber != null && (
          <Anchor component={Link} to={`/parking-receipt?rowNumber=${s.receiptRowNumber}`}>
            {t('charging.record.receipt')}
          </Anchor>
        )}
      </Group>
      <FigureList rows={rows} />
    </Paper>
  );
}
