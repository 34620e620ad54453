import { Alert, Stack, Text } from '@mantine/core';
import type { ParkingSession } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/shared/format';
import { useLang } from '@/shared/i18n/useLang';
import type { CanOpen } from './parkingLive';
import { isFreeSession, openButtonWanted } from './parkingState';
import { GateOpener } from './GateOpener';

/**
 * SPEC §4 FINISHING: leave by parkingWillFinishAt (HH:MM, else the parking restarts and a
 * surcharge may follow), the exit gate's open button under the same rules, else thank you.
 */
export function FinishingView({
  session,
  canOpen,
}: {
  session: ParkingSession;
  canOpen: CanOpen | null;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const until = session.parkingWillFinishAt ? formatTime(session.parkingWillFinishAt, lang) : null;
  return (
    <Stack gap="sm">
      <Alert
        color="blue"
        title={t(
          isFreeSession(session) ? 'parking.finishing.titleFree' : 'parking.finishing.title',
        )}
      >
        {until ? t('parking.finishing.leaveBy', { time: until }) : t('parking.finishing.leave')}
      </Alert>
      {openButtonWanted(session) ? (
        <GateOpener
          session={session}
          canOpen={canOpen}
          notReady={<Text size="sm">{t('parking.finishing.driveToGate')}</Text>}
        />
      ) : (
        <Text fw={600} role="status">
          {t('parking.finishing.thanks')}
        </Text>
      )}
    </Stack>
  );
}
