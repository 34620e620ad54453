import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Loader, Group, Stack, Text } from '@mantine/core';
import type { ParkingSession } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import type { CanOpen } from './parkingLive';
import { parkingLive } from './parkingLive';
import { useCanOpenPoll } from './usePolls';
import { GATE_OPENING_MS } from './parkingState';

/**
 * The open-gate button of the current parking (entry while STARTING, exit while FINISHING), or
 * of a paid surcharge's exit (`surchargeId`: getCanOpenSurcharge / openGateSurcharge): enabled
 * only when the server's can-open says so (asked every 1 s while it shows); after the command
 * an opening indicator shows for 5 s. When the gate cannot open yet, `notReady` shows.
 */
export function GateOpener({
  session,
  canOpen,
  notReady,
  surchargeId = null,
}: {
  session: ParkingSession;
  canOpen: CanOpen | null;
  notReady: React.ReactNode;
  surchargeId?: number | null;
}) {
  const { t } = useTranslation();
  const [opening, setOpening] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  useCanOpenPoll(session.id, !opening, parkingLive, surchargeId);
  const mine =
    canOpen !== null &&
    (surchargeId === null
      ? canOpen.parkingSessionId === session.id
      : canOpen.surchargeId === surchargeId);
  const allowed = mine && canOpen.canOpen;
  const label =
    session.parkingStatus === 'FINISHING' ? t('parking.gate.openOut') : t('parking.gate.openIn');

  function open() {
    const sent = parkingLive.send(
      surchargeId === null
        ? { command: 'openGate', parkingSessionId: session.id }
        : { command: 'openGateSurcharge', surchargeId },
    );
    if (!sent) return;
    setOpening(true);
    timer.current = setTimeout(() => setOpening(false), GATE_OPENING_MS);
  }

  if (opening)
    return (
      <Group gap="xs" role="status" data-testid="gate-opening">
        <Loader size="sm" aria-hidden="true" />
        <Text fw={600}>{t('parking.gate.opening')}</Text>
      </Group>
    );
  return (
    <Stack gap="xs">
      <Button size="lg" onClick={open} disabled={!allowed} data-testid="gate-open">
        {label}
      </Button>
      {!allowed && (
        <div role="status">
          {mine && canOpen.retryInSeconds ? (
            <Alert color="blue">
              {t('parking.gate.retryIn', { seconds: canOpen.retryInSeconds })}
            </Alert>
          ) : (
            notReady
          )}
        </div>
      )}
    </Stack>
  );
}
