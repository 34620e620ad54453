import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { CurrentCharge } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiRoutes, callApi } from '@/shared/api';
import { ConfirmDialog } from '@/shared/ui';
import { formatKw, formatNumber } from '@/shared/format';
import { statusView, formatElapsed, progressPercent } from './chargeStatus';
import { PANEL_POLL_MS, STOP_LOCK_MS } from './constants';
import { CURRENT_CHARGE_KEY, useAfterChargeGone, useCurrentCharge } from './useCurrentCharge';

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [active]);
  return now;
}

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

function ChargeDetails({ c }: { c: CurrentCharge }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const view = statusView(c);
  const now = useNow(!!c.startTime);
  const elapsed = formatElapsed(c.startTime, now);
  const progress = progressPercent(c.consumedEnergy, c.bookedEnergy);
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
      {view.paymentLink && c.paymentUrl && (
        <Button component="a" href={c.paymentUrl}>
          {t('charging.panel.pay')}
        </Button>
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
              percent: formatNumber(progress, 2),
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
      {c.bookedTime !== null && (
        <Text size="sm">{t('charging.panel.bookedTime', { minutes: c.bookedTime })}</Text>
      )}
      {elapsed && (
        <Text size="sm">
          {t('charging.panel.elapsed')}: <time>{elapsed}</time>
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
 * SPEC §4 current charge panel: polled every 10 s (no busy overlay), status text, progress,
 * elapsed time, stop and cancel. When the charge disappears the user goes to `afterGone` in 3 s.
 */
export function CurrentChargePanel({
  afterGone,
  hideWhenNone = false,
}: {
  afterGone: string;
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
