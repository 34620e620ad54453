import { useState, type FormEvent } from 'react';
import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Message } from '@voltpark/contract';
import { ApiError, apiRoutes, callApi } from '@/shared/api';
import { getPlatform } from '@/shared/lib/platform';
import { goToPaymentPage } from './paymentPage';

/** The OneClick secret code: 4–32 characters (the contract's rule for card-registration). */
export function secretCodeError(code: string): string | null {
  if (code === '') return 'cards.secret.required';
  if (code.length < 4 || code.length > 32) return 'cards.secret.length';
  return null;
}

function messagesOf(err: unknown): Message[] {
  if (!(err instanceof ApiError) || !err.envelope) return [];
  const env = err.envelope;
  return env.messages.length ? env.messages : env.message ? [env.message] : [];
}

/**
 * Card registration: the driver picks the secret code SimplePay will ask at each card payment
 * (it goes to SimplePay only), then enters the card on the payment page, which returns to
 * /cards (or /cards-wizard) with the result in r.
 */
export function RegisterCardForm({ wizard }: { wizard: boolean }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState<Message[] | null>(null);
  const [sending, setSending] = useState(false);

  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    const key = secretCodeError(code);
    setError(key ? t(key) : null);
    setFailed(null);
    if (key) {
      document.getElementById('f-cardSecret')?.focus();
      return;
    }
    setSending(true);
    try {
      const url = await callApi(apiRoutes.cardRegistration, {
        body: { cardSecret: code, wizard, platform: getPlatform() },
        inlineErrors: true,
      });
      if (!url) throw new Error('no payment address');
      goToPaymentPage(url);
    } catch (err) {
      if (err instanceof ApiError && err.network) return;
      const msgs = messagesOf(err);
      const field = msgs.find((m) => m.field === 'cardSecret');
      if (field) setError(field.text);
      else setFailed(msgs);
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(ev) => void onSubmit(ev)} noValidate aria-labelledby="register-card-title">
      <Stack gap="sm">
        <Text fw={600} id="register-card-title" component="h2" size="lg">
          {t('cards.register.title')}
        </Text>
        <Text size="sm">{t('cards.register.intro')}</Text>
        {failed && (
          <Alert color="red" role="alert">
            {failed.map((m) => m.text).join(' ') || t('cards.register.failed')}
          </Alert>
        )}
        <PasswordInput
          id="f-cardSecret"
          label={t('cards.secret.label')}
          description={t('cards.secret.hint')}
          autoComplete="new-password"
          required
          maxLength={32}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error}
        />
        <Button type="submit" loading={sending}>
          {t('cards.register.button')}
        </Button>
      </Stack>
    </form>
  );
}
