import { useEffect, useRef, useState } from 'react';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiRoutes, callApi } from '@/shared/api';
import { ConfirmDialog } from '@/shared/ui';
import { parkingLive } from './parkingLive';
import { STOP_LOCK_MS } from './parkingState';

/** SPEC §4 STARTING: cancel the parking before the car has entered (locked 15 s after a tap). */
export function CancelParking() {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [locked, setLocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  async function cancel() {
    setAsking(false);
    setLocked(true);
    timer.current = setTimeout(() => setLocked(false), STOP_LOCK_MS);
    try {
      await callApi(apiRoutes.parkingCancel, {});
      parkingLive.setSession(null);
    } catch {
      // The server's message is shown by the client; the live session stays as it is.
    }
  }

  return (
    <>
      <Button variant="outline" color="red" onClick={() => setAsking(true)} disabled={locked}>
        {t('parking.cancel')}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={t('parking.cancelTitle')}
        text={t('parking.cancelConfirm')}
        onYes={() => void cancel()}
        onClose={() => setAsking(false)}
        danger
      />
    </>
  );
}
