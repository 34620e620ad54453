import { useState } from 'react';
import { Alert, Anchor, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ParkingSession } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, formatTime } from '@/shared/format';
import { ConfirmDialog } from '@/shared/ui';
import { useChargeRunning, useMinutesLabel } from '../charging';
import type { CanStop } from './parkingLive';
import { parkingLive } from './parkingLive';
import { useAmountRefreshPoll, useCanStopPoll } from './usePolls';
import {
  discountMinutes,
  elapsedMinutes,
  freeUntil,
  isFreeSession,
  isTrulyFree,
  paymentState,
} from './parkingState';
import { useLang } from '@/shared/i18n/useLang';
import { useNow } from '@/shared/lib/useNow';
import { stopParking } from './stopCall';
import { StopParkingForm } from './StopParkingForm';

function Facts({ session }: { session: ParkingSession }) {
  const { t } = useTranslation();
  const minutesLabel = useMinutesLabel();
  const now = useNow(15_000, !session.parkingTo);
  const discount = discountMinutes(session);
  const rows: [string, string][] = [
    [t('parking.started.elapsed'), minutesLabel(elapsedMinutes(session, now))],
  ];
  if (discount > 0) rows.push([t('parking.started.discount'), minutesLabel(discount)]);
  // A paid parking shows its amount so far, 0 Ft in the free minutes too (decision 0064).
  if (!isTrulyFree(session)) rows.push([t('parking.started.amount'), formatMoney(session.amount)]);
  rows.push([t('parking.started.chargeCode'), session.chargeCode]);
  return (
    <SimpleGrid cols={2} spacing={4} component="dl" m={0}>
      {rows.map(([k, v]) => (
        <div key={k} style={{ display: 'contents' }}>
          <Text component="dt" size="sm">
            {k}
          </Text>
          <Text component="dd" size="sm" fw={600} m={0} data-testid={`parking-fact-${k}`}>
            {v}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

function PaymentStatus({ session }: { session: ParkingSession }) {
  const { t } = useTranslation();
  const state = paymentState(session);
  if (state === 'inProgress')
    return (
      <Alert color="blue" role="status" title={t('parking.payment.inProgress')}>
        {session.paymentMethod === 'SIMPLEPAY' && session.paymentUrl && (
          <Anchor href={session.paymentUrl}>{t('parking.payment.toProvider')}</Anchor>
        )}
      </Alert>
    );
  if (state === 'finishing')
    return (
      <Alert color="green" role="status">
        {t('parking.payment.finishing')}
      </Alert>
    );
  return null;
}

/** Decision 0064: "free" only for a truly free parking; a paid one is free until HH:MM. */
function FreeNote({ session }: { session: ParkingSession }) {
  const { t } = useTranslation();
  const lang = useLang();
  const until = freeUntil(session);
  return (
    <Alert color="green" data-testid="parking-free-note">
      {until === null
        ? t('parking.started.free')
        : t('parking.started.freeUntil', { time: formatTime(until, lang) })}
    </Alert>
  );
}

function FreeFinish({ session }: { session: ParkingSession }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);
  const [confirm, setConfirm] = useState(false);
  async function finish() {
    setConfirm(false);
    setBusy(true);
    setError(false);
    try {
      const s = await stopParking({});
      if (s) parkingLive.setSession(s);
    } catch {
      setError(true);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack gap="xs">
      <FreeNote session={session} />
      {error && (
        <Alert color="red" role="alert">
          {t('parking.stop.failed')}
        </Alert>
      )}
      <Button
        size="md"
        onClick={() => setConfirm(true)}
        loading={busy}
        data-testid="parking-finish"
      >
        {t('parking.started.finish')}
      </Button>
      {/* Decision 0064: one tap does not end it (a paid parking's payment step confirms). */}
      <ConfirmDialog
        opened={confirm}
        title={t('parking.started.finish')}
        text={t('parking.started.confirmFinish')}
        onClose={() => setConfirm(false)}
        onYes={() => void finish()}
        yesTestId="parking-finish-confirm"
      />
    </Stack>
  );
}

/**
 * SPEC §4 STARTED: elapsed and discount time, the charge code, start charging at lots with
 * chargers (unless a charge runs; the charger's form gets the charge code), the payment's state, and stop (gated by can-stop) → payment; free sessions finish.
 */
export function StartedView({
  session,
  canStop,
  casual,
}: {
  session: ParkingSession;
  canStop: CanStop | null;
  casual: boolean;
}) {
  const { t } = useTranslation();
  const [stopping, setStopping] = useState(false);
  const payment = paymentState(session);
  const free = isFreeSession(session);
  const stopShown = payment === 'none' || payment === 'failed';
  useCanStopPoll(session.id, stopShown && !stopping);
  useAmountRefreshPoll(stopShown && !free);
  const mayStop = canStop !== null && canStop.parkingSessionId === session.id && canStop.canStop;
  // A second charge would be refused (ALREADY_CHARGING): no start offered while one runs.
  const charging = useChargeRunning();

  return (
    <Stack gap="sm">
      <Facts session={session} />
      {session.parkingLot.hasChargers && payment === 'none' && !charging && (
        <Button
          variant="light"
          component={Link}
          to={`/map?showLocation=${session.parkingLot.locationId}&tab=charger`}
        >
          {t('parking.started.startCharging')}
        </Button>
      )}
      <PaymentStatus session={session} />
      {payment === 'failed' && !stopping && (
        <Alert color="red" role="alert" title={t('parking.payment.failed')}>
          {t('parking.payment.retryHint')}
        </Alert>
      )}
      {stopShown &&
        (stopping ? (
          <StopParkingForm session={session} casual={casual} onBack={() => setStopping(false)} />
        ) : canStop === null ? null : !mayStop ? (
          <Alert color="yellow" role="status">
            {canStop.reason === 'SURCHARGE' ? (
              <>
                {t('parking.started.surchargeDue')}{' '}
                <Anchor component={Link} to="/parking-surcharge">
                  {t('parking.started.surchargeLink')}
                </Anchor>
              </>
            ) : canStop.reason === 'PAYMENT_UNDER_WAY' ? (
              t('parking.started.paymentUnderWay')
            ) : canStop.reason === 'CHARGING' ? (
              t('parking.started.chargingInProgress')
            ) : (
              t('parking.started.cannotStop')
            )}
          </Alert>
        ) : free ? (
          <FreeFinish session={session} />
        ) : (
          <Button
            size="md"
            onClick={() => {
              // The Pay button must show what the server will charge now, not the last push.
              parkingLive.send({ command: 'getParkingSession' });
              setStopping(true);
            }}
            data-testid="parking-stop"
          >
            {payment === 'failed' ? t('parking.payment.retry') : t('parking.started.stop')}
          </Button>
        ))}
    </Stack>
  );
}
