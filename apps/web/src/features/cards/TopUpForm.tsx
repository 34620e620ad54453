import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Message } from '@voltpark/contract';
import { ApiError, apiRoutes, callApi } from '@/shared/api';
import { formatMoney } from '@/shared/format';
import { getPlatform } from '@/shared/lib/platform';
import { goToPaymentPage } from './paymentPage';
import { useBillingData, useWallet } from './queries';
import { checkTopUp, digitsOnly, TOP_UP_MAX, topUpPrefill } from './topUp';

function messagesOf(err: unknown): Message[] {
  if (!(err instanceof ApiError) || !err.envelope) return [];
  const env = err.envelope;
  return env.messages.length ? env.messages : env.message ? [env.message] : [];
}

/**
 * SPEC §5 Wallet top-up: required, at least 100 Ft or the debt, at most 50 000 Ft, each with a
 * message naming the limit; then a confirm dialog; then v1/wallet/charge-wallet and the
 * payment page, which returns to /prepaid-payment-result.
 */
export function TopUpForm() {
  const { t } = useTranslation();
  const wallet = useWallet();
  const billing = useBillingData();
  const balance = wallet.data?.ballance ?? 0;
  /** null until the driver types: the field then shows the prefill. */
  const [typed, setTyped] = useState<string | null>(null);
  const [billingId, setBillingId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [sending, setSending] = useState(false);

  // SPEC §4: a wallet in debt prefills the amount with the debt (until the driver types).
  const amount = typed ?? topUpPrefill(wallet.data?.ballance);

  const billingList = billing.data ?? [];
  const chosenBilling =
    billingId ??
    String((billingList.find((b) => b.defaultBillingData) ?? billingList[0])?.id ?? '');

  if (billing.isPending || wallet.isPending) return null;
  if (billingList.length === 0)
    return (
      <Alert color="blue" title={t('cards.topUp.title')} data-testid="top-up-needs-billing">
        <Text size="sm">{t('cards.topUp.needsBilling')}</Text>
        <Anchor component={Link} to="/billing">
          {t('cards.topUp.toBilling')}
        </Anchor>
      </Alert>
    );

  const onSubmit = (ev: FormEvent) => {
    ev.preventDefault();
    setFailed(null);
    const check = checkTopUp(amount, balance);
    if (!check.ok) {
      setError(
        t(check.key, {
          minimum: 'minimum' in check ? formatMoney(check.minimum) : '',
          maximum: formatMoney(TOP_UP_MAX),
        }),
      );
      document.getElementById('f-topUpAmount')?.focus();
      return;
    }
    setError(null);
    setConfirming(check.amount);
  };

  const start = async (value: number) => {
    setConfirming(null);
    setSending(true);
    try {
      const url = await callApi(apiRoutes.chargeWallet, {
        query: { amount: value, 'billing-data-id': Number(chosenBilling), platform: getPlatform() },
        inlineErrors: true,
      });
      if (!url) throw new Error('no payment address');
      goToPaymentPage(url);
    } catch (err) {
      if (err instanceof ApiError && err.network) return;
      const msgs = messagesOf(err);
      const field = msgs.find((m) => m.field === 'amount');
      if (field) setError(field.text);
      // SPEC §8: a top-up failure alerts prepaidFailed.
      else setFailed(msgs.map((m) => m.text).join(' ') || t('cards.topUp.failed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="top-up-title">
      <Stack gap="sm">
        <Text fw={600} id="top-up-title" component="h2" size="lg">
          {t('cards.topUp.title')}
        </Text>
        {failed && (
          <Alert color="red" role="alert" data-testid="top-up-failed">
            {failed}
          </Alert>
        )}
        <TextInput
          id="f-topUpAmount"
          label={t('cards.topUp.amount')}
          description={t('cards.topUp.hint', { maximum: formatMoney(TOP_UP_MAX) })}
          inputMode="numeric"
          autoComplete="off"
          required
          rightSection={<span aria-hidden>Ft</span>}
          value={amount}
          onChange={(e) => setTyped(digitsOnly(e.currentTarget.value))}
          error={error}
        />
        {billingList.length > 1 && (
          <Select
            id="f-topUpBilling"
            label={t('cards.topUp.billing')}
            data={billingList.map((b) => ({ value: String(b.id), label: b.payerName }))}
            value={chosenBilling}
            onChange={setBillingId}
            allowDeselect={false}
          />
        )}
        <Button type="submit" loading={sending}>
          {t('cards.topUp.button')}
        </Button>
      </Stack>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('cards.topUp.confirmTitle')}
        centered
      >
        <Text mb="md">
          {t('cards.topUp.confirmText', { amount: formatMoney(confirming ?? 0) })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(null)}>
            {t('common.no')}
          </Button>
          <Button onClick={() => confirming !== null && void start(confirming)}>
            {t('common.yes')}
          </Button>
        </Group>
      </Modal>
    </form>
  );
}
