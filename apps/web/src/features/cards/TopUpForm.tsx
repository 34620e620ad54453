import { useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  PasswordInput,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Message } from '@voltpark/contract';
import { ApiError, apiRoutes, callApi, currentLang } from '@/shared/api';
import { formatMoney } from '@/shared/format';
import { getPlatform } from '@/shared/lib/platform';
import { goToPaymentPage } from './paymentPage';
import { useBillingData, useCards, useWallet, walletKey } from './queries';
import { newRequestId } from './requestId';
import { checkTopUp, digitsOnly, TOP_UP_MAX, topUpPrefill } from './topUp';

function messagesOf(err: unknown): Message[] {
  if (!(err instanceof ApiError) || !err.envelope) return [];
  const env = err.envelope;
  return env.messages.length ? env.messages : env.message ? [env.message] : [];
}

const NEW_CARD = 'new';

/** 3-D Secure browser data of a OneClick payment. */
function browserData() {
  return {
    java: false,
    color: globalThis.screen?.colorDepth || 24,
    height: globalThis.screen?.height ?? 0,
    width: globalThis.screen?.width ?? 0,
    tz: new Date().getTimezoneOffset(),
  };
}

/**
 * SPEC §5 Wallet top-up: required, at least 100 Ft or the debt, at most 50 000 Ft, each with a
 * message naming the limit; then a confirm dialog; then v1/wallet/charge-wallet and the
 * payment page, which returns to /prepaid-payment-result. With a saved card the driver may pay
 * with it instead (its secret code, no card number): v1/wallet/charge-wallet-card, replay-safe
 * by a request key made when the confirm dialog opens.
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
  const cards = useCards();
  const qc = useQueryClient();
  const savedCards = (cards.data ?? []).filter((c) => c.cardMask !== '');
  const [payWith, setPayWith] = useState<string | null>(null);
  const [secret, setSecret] = useState('');
  const [secretError, setSecretError] = useState<string | null>(null);
  const [requestId, setRequestId] = useState<string | null>(null);
  const [done, setDone] = useState<number | null>(null);
  // The default saved card is offered first; "new" is SimplePay's card form.
  const chosenCard =
    payWith ?? String((savedCards.find((c) => c.defaultCard) ?? savedCards[0])?.cardId ?? NEW_CARD);
  const savedCard = savedCards.find((c) => String(c.cardId) === chosenCard) ?? null;

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
    if (savedCard) {
      const s = secret.trim();
      if (s.length < 4 || s.length > 32) {
        setSecretError(t(s ? 'cards.secret.length' : 'cards.secret.required'));
        document.getElementById('f-topUpSecret')?.focus();
        return;
      }
      setSecretError(null);
    }
    setDone(null);
    setRequestId(newRequestId());
    setConfirming(check.amount);
  };

  const startWithSavedCard = async (value: number, cardId: number) => {
    const answer = await callApi(apiRoutes.chargeWalletCard, {
      body: {
        amount: value,
        billingDataId: Number(chosenBilling),
        cardId,
        cardSecret: secret.trim(),
        requestId: requestId ?? newRequestId(),
        lang: currentLang(),
        platform: getPlatform(),
        ...browserData(),
      },
      inlineErrors: true,
    });
    // The bank asked for 3-D Secure: its page returns to /prepaid-payment-result.
    if (answer.redirectUrl) {
      goToPaymentPage(answer.redirectUrl);
      return;
    }
    if (answer.transactionId !== null) {
      const confirmed = await callApi(apiRoutes.confirmPayment, {
        query: { transactionId: String(answer.transactionId), status: 'SUCCESS' },
        inlineErrors: true,
      });
      if (typeof confirmed === 'number') setDone(value);
    }
    setSecret('');
    setTyped(null);
    await qc.invalidateQueries({ queryKey: walletKey });
  };

  const start = async (value: number) => {
    setConfirming(null);
    setSending(true);
    try {
      if (savedCard) {
        await startWithSavedCard(value, savedCard.cardId);
        return;
      }
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
      const secretField = msgs.find((m) => m.field === 'cardSecret');
      if (field) setError(field.text);
      else if (secretField) setSecretError(secretField.text);
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
          description={t(savedCard ? 'cards.topUp.hintSavedCard' : 'cards.topUp.hint', {
            maximum: formatMoney(TOP_UP_MAX),
          })}
          inputMode="numeric"
          autoComplete="off"
          required
          rightSection={<span aria-hidden>Ft</span>}
          value={amount}
          onChange={(e) => setTyped(digitsOnly(e.currentTarget.value))}
          error={error}
        />
        {done !== null && (
          <Alert color="green" role="status" data-testid="top-up-done">
            {t('cards.topUp.done', { amount: formatMoney(done) })}
          </Alert>
        )}
        {savedCards.length > 0 && (
          <Radio.Group
            label={t('cards.topUp.payWith')}
            value={chosenCard}
            onChange={(v) => {
              setPayWith(v);
              setSecretError(null);
            }}
          >
            <Stack gap="xs" mt={6}>
              {savedCards.map((c) => (
                <Radio
                  key={c.cardId}
                  value={String(c.cardId)}
                  label={t('cards.topUp.savedCard', { mask: c.cardMask })}
                />
              ))}
              <Radio value={NEW_CARD} label={t('cards.topUp.newCard')} />
            </Stack>
          </Radio.Group>
        )}
        {savedCard && (
          <PasswordInput
            id="f-topUpSecret"
            label={t('charging.payment.secret')}
            description={t('charging.payment.secretHint')}
            value={secret}
            onChange={(e) => setSecret(e.currentTarget.value)}
            error={secretError}
            maxLength={32}
            autoComplete="off"
            required
          />
        )}
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
          {savedCard
            ? t('cards.topUp.confirmSavedCard', {
                amount: formatMoney(confirming ?? 0),
                mask: savedCard.cardMask,
              })
            : t('cards.topUp.confirmText', { amount: formatMoney(confirming ?? 0) })}
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
