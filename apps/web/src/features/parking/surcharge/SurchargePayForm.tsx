import { useState, type FormEvent } from 'react';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import type { Surcharge } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/shared/format';
import { parkingLive } from '../parkingLive';
import {
  cardOf,
  initialChoice,
  PaymentMethodFields,
  secretProblem,
  useSavedMethods,
  walletCoversParking,
  type MethodChoice,
} from '../PaymentMethodFields';
import { failureText } from '../startCalls';
import { WalletPayConfirm } from '../WalletPayConfirm';
import { paySurcharge, type SurchargePayChoice } from './surchargeCalls';

function PayButton({ s, busy }: { s: Surcharge; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <Button type="submit" loading={busy} data-testid="surcharge-pay">
      {t('parking.stop.pay', { amount: formatMoney(s.amount) })}
    </Button>
  );
}

function usePay(s: Surcharge) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function pay(choice: SurchargePayChoice) {
    if (busy) return;
    setError(null);
    setBusy(true);
    try {
      // The answer (a paymentUrl for SimplePay) is shown at once; the socket confirms it.
      const after = await paySurcharge(s.id, choice);
      if (after) parkingLive.setSurcharge(after);
    } catch (err) {
      setError(failureText(err, t('parking.stop.failed')));
    } finally {
      setBusy(false);
    }
  }
  return { pay, error, busy };
}

/** A registered driver: SimplePay, a saved card or the wallet (when it covers the amount). */
function RegisteredPay({ s }: { s: Surcharge }) {
  const { t } = useTranslation(['translation', 'messages']);
  const saved = useSavedMethods();
  // As at the parking's stop (decision 0064): the wallet is the default while its balance
  // covers the amount, until the driver picks a method.
  const [picked, setChoice] = useState<MethodChoice | null>(null);
  const [secretError, setSecretError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { pay, error, busy } = usePay(s);
  if (saved.pending) return <Loader size="sm" aria-label={t('common.loading')} />;
  const choice: MethodChoice =
    picked ??
    (walletCoversParking(saved.balance, s.amount)
      ? { ...initialChoice, method: 'WALLET' }
      : initialChoice);

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = secretProblem(choice);
    setSecretError(problem && t(problem));
    if (problem) return;
    // The wallet pays at once: confirm first.
    if (choice.method === 'WALLET') {
      setConfirming(true);
      return;
    }
    void pay({
      paymentMethod: choice.method,
      cardId: cardOf(choice, saved),
      cardSecret: choice.method === 'CARD' ? choice.secret : undefined,
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PaymentMethodFields
          amount={s.amount}
          saved={saved}
          value={choice}
          onChange={(next) => {
            setChoice(next);
            setSecretError(null);
          }}
          secretError={secretError}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <PayButton s={s} busy={busy} />
      </Stack>
      <WalletPayConfirm
        opened={confirming}
        amount={s.amount}
        balance={saved.balance}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void pay({ paymentMethod: 'WALLET' });
        }}
      />
    </form>
  );
}

/** A guest (casual) pays by SimplePay only (SPEC §5). */
function CasualPay({ s }: { s: Surcharge }) {
  const { t } = useTranslation();
  const { pay, error, busy } = usePay(s);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void pay({ paymentMethod: 'SIMPLEPAY' });
      }}
      noValidate
    >
      <Stack gap="sm">
        <Text size="sm">{t('casual.disclaimer.cardOnly')}</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <PayButton s={s} busy={busy} />
      </Stack>
    </form>
  );
}

/** SPEC §4 Surcharge UNPAID: choose a method and pay. */
export function SurchargePayForm({ surcharge, casual }: { surcharge: Surcharge; casual: boolean }) {
  return casual ? <CasualPay s={surcharge} /> : <RegisteredPay s={surcharge} />;
}
