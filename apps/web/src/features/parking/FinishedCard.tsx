import { Anchor, CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ParkingSession } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { formatMoney } from '@/shared/format';
import { isFreeSession } from './parkingState';

/**
 * Decision 0064: after the car left, a short goodbye: thank you, what was paid (or free), and
 * the receipt (or the parking history when the receipt's number is not known); dismissible.
 */
export function FinishedCard({
  session,
  onDismiss,
}: {
  session: ParkingSession;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const free = isFreeSession(session);
  const receipt = session.receiptRowNumber;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="finished-parking"
      data-testid="finished-parking"
      role="status"
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4" id="finished-parking">
            {t('parking.finished.title')}
          </Title>
          <CloseButton aria-label={t('common.close')} onClick={onDismiss} />
        </Group>
        <Text fw={600}>{session.parkingLot.name}</Text>
        <Text data-testid="finished-parking-amount">
          {free
            ? t('parking.finished.free')
            : t('parking.finished.paid', { amount: formatMoney(session.amount) })}
        </Text>
        {!free && receipt != null ? (
          <Anchor component={Link} to={`/parking-receipt?rowNumber=${receipt}`}>
            {t('parking.finished.receipt')}
          </Anchor>
        ) : pathname !== '/parking-history' ? (
          <Anchor component={Link} to="/parking-history">
            {t('route.parkingHistory')}
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
}
