import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentResultKind } from './status';
import type { BackRedirect } from './useBackRedirect';

/**
 * The alert for a back redirect: the SPEC §4 status heading and text, and the transaction and
 * order ids for SUCCESS and FAIL. `extra` adds a page's own sentence (e.g. the new balance).
 */
export function PaymentReturnNotice({
  redirect,
  orderLabelKey = 'payment.orderId',
  textKeys = {},
  titleKeys = {},
  textValues,
  onClose,
}: {
  redirect: BackRedirect;
  /** What `o` is on this page (order, receipt…). */
  orderLabelKey?: string;
  /** A page's own sentence for a status (e.g. a card registration's success). */
  textKeys?: Partial<Record<PaymentResultKind, string>>;
  /** A page's own heading for a status. */
  titleKeys?: Partial<Record<PaymentResultKind, string>>;
  /** Values the page's own sentence names (e.g. the card). */
  textValues?: Record<string, string | number>;
  /** Shows a close button (e.g. to drop r and s from the address). */
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  if (redirect.state === 'none' || redirect.state === 'error') return null;
  if (redirect.state === 'checking')
    return (
      <Stack align="center" py="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t('payment.checking')}</Text>
      </Stack>
    );
  if (redirect.state === 'invalid')
    return (
      <Alert
        color="red"
        title={t('payment.invalid.title')}
        role="alert"
        data-testid="payment-return"
      >
        {redirect.messages.map((m) => m.text).join(' ') || t('payment.invalid.text')}
      </Alert>
    );
  const { status, event } = redirect;
  const color =
    status.severity === 'success' ? 'green' : status.severity === 'error' ? 'red' : 'yellow';
  return (
    <Alert
      color={color}
      title={t(titleKeys[status.kind] ?? status.titleKey)}
      withCloseButton={!!onClose}
      onClose={onClose}
      closeButtonLabel={t('common.close')}
      role={status.severity === 'success' ? 'status' : 'alert'}
      data-testid="payment-return"
      data-status={status.kind}
    >
      <Stack gap={4}>
        <Text size="sm">{t(textKeys[status.kind] ?? status.textKey, textValues)}</Text>
        {status.showIds && (
          <>
            <Text size="sm">
              {t('payment.transactionId')}: <strong>{event.t}</strong>
            </Text>
            <Text size="sm">
              {t(orderLabelKey)}: <strong>{event.o}</strong>
            </Text>
          </>
        )}
      </Stack>
    </Alert>
  );
}
