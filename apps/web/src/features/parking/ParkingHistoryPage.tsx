import { useState } from 'react';
import { Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiRoutes, callApi } from '@/shared/api';
import { logout, useSession } from '@/shared/session';
import { PageFrame } from '@/shared/ui';
import { oneMonthAgo } from '../charging';
import { CurrentParkingPanel, isCasual } from './CurrentParkingPanel';
import { ParkingRecordCard } from './ParkingRecordCard';

function LastParking() {
  const { t } = useTranslation();
  const last = useQuery({
    queryKey: ['parking', 'lastFinished'],
    queryFn: ({ signal }) => callApi(apiRoutes.parkingLastFinished, { signal, busy: false }),
    staleTime: 0,
  });
  return (
    <Stack gap="xs" component="section" aria-labelledby="last-parking">
      <Title order={2} size="h4" id="last-parking">
        {t('parking.history.last')}
      </Title>
      {last.data ? (
        <ParkingRecordCard s={last.data} />
      ) : (
        <Text c="dark.6">{last.isPending ? t('common.loading') : t('parking.history.noLast')}</Text>
      )}
    </Stack>
  );
}

/**
 * /parking-history (SPEC §2): the current parking panel, the last parking, and the list since a
 * from-date (one month ago by default). Casual users get a continue-to-map that logs them out.
 */
export function ParkingHistoryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const [from, setFrom] = useState(() => oneMonthAgo(new Date()));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from);
  const history = useQuery({
    queryKey: ['parking', 'history', from],
    queryFn: ({ signal }) =>
      callApi(apiRoutes.parkingHistory, { query: { filterFrom: from }, signal }),
    enabled: valid && session.loggedIn,
    staleTime: 0,
  });
  const casual = session.loggedIn && isCasual(session);

  return (
    <PageFrame title={t('route.parkingHistory')}>
      <CurrentParkingPanel onHistory />
      {!session.loggedIn ? (
        <Text>{t('parking.history.loginNeeded')}</Text>
      ) : (
        <>
          <LastParking />
          {casual && (
            <Button variant="outline" onClick={() => void logout().then(() => navigate('/'))}>
              {t('parking.history.toMap')}
            </Button>
          )}
          <Stack gap="sm" component="section" aria-labelledby="parking-list">
            <Title order={2} size="h4" id="parking-list">
              {t('parking.history.list')}
            </Title>
            <TextInput
              type="date"
              label={t('parking.history.from')}
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
                {history.data.map((s) => (
                  <ParkingRecordCard key={s.id} s={s} />
                ))}
              </Stack>
            ) : (
              <Text c="dark.6">{t('parking.history.empty')}</Text>
            )}
          </Stack>
        </>
      )}
    </PageFrame>
  );
}
