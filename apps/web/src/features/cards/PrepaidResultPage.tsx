import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PaymentReturnCheck } from '@voltpark/contract';
import { apiRoutes, callApiEnvelope } from '@/shared/api';
import { formatMoney } from '@/shared/format';
import { PaymentReturnNotice, useBackRedirect } from '@/shared/payment';
import { PageFrame } from '@/shared/ui';

/**
 * SPEC §4: a successful top-up is confirmed (the server settles it by asking SimplePay, never
 * by trusting r); the answer carries the new balance.
 */
function ConfirmedBalance({ event }: { event: PaymentReturnCheck }) {
  const { t } = useTranslation();
  const confirm = useQuery({
    queryKey: ['cards', 'confirm-payment', event.t],
    queryFn: () =>
      callApiEnvelope(apiRoutes.confirmPayment, {
        query: { transactionId: event.t, status: 'SUCCESS' },
      }),
    staleTime: Infinity,
    retry: false,
  });
  if (confirm.isPending)
    return (
      <Stack align="center" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t('cards.result.confirming')}</Text>
      </Stack>
    );
  if (confirm.isError) return <Alert color="red">{t('cards.topUp.failed')}</Alert>;
  const balance = typeof confirm.data.data === 'number' ? confirm.data.data : null;
  return (
    <Stack gap="xs">
      {!confirm.data.result && (
        <Alert color="blue" data-testid="top-up-pending">
          {t('cards.result.pending')}
        </Alert>
      )}
      {balance !== null && (
        <Text>
          {t('cards.result.newBalance')}:{' '}
          <strong data-testid="result-balance">{formatMoney(balance)}</strong>
        </Text>
      )}
    </Stack>
  );
}

/** SPEC §2 Prepaid top-up result: the verified r, the status texts, the balance on success. */
export function PrepaidResultPage() {
  const { t } = useTranslation();
  const redirect = useBackRedirect();
  const success = redirect.state === 'verified' && redirect.status.kind === 'success';
  const settled = redirect.state !== 'checking';
  return (
    <PageFrame title={t('route.prepaidPaymentResult')}>
      {redirect.state === 'none' ? (
        <Alert color="yellow" title={t('payment.unknown.title')} data-testid="payment-return">
          {t('payment.unknown.text')}
        </Alert>
      ) : (
        <PaymentReturnNotice redirect={redirect} />
      )}
      {success && <ConfirmedBalance event={redirect.event} />}
      {settled &&
        (success ? (
          <Anchor component={Link} to="/cards">
            {t('cards.result.toCards')}
          </Anchor>
        ) : (
          <Anchor component={Link} to="/">
            {t('cards.result.toHome')}
          </Anchor>
        ))}
    </PageFrame>
  );
}
