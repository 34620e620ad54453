import { Alert, Card, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/shared/format';
import { useLatestPoints } from './queries';

/**
 * The points balance, and after a charge (SPEC §4: the app comes here 3 s after a charge ends,
 * with its id) the points that charge earned (latest-points).
 */
export function PointsBox({
  points,
  loading,
  chargeId,
}: {
  points: number | undefined;
  loading: boolean;
  chargeId: number | null;
}) {
  const { t } = useTranslation();
  const latest = useLatestPoints(chargeId);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="points-title">
      <Stack gap={6}>
        <Text fw={600} id="points-title" component="h2" size="lg">
          {t('coupons.balance.title')}
        </Text>
        {loading ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : points === undefined ? (
          <Text>{t('coupons.loadFailed')}</Text>
        ) : (
          <Text size="xl" fw={700} data-testid="points-balance">
            {t('coupons.points', { points: formatNumber(points) })}
          </Text>
        )}
        {latest.data && (
          <Alert color="green" role="status" data-testid="latest-points">
            {latest.data.earnedPoints > 0
              ? t('coupons.balance.earned', { points: formatNumber(latest.data.earnedPoints) })
              : t('coupons.balance.earnedNone')}
          </Alert>
        )}
        <Text size="sm" c="dark.6">
          {t('coupons.balance.howTo')}
        </Text>
      </Stack>
    </Card>
  );
}
