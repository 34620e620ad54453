import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { CurrentCharge } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiRoutes, callApi } from '@/shared/api';
import { ConfirmDialog, ElapsedTime } from '@/shared/ui';
import { elapsedParts } from '@/shared/lib/elapsed';
import { useNow } from '@/shared/lib/useNow';
import { formatKw, formatMoney, formatNumber, formatTime } from '@/shared/format';
import { useLang } from '@/shared/i18n/useLang';
import { progressPercent, statusView, timeProgressPercent } from './chargeStatus';
import { PANEL_POLL_MS, STOP_LOCK_MS } from './constants';
import { CURRENT_CHARGE_KEY, useAfterChargeGone, useCurrentCharge } from './useCurrentCharge';

/** The 15 s lock of SPEC §4: after a stop or cancel request the button hides, then returns. */
function useLock(): [boolean, () => void] {
  const [locked, setLocked] = useState(false);
  useEffect(() => {
    if (!locked) return;
    const id = setTimeout(() => setLocked(false), STOP_LOCK_MS);
    return () => clearTimeout(id);
  }, [locked]);
  return [locked, () => setLocked(true)];
}

/** NEW: pay (the open page, or a new payment after a declined one) while the window lasts. */
function PayButton({ c, onDone }: { c: CurrentCharge; onDone: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function pay() {
    setBusy(true);
    try {
      const url = await callApi(apiRoutes.chargePayment, { query: { chargeId: c.id } });
      globalThis.location.assign(url);
    } catch {
      /* the client alerted the server's message (e.g. the payment window is over) */
      onDone();
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button loading={busy} onClick={() => void pay()}>
      {t(c.paymentFailed ? 'charging.panel.payAgain' : 'charging.panel.pay')}
    </Button>
  );
}

function ChargeDetails({ c }: { c: CurrentCharge }) {
  const { t } = useTranslation();
  const lang = useLang();
  const client = useQueryClient();
  const view = statusView(c);
  const now = useNow(1000, !!c.startTime);
  const elapsed = elapsedParts(c.startTime, now);
  const progress = progressPercent(c.consumedEnergy, c.bookedEnergy);
  const timeProgress =
    elapsed && c.chargingStatus === 'STARTED'
      ? timeProgressPercent(elapsed.seconds, c.bookedTime)
      : null;
  const deadline = c.paymentDeadline ? formatTime(c.paymentDeadline, lang) : null;
  const [locked, lock] = useLock();
  const [confirm, setConfirm] = useState<'stop' | 'cancel' | null>(null);
  const [sent, setSent] = useState<'stop' | 'cancel' | null>(null);

  async function run(kind: 'stop' | 'cancel') {
    lock();
    try {
      if (kind === 'stop')
        await callApi(apiRoutes.stopCharging, {
          query: { chargerId: c.chargerId, chargeId: c.id },
        });
      else await callApi(apiRoutes.cancelChargeBeforeStart, { query: { chargeId: c.id } });
      setSent(kind);
    } catch {
      /* the client alerted the server's message */
    }
    void client.invalidateQueries({ queryKey: CURRENT_CHARGE_KEY });
  }

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Anchor component={Link} to={`/charger/${c.chargerId}`} fw={600}>
          {c.charger}
        </Anchor>
        <Text size="sm">{t(`charging.statusName.${c.chargingStatus}`)}</Text>
      </Group>
      <Text role="status">{t(view.textKey, view.vars)}</Text>
      {c.chargingStatus === 'NEW' && c.paymentFailed && deadline && (
        <Alert color="red" role="alert">
          {t('charging.panel.paymentFailed', { time: deadline })}
        </Alert>
      )}
      {c.chargingStatus === 'NEW' && !c.paymentFailed && deadline && (
        <Text size="sm">{t('charging.panel.paymentDeadline', { time: deadline })}</Text>
      )}
      {(view.paymentLink || c.paymentFailed) && (
        <PayButton
          c={c}
          onDone={() => void client.invalidateQueries({ queryKey: CURRENT_CHARGE_KEY })}
        />
      )}
      {progress !== null && (
        <Stack gap={4}>
          <Progress
            value={Math.min(100, progress)}
            aria-label={t('charging.panel.progress')}
            size="lg"
          />
          <Text size="sm">
            {t('charging.panel.energyOfBooked', {
              consumed: formatNumber(c.consumedEnergy, 2),
              booked: formatNumber(c.bookedEnergy ?? 0, 2),
              percent: wholePercent(progress),
            })}
          </Text>
          {progress >= 100 && <Text size="sm">{t('charging.panel.bookedReached')}</Text>}
        </Stack>
      )}
      {progress === null && (
        <Text size="sm">
          {t('charging.panel.energy', { consumed: formatNumber(c.consumedEnergy, 2) })}
        </Text>
      )}
      {c.consumptionPower !== null && c.chargingStatus === 'STARTED' && (
        <Text size="sm">
          {t('charging.panel.power')}: {formatKw(c.consumptionPower)}
        </Text>
      )}
      {c.runningCost !== null && c.runningCost !== undefined && (
        <Text size="sm">
          {t('charging.panel.cost')}: <strong>{formatMoney(c.runningCost)}</strong>{' '}
          <Text span size="xs" c="dark.6">
            ({t('charging.panel.costHint')})
          </Text>
        </Text>
      )}
      {timeProgress !== null && elapsed && (
        <Stack gap={4}>
          <Progress
            value={Math.min(100, timeProgress)}
            aria-label={t('charging.panel.timeProgress')}
            size="lg"
          />
          <Text size="sm">
            {t('charging.panel.timeOfBooked', {
              elapsed: Math.floor(elapsed.seconds / 60),
              booked: c.bookedTime ?? 0,
              percent: wholePercent(Math.min(100, timeProgress)),
            })}
          </Text>
        </Stack>
      )}
      {c.bookedTime !== null && timeProgress === null && (
        <Text size="sm">{t('charging.panel.bookedTime', { minutes: c.bookedTime })}</Text>
      )}
      {elapsed && (
        <Text size="sm">
          {t('charging.panel.elapsed')}: <ElapsedTime parts={elapsed} />
        </Text>
      )}
      {sent && <Alert color="blue">{t(`charging.panel.${sent}Sent`)}</Alert>}
      {!locked && view.canStop && !(progress !== null && progress >= 100) && (
        <Button color="red" onClick={() => setConfirm('stop')}>
          {t('charging.panel.stop')}
        </Button>
      )}
      {!locked && view.canCancel && (
        <Button color="red" variant="outline" onClick={() => setConfirm('cancel')}>
          {t('charging.panel.cancel')}
        </Button>
      )}
      <ConfirmDialog
        opened={confirm !== null}
        title={t(confirm === 'cancel' ? 'charging.panel.cancel' : 'charging.panel.stop')}
        text={t(
          confirm === 'cancel' ? 'charging.panel.confirmCancel' : 'charging.panel.confirmStop',
        )}
        onClose={() => setConfirm(null)}
        onYes={() => {
          setConfirm(null);
          void run(confirm ?? 'stop');
        }}
      />
    </Stack>
  );
}

/**
 * Progress in whole percent ("67%"), rounded down so that 100% is shown only once reached.
 */
function wholePercent(percent: number): string {
  return formatNumber(Math.floor(percent));
}

/**
 * SPEC §4 current charge panel: polled every 10 s (no busy overlay), status text, progress,
 * elapsed time, stop and cancel. When the charge disappears the user goes to `afterGone` in 3 s.
 */
export function CurrentChargePanel({
  afterGone,
  hideWhenNone = false,
}: {
  afterGone: string | ((chargeId: number) => string);
  hideWhenNone?: boolean;
}) {
  const { t } = useTranslation();
  const current = useCurrentCharge(PANEL_POLL_MS);
  useAfterChargeGone(current.data, afterGone);
  const c = current.data;
  if (!c && hideWhenNone) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="current-charge">
      <Title order={2} size="h4" id="current-charge" mb="xs">
        {t('charging.panel.title')}
      </Title>
      {c ? (
        <ChargeDetails key={c.id} c={c} />
      ) : (
        <Text c="dark.6">{current.isPending ? t('common.loading') : t('charging.panel.none')}</Text>
      )}
    </Paper>
  );
}
