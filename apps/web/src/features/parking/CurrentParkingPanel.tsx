import { Alert, CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { storage, STORAGE_KEYS } from '@/shared/lib/storage';
import { useSession, type SessionState } from '@/shared/session';
import { parkingLive, type ParkingLiveState } from './parkingLive';
import { statusKey } from './parkingState';
import { useCurrentParking } from './useCurrentParking';
import { FinishedCard } from './FinishedCard';
import { FinishingView } from './FinishingView';
import { useFinishedParking } from './useFinishedParking';
import { StartedView } from './StartedView';
import { StartingView } from './StartingView';

/** The panel for a known live state (also rendered directly by tests). */
export function ParkingPanelView({
  live,
  casual,
}: {
  live: Pick<ParkingLiveState, 'session' | 'canOpen' | 'canStop' | 'error'>;
  casual: boolean;
}) {
  const { t } = useTranslation();
  const s = live.session;
  if (!s) return null;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="current-parking"
      data-testid="current-parking"
      data-status={s.parkingStatus}
    >
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="current-parking">
            {t('parking.current.title')}
          </Title>
          <Text fw={600}>{s.parkingLot.name}</Text>
          <Text size="sm" c="dark.6">
            {s.parkingLot.fullAddress}
          </Text>
          <Text size="sm" mt={4}>
            {t(statusKey(s))}
          </Text>
        </div>
        {live.error && (
          <Alert color="red" role="alert">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <span>{live.error.message.text}</span>
              <CloseButton
                aria-label={t('common.close')}
                onClick={() => parkingLive.clearError()}
              />
            </Group>
          </Alert>
        )}
        {s.parkingStatus === 'STARTING' && <StartingView session={s} canOpen={live.canOpen} />}
        {s.parkingStatus === 'STARTED' && (
          <StartedView session={s} canStop={live.canStop} casual={casual} />
        )}
        {s.parkingStatus === 'FINISHING' && <FinishingView session={s} canOpen={live.canOpen} />}
      </Stack>
    </Paper>
  );
}

/** A casual (guest) user: so flagged, or known only by a guest access token. */
export function isCasual(session: SessionState): boolean {
  return session.user ? session.user.casualUser : !storage.get(STORAGE_KEYS.loggedInUserId);
}

/** The signed-in (or guest) user's current parking, live (SPEC §4 Parking session). */
export function CurrentParkingPanel({ onHistory = false }: { onHistory?: boolean }) {
  const session = useSession();
  const live = useCurrentParking(onHistory);
  const { finished, dismiss } = useFinishedParking(live.session);
  if (!live.session && finished) return <FinishedCard session={finished} onDismiss={dismiss} />;
  return <ParkingPanelView live={live} casual={isCasual(session)} />;
}
