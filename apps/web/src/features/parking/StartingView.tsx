import { useState } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import type { ParkingSession } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import type { CanOpen } from './parkingLive';
import { asksPermit, clock, openButtonWanted, secondsLeft } from './parkingState';
import { PermitCheck, type PermitAnswer } from './PermitCheck';
import { useNow } from '@/shared/lib/useNow';
import { CancelParking } from './CancelParking';
import { GateOpener } from './GateOpener';

/**
 * SPEC §4 STARTING: the entry gate's open button (gated by can-open) until the open request is
 * sent, then the countdown of parkingTimeInSeconds from it to 0.
 */
export function StartingView({
  session,
  canOpen,
}: {
  session: ParkingSession;
  canOpen: CanOpen | null;
}) {
  const { t } = useTranslation();
  const [permit, setPermit] = useState<PermitAnswer | null>(null);
  const counting = !openButtonWanted(session);
  const now = useNow(1000, counting);
  const left = secondsLeft(session.inOpenRequestSent, session.parkingLot.parkingTimeInSeconds, now);
  if (counting)
    return (
      <Stack gap="xs">
        <Text>{t('parking.starting.drive')}</Text>
        {left !== null && (
          <Text
            fw={700}
            size="xl"
            data-testid="parking-countdown"
            aria-label={t('parking.starting.countdownLabel', { seconds: left })}
          >
            {clock(left)}
          </Text>
        )}
        {left === 0 && <Text size="sm">{t('parking.starting.timeUp')}</Text>}
      </Stack>
    );
  if (permit === null && asksPermit(session))
    return <PermitCheck sessionId={session.id} onAnswer={setPermit} />;
  return (
    <Stack gap="sm">
      {permit === 'valid' && (
        <Alert color="green" role="status">
          {t('parking.permit.valid')}
        </Alert>
      )}
      <Text>{t('parking.starting.intro')}</Text>
      <GateOpener
        session={session}
        canOpen={canOpen}
        notReady={
          <Stack gap="xs">
            <Alert color="yellow">{t('parking.starting.stopNearGate')}</Alert>
            <CancelParking />
          </Stack>
        }
      />
    </Stack>
  );
}
