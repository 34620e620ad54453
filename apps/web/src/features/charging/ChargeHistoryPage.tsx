import { useState } from 'react';
import { Button, Loader, Stack, Text, TextInput, Title, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiRoutes, callApi } from '@/shared/api';
import { useSession } from '@/shared/session';
import { PageFrame } from '@/shared/ui';
import { RoamingHistory } from '../roaming';
import { CasualNotices } from './CasualNotices';
import { ChargeRecordCard } from './ChargeRecordCard';
import { afterChargeRoute } from './constants';
import { CurrentChargePanel } from './CurrentChargePanel';
import { oneMonthAgo } from './history';

function LastFinished() {
  const { t } = useTranslation();
  const last = useQuery({
    queryKey: ['charge', 'lastFinished'],
    queryFn: ({ signal }) => callApi(apiRoutes.chargeLastFinished, { signal, busy: false }),
    staleTime: 0,
  });
  return (
    <Stack gap="xs" component="section" aria-labelledby="last-charge">
      <Title order={2} size="h4" id="last-charge">
        {t('charging.history.last')}
      </Title>
      {last.data ? (
        <ChargeRecordCard r={last.data} />
      ) : (
        <Text c="dark.6">
          {last.isPending ? t('common.loading') : t('charging.history.noLast')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * /charge-history (SPEC §2): casual users see the current charge, the last charge and a
 * continue-to-map button; everyone sees the from-date filter and the list. A running charge of a
 * registered driver shows too, so it can be watched and stopped (apps/web/README.md).
 */
export function ChargeHistoryPage() {
  const { t } = useTranslation();
  const session = useSession();
  const casual = !!session.user?.casualUser;
  const [from, setFrom] = useState(() => oneMonthAgo(new Date()));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from);
  const history = useQuery({
    queryKey: ['charge', 'history', from],
    queryFn: ({ signal }) =>
      callApi(apiRoutes.chargeHistory, { query: { filterFrom: from }, signal }),
    enabled: valid,
    staleTime: 0,
  });

  return (
    <PageFrame title={t('route.chargeHistory')}>
      <CurrentChargePanel afterGone={(id) => afterChargeRoute(id, casual)} hideWhenNone={!casual} />
      {casual && (
        <>
          <CasualNotices />
          <LastFinished />
          <Button component={Link} to="/" variant="outline">
            {t('charging.history.toMap')}
          </Button>
        </>
      )}
      <Stack gap="sm" component="section" aria-labelledby="history-list">
        <Title order={2} size="h4" id="history-list">
          {t('charging.history.list')}
        </Title>
        <TextInput
          type="date"
          label={t('charging.history.from')}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
          max={new Date().toISOString().slice(0, 10)}
        />
        {history.isPending && valid ? (
          <Group justify="center">
            <Loader aria-label={t('common.loading')} />
          </Group>
        ) : history.data && history.data.length > 0 ? (
          <Stack gap="sm">
            {history.data.map((r) => (
              <ChargeRecordCard key={r.id} r={r} />
            ))}
          </Stack>
        ) : (
          // A registered driver's partner charges may follow: "none at our own chargers" then.
          <Text c="dark.6">
            {t(casual ? 'charging.history.empty' : 'charging.history.emptyOwn')}
          </Text>
        )}
      </Stack>
      {!casual && <RoamingHistory from={from} />}
    </PageFrame>
  );
}
