import { Alert, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '@/shared/format';
import { useLang } from '@/shared/i18n/useLang';
import { couponTitle } from './CouponCard';
import { useCouponHistory, usePointsHistory } from './queries';

/**
 * The "history" tab (SPEC §4 Coupons): used coupons with the time they were used, unused ones
 * with an expired notice; below them the points earned and spent (the last month).
 */
export function HistoryTab() {
  const { t } = useTranslation();
  const lang = useLang();
  const history = useCouponHistory();
  const points = usePointsHistory();
  if (history.isPending)
    return (
      <Center py="md">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  const list = history.data ?? [];
  const moves = points.data ?? [];
  return (
    <Stack gap="lg">
      <Stack gap="sm" component="section" aria-labelledby="coupon-history-title">
        <Title order={2} size="h4" id="coupon-history-title">
          {t('coupons.history.coupons')}
        </Title>
        {history.isError && (
          <Alert color="red" role="alert">
            {t('coupons.loadFailed')}
          </Alert>
        )}
        {list.length === 0 ? (
          <Text c="dark.6">{t('coupons.history.empty')}</Text>
        ) : (
          <Stack gap="sm" component="ul" className="vp-plain-list">
            {list.map((c) => (
              <li key={c.couponCodeId}>
                <Card withBorder padding="sm" data-testid="history-coupon">
                  <Text fw={600}>{couponTitle(c, t)}</Text>
                  <Text ff="monospace" size="sm">
                    {c.couponCode}
                  </Text>
                  <Text
                    size="sm"
                    c={c.usedAt ? undefined : 'dark.6'}
                    data-testid="history-coupon-state"
                  >
                    {c.usedAt
                      ? t('coupons.history.used', { time: formatDateTime(c.usedAt, lang) })
                      : t('coupons.history.expired')}
                  </Text>
                </Card>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="points-history-title">
        <Title order={2} size="h4" id="points-history-title">
          {t('coupons.history.points')}
        </Title>
        {moves.length === 0 ? (
          <Text c="dark.6">
            {points.isPending ? t('common.loading') : t('coupons.history.noPoints')}
          </Text>
        ) : (
          <Stack gap={4} component="ul" className="vp-plain-list">
            {moves.map((m) => (
              <li key={m.id}>
                <Text size="sm">
                  <strong>
                    {m.points > 0 ? '+' : ''}
                    {t('coupons.points', { points: formatNumber(m.points) })}
                  </strong>{' '}
                  – {t(`coupons.reason.${m.reason}`)}
                  {m.description ? ` (${m.description})` : ''}, {formatDateTime(m.createdAt, lang)}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
