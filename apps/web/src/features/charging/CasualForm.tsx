import { useState, type FormEvent } from 'react';
import { Alert, Button, List, Radio, Stack, Text, TextInput } from '@mantine/core';
import { holdBreakdown, type Charger, type User } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { apiRoutes, callApiEnvelope } from '@/shared/api';
import { formatMoney } from '@/shared/format';
import { startSession } from '@/shared/session';
import { otherOptionsKey } from './casualAmounts';
import { CASUAL_AMOUNTS, CASUAL_DEFAULT_AMOUNT, CASUAL_MINIMUM } from './constants';
import { ParkCodeInput } from './ParkCodeInput';
import { emptyParkCode, parkCodeComplete } from './parkCode';
import { startFailure } from './startErrors';

interface CasualExtra {
  data: { user: User; token: string } | null;
}

/** SPEC §4 one-time (guest) charge: amount, disclaimers, e-mail, optional parking code, SimplePay. */
export function CasualForm({ charger }: { charger: Charger }) {
  const { t } = useTranslation(['translation', 'messages']);
  const [amount, setAmount] = useState<number>(CASUAL_DEFAULT_AMOUNT);
  const [showAmounts, setShowAmounts] = useState(false);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [parkCode, setParkCode] = useState(emptyParkCode);
  const [parkError, setParkError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fee = charger.tariffs[0]?.convenienceFeeGross ?? 0;
  const unit = charger.tariff?.unitChargingGross ?? 0;
  // SPEC §4 money to hold: exactly what the pay page will ask for, broken down (AFIR).
  const hold = holdBreakdown(
    {
      freeCharging: charger.tariff?.freeCharging ?? false,
      parkingEnabled: charger.tariffs[0]?.parkingEnabled ?? false,
      parkingToHoldGross: charger.tariffs[0]?.parkingToHoldGross ?? 0,
    },
    amount,
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setError(null);
    const mail = email.trim();
    if (!mail) {
      setEmailError(t('messages:invalid.required'));
      return;
    }
    setEmailError(null);
    const parkFilled = parkCode.some((c) => c !== '');
    if (parkFilled && !parkCodeComplete(parkCode)) {
      setParkError(t('messages:invalid.parkCode'));
      return;
    }
    setBusy(true);
    try {
      const env = await callApiEnvelope(apiRoutes.startCasualCharging, {
        query: {
          'charger-id': charger.id,
          amount,
          email: mail,
          ...(parkFilled ? { parkCode: parkCode.join('') } : {}),
        },
        inlineErrors: true,
      });
      const extra = env.extraData as CasualExtra | undefined;
      // SPEC §4: the returned guest user and token are stored as the logged-in user.
      if (extra?.data)
        await startSession(
          { user: extra.data.user, token: extra.data.token, accessToken: null },
          null,
        );
      const url = env.data as string | null;
      if (!url) {
        setError(t('casual.errorStart'));
        return;
      }
      globalThis.location.assign(url);
    } catch (err) {
      const f = startFailure(err, t, true);
      const fieldMsg = (
        err as { envelope?: { messages: { field?: string; text: string }[] } }
      ).envelope?.messages.find((m) => m.field);
      if (fieldMsg?.field === 'email') setEmailError(fieldMsg.text);
      else if (fieldMsg?.field === 'parkCode') setParkError(fieldMsg.text);
      else {
        setError(f.text);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <div aria-live="polite" data-testid="casual-hold">
          <Text fw={700} size="xl">
            {t('casual.amountChosen', { amount: formatMoney(hold.total) })}
          </Text>
          {hold.parking > 0 && (
            <List size="sm" spacing={2} mt={4}>
              <List.Item>
                {t('casual.hold.charging', { amount: formatMoney(hold.charging) })}
              </List.Item>
              <List.Item>
                {t('casual.hold.parking', { amount: formatMoney(hold.parking) })}
              </List.Item>
              <List.Item>{t('casual.hold.total', { amount: formatMoney(hold.total) })}</List.Item>
            </List>
          )}
        </div>
        <Button
          variant="light"
          onClick={() => setShowAmounts((v) => !v)}
          aria-expanded={showAmounts}
          aria-controls="casual-amounts"
        >
          {t(otherOptionsKey(amount))}
        </Button>
        {showAmounts && (
          <Radio.Group
            id="casual-amounts"
            label={t('casual.amount')}
            value={String(amount)}
            onChange={(v) => setAmount(Number(v))}
          >
            <Stack gap="xs" mt="xs">
              {CASUAL_AMOUNTS.map((a) => (
                <Radio key={a} value={String(a)} label={formatMoney(a)} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <List size="sm" spacing={4}>
          <List.Item>
            {t('casual.disclaimer.minimum', { amount: formatMoney(CASUAL_MINIMUM) })}
          </List.Item>
          <List.Item>{t('casual.disclaimer.unitPrice', { price: formatMoney(unit) })}</List.Item>
          {fee > 0 && (
            <List.Item>{t('casual.disclaimer.fee', { fee: formatMoney(fee) })}</List.Item>
          )}
          <List.Item>{t('casual.disclaimer.hold')}</List.Item>
          <List.Item>{t('casual.disclaimer.cardOnly')}</List.Item>
        </List>
        <TextInput
          label={t('casual.email')}
          description={t('casual.emailHint')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={emailError}
          maxLength={255}
        />
        {charger.locationHasParking && (
          <ParkCodeInput
            value={parkCode}
            onChange={(v) => {
              setParkCode(v);
              setParkError(null);
            }}
            error={parkError}
          />
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" size="md" loading={busy}>
          {t('casual.pay', { amount: formatMoney(hold.total) })}
        </Button>
      </Stack>
    </form>
  );
}
