import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import type { Surcharge } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, formatTime } from '@/shared/format';
import { useLang } from '@/shared/i18n/useLang';
import { FigureList } from '@/shared/ui';
import { GateOpener } from '../GateOpener';
import type { CanOpen } from '../parkingLive';
import { SurchargePayForm } from './SurchargePayForm';

function Facts({ s }: { s: Surcharge }) {
  const { t } = useTranslation();
  const lang = useLang();
  const rows: [string, string][] = [
    [t('parking.surcharge.amount'), formatMoney(s.amount)],
    [t('parking.surcharge.days'), String(s.days)],
  ];
  if (s.parkingWillFinishAt)
    rows.push([t('parking.surcharge.overSince'), formatDateTime(s.parkingWillFinishAt, lang)]);
  return <FigureList rows={rows} />;
}

/** UNPAID: a payment under way (with SimplePay's page), failed (pay again), or the method and pay. */
function Unpaid({ s, casual }: { s: Surcharge; casual: boolean }) {
  const { t } = useTranslation();
  const paying = !!s.paymentStartedAt && !s.paymentFailed && !s.paymentFinishedAt;
  if (paying)
    return (
      <Alert color="blue" role="status" title={t('parking.payment.inProgress')}>
        {s.paymentMethod !== 'WALLET' && s.paymentUrl && (
          <Anchor href={s.paymentUrl}>{t('parking.payment.toProvider')}</Anchor>
        )}
      </Alert>
    );
  return (
    <Stack gap="sm">
      {s.paymentFailed && (
        <Alert color="red" role="alert" title={t('parking.payment.failed')}>
          {t('parking.payment.retryHint')}
        </Alert>
      )}
      <SurchargePayForm surcharge={s} casual={casual} />
    </Stack>
  );
}

/** PAID: leave by HH:MM through the exit gate (opened once, gated by can-open). */
function Paid({ s, canOpen }: { s: Surcharge; canOpen: CanOpen | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const session = s.parkingSession;
  const until = session.parkingWillFinishAt ? formatTime(session.parkingWillFinishAt, lang) : null;
  return (
    <Stack gap="sm">
      <Alert color="green" title={t('parking.surcharge.paid')}>
        {until ? t('parking.finishing.leaveBy', { time: until }) : t('parking.finishing.leave')}
      </Alert>
      {session.parkingStatus === 'FINISHING' ? (
        <GateOpener
          session={session}
          canOpen={canOpen}
          surchargeId={s.id}
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

/** SPEC §4 Surcharge status: UNPAID → choose a method and pay; PAID → leave; FINISHED → thanks. */
export function SurchargeView({
  surcharge: s,
  canOpen,
  casual,
  error,
}: {
  surcharge: Surcharge;
  canOpen: CanOpen | null;
  casual: boolean;
  error?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="surcharge-title"
      data-testid="surcharge"
      data-status={s.status}
    >
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="surcharge-title">
            {t('parking.surcharge.title')}
          </Title>
          <Text fw={600}>{s.parkingSession.parkingLot.name}</Text>
          <Text size="sm" mt={4}>
            {t(`parking.surcharge.status.${s.status}`)}
          </Text>
        </div>
        <Facts s={s} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {s.status === 'UNPAID' && <Unpaid s={s} casual={casual} />}
        {s.status === 'PAID' && <Paid s={s} canOpen={canOpen} />}
        {s.status === 'FINISHED' && (
          <Text fw={600} role="status">
            {t('parking.surcharge.finished')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
