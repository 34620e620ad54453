import { useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { RoamingCharge } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, formatNumber } from '@/shared/format';
import { ConfirmDialog, ElapsedSince } from '@/shared/ui';
import { roamingPhase, settlement } from './roamingStatus';

function Figures({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <SimpleGrid cols={2} spacing={6} component="dl" m={0}>
      {rows.map(([k, v]) => (
        <div key={k} style={{ display: 'contents' }}>
          <Text component="dt">{k}</Text>
          <Text component="dd" fw={700} m={0}>
            {v}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/**
 * The live screen of a charge at a partner's charger (decision 0043): waiting for the partner,
 * charging with the time since the start, kWh and the price so far, stopping, completed with
 * the bill and the hold given back, or refused / unanswered with the partner's message and the
 * hold released.
 */
export function RoamingChargeStatus({
  charge: c,
  onStop,
  stopError,
}: {
  charge: RoamingCharge;
  /** Resolves when the stop was sent (or failed: `stopError` then says why). */
  onStop: () => Promise<void>;
  stopError: string | null;
}) {
  const { t } = useTranslation();
  const [confirm, setConfirm] = useState(false);
  const [stopping, setStopping] = useState(false);
  const phase = roamingPhase(c.status);
  const where = c.siteName
    ? t('roamingCharge.where', { site: c.siteName, evse: c.evseUid })
    : t('roamingCharge.whereNoName', { evse: c.evseUid });
  const money = settlement(c);

  const rows: [string, ReactNode][] = [[t('roamingCharge.hold'), formatMoney(c.holdAmount)]];
  // The time since the partner's start, every second, while it charges (the own charge's way).
  if ((phase.state === 'charging' || phase.state === 'stopping') && c.startedAt !== null)
    rows.push([t('roamingCharge.elapsed'), <ElapsedSince start={c.startedAt} />]);
  if (phase.meter) {
    rows.push([
      t('roamingCharge.energy'),
      c.kWh === null ? t('roamingCharge.noReading') : `${formatNumber(c.kWh, 2)} kWh`,
    ]);
  }
  if (phase.meter && c.status !== 'COMPLETED') {
    rows.push([
      t('roamingCharge.priceSoFar'),
      c.priceSoFar === null ? t('roamingCharge.noReading') : formatMoney(c.priceSoFar),
    ]);
  }
  if (c.status === 'COMPLETED') {
    // As the history says it: the total, what was paid, and only an open rest as still to pay.
    rows.push([t('roamingCharge.history.total'), formatMoney(money.billed)]);
    rows.push([t('roamingCharge.history.paid'), formatMoney(money.billed - money.open)]);
    if (money.open > 0) rows.push([t('roamingCharge.history.open'), formatMoney(money.open)]);
    rows.push([t('roamingCharge.released'), formatMoney(money.released)]);
  }

  async function stop() {
    setStopping(true);
    try {
      await onStop();
    } finally {
      setStopping(false);
      setConfirm(false);
    }
  }

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid="roaming-charge"
      aria-labelledby="roaming-charge-title"
    >
      <Stack gap="sm">
        {/* The page heading already says "at a partner's charger": the card names the partner.
            On a narrow phone the badge wraps under the name rather than squeezing it. */}
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id="roaming-charge-title" style={{ minWidth: 0 }}>
            {c.partnerName}
          </Title>
          <Badge
            color={phase.color}
            variant="filled"
            tt="none"
            size="lg"
            style={{ flexShrink: 0 }}
            data-testid="roaming-status"
          >
            {t(`roamingCharge.status.${phase.state}`)}
          </Badge>
        </Group>
        <Text size="sm">{where}</Text>
        <div role="status" aria-live="polite">
          {phase.state === 'paying' && (
            <Group gap="xs" wrap="nowrap">
              <Loader size="sm" aria-hidden="true" />
              <Text size="sm">{t('roamingCharge.paying')}</Text>
            </Group>
          )}
          {phase.state === 'waiting' && (
            <Group gap="xs" wrap="nowrap">
              <Loader size="sm" aria-hidden="true" />
              <Text size="sm">{t('roamingCharge.waiting')}</Text>
            </Group>
          )}
          {phase.state === 'stopping' && <Text size="sm">{t('roamingCharge.stoppingHint')}</Text>}
          {phase.state === 'completed' && (
            <Text size="sm" data-testid="roaming-completed">
              {t('roamingCharge.completedText', {
                billed: formatMoney(money.billed),
                released: formatMoney(money.released),
              })}
              {money.extra > 0 &&
                ` ${t('roamingCharge.extraDebited', { extra: formatMoney(money.extra) })}`}
              {money.open > 0 &&
                ` ${t('roamingCharge.extraOpen', { extra: formatMoney(money.open) })}`}
            </Text>
          )}
          {phase.holdReleased && (
            <Alert color="red" role="alert" title={t(`roamingCharge.status.${phase.state}`)}>
              <Text size="sm">
                {c.paymentProblem
                  ? t(`roamingCharge.payment.${c.paymentProblem}`)
                  : c.message
                    ? t('roamingCharge.partnerMessage', { message: c.message })
                    : t(`roamingCharge.${phase.state}Text`)}
              </Text>
              <Text size="sm" mt={4} fw={700}>
                {c.holdOutcome === 'NOT_TAKEN'
                  ? t('roamingCharge.holdNotTaken')
                  : c.holdOutcome === 'PENDING'
                    ? t('roamingCharge.holdPending', { amount: formatMoney(c.holdAmount) })
                    : t('roamingCharge.holdReleased', { amount: formatMoney(c.holdAmount) })}
              </Text>
            </Alert>
          )}
        </div>
        <Figures rows={rows} />
        {c.message && !phase.holdReleased && c.status !== 'COMPLETED' && (
          <Text size="sm">{t('roamingCharge.partnerMessage', { message: c.message })}</Text>
        )}
        {stopError && (
          <Alert color="red" role="alert">
            {stopError}
          </Alert>
        )}
        {phase.cancellable && c.paymentUrl && (
          <Button component="a" href={c.paymentUrl}>
            {t('roamingCharge.toPayment')}
          </Button>
        )}
        {phase.cancellable && (
          <Button color="red" variant="outline" onClick={() => void stop()} loading={stopping}>
            {t('roamingCharge.cancelPayment')}
          </Button>
        )}
        {phase.stoppable && (
          <Button color="red" onClick={() => setConfirm(true)} loading={stopping}>
            {t('roamingCharge.stop')}
          </Button>
        )}
        {c.status === 'COMPLETED' && c.receiptRowNumber !== null && (
          <Button
            component={Link}
            to={`/receipt?rowNumber=${c.receiptRowNumber}`}
            variant="outline"
          >
            {t('roamingCharge.receipt')}
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirm}
        title={t('roamingCharge.stop')}
        text={t('roamingCharge.confirmStop')}
        onYes={() => void stop()}
        onClose={() => setConfirm(false)}
        yesTestId="roaming-stop-yes"
      />
    </Paper>
  );
}
