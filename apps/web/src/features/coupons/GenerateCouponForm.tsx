import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiRoutes, callApi } from '@/shared/api';
import { formatNumber } from '@/shared/format';
import { isNetworkError, messagesOf } from './errors';
import { useRefreshCoupons } from './queries';

/** SPEC §5: coupon points must be a positive integer (and the balance must cover them). */
export function checkPoints(
  typed: string,
  balance: number,
): 'required' | 'invalid' | 'tooMany' | null {
  const v = typed.trim();
  if (!v) return 'required';
  if (!/^\d+$/.test(v) || Number(v) <= 0) return 'invalid';
  return Number(v) > balance ? 'tooMany' : null;
}

/**
 * generate-coupon: points turned into a coupon that is active for 60 minutes at once. The
 * server's messages of a refusal replace the list shown before (SPEC §8).
 */
export function GenerateCouponForm({ balance }: { balance: number }) {
  const { t } = useTranslation();
  const refresh = useRefreshCoupons();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverMessages, setServerMessages] = useState<string[]>([]);
  const [sending, setSending] = useState(false);

  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    const problem = checkPoints(typed, balance);
    if (problem) {
      setError(t(`coupons.generate.${problem}`, { balance: formatNumber(balance) }));
      document.getElementById('f-generatePoints')?.focus();
      return;
    }
    setError(null);
    setServerMessages([]);
    setSending(true);
    try {
      await callApi(apiRoutes.generateCoupon, {
        query: { points: Number(typed.trim()) },
        inlineErrors: true,
      });
      setTyped('');
      await refresh();
    } catch (err) {
      if (isNetworkError(err)) return;
      const msgs = messagesOf(err);
      setServerMessages(msgs.length ? msgs.map((m) => m.text) : [t('coupons.generate.failed')]);
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="generate-title">
      <Stack gap="xs">
        <Text fw={600} component="h3" id="generate-title">
          {t('coupons.generate.title')}
        </Text>
        <Text size="sm" c="dark.6">
          {t('coupons.generate.hint')}
        </Text>
        {serverMessages.length > 0 && (
          <Alert color="red" role="alert" data-testid="generate-errors">
            {serverMessages.map((text, i) => (
              <Text key={i} size="sm">
                {text}
              </Text>
            ))}
          </Alert>
        )}
        <TextInput
          id="f-generatePoints"
          label={t('coupons.generate.points')}
          inputMode="numeric"
          autoComplete="off"
          required
          rightSection={<span aria-hidden>{t('coupons.pointsUnit')}</span>}
          rightSectionWidth={56}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value.replace(/[^\d]/g, ''))}
          error={error}
        />
        <Button type="submit" loading={sending} disabled={balance <= 0} className="vp-touch">
          {t('coupons.generate.button')}
        </Button>
      </Stack>
    </form>
  );
}
