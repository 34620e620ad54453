import { useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { emailSchema, type ParkingSession } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiRoutes, ApiError, callApi } from '@/shared/api';
import { useSession } from '@/shared/session';
import { useReveal } from '@/shared/lib/useReveal';
import { formatMoney } from '@/shared/format';
import { parkingLive } from './parkingLive';
import { ParkingSurvey } from './ParkingSurvey';
import {
  cardOf,
  initialChoice,
  PaymentMethodFields,
  secretProblem,
  useSavedMethods,
  walletCoversParking,
  type MethodChoice,
} from './PaymentMethodFields';
import { stopParking, type StopChoice } from './stopCall';
import { WalletPayConfirm } from './WalletPayConfirm';

const quiet = { busy: false, quiet: true } as const;

/**
 * After the answer: SimplePay's page opens (the card form, or a saved card's 3-D Secure
 * challenge), else the live panel shows the new state.
 */
function follow(s: ParkingSession | null) {
  if (s?.paymentUrl && s.paymentMethod !== 'WALLET' && !s.paymentFinishedAt) {
    globalThis.location.assign(s.paymentUrl);
    return;
  }
  if (s) parkingLive.setSession(s);
}

function useStopFailure() {
  const { t } = useTranslation();
  return (e: unknown): string =>
    e instanceof ApiError && e.envelope?.messages[0]?.text
      ? e.envelope.messages[0].text
      : t('parking.stop.failed');
}

/** Registered driver: payment method (SimplePay, saved card, wallet), billing data, pay. */
function RegisteredStop({ session, onBack }: { session: ParkingSession; onBack: () => void }) {
  const { t } = useTranslation(['translation', 'messages']);
  const failure = useStopFailure();
  const saved = useSavedMethods();
  const billing = useQuery({
    queryKey: ['billingData'],
    queryFn: ({ signal }) => callApi(apiRoutes.billingDataList, { signal, ...quiet }),
    staleTime: 0,
  });
  // Decision 0064: the wallet is the default while its balance covers the amount (until the
  // driver picks a method), else SimplePay as before.
  const [picked, setChoice] = useState<MethodChoice | null>(null);
  const [chosenBilling, setBilling] = useState<number | null>(null);
  const [secretError, setSecretError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const loading = saved.pending || billing.isPending;
  const heading = useReveal<HTMLParagraphElement>(!loading);

  if (loading) return <Loader size="sm" aria-label={t('common.loading')} />;
  const choice: MethodChoice =
    picked ??
    (walletCoversParking(saved.balance, session.amount)
      ? { ...initialChoice, method: 'WALLET' }
      : initialChoice);
  const billingList = billing.data ?? [];
  const billingId =
    chosenBilling ?? (billingList.find((b) => b.defaultBillingData) ?? billingList[0])?.id ?? null;

  async function pay(stop: StopChoice) {
    setBusy(true);
    try {
      follow(await stopParking(stop));
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || billingId === null) return;
    setError(null);
    const problem = secretProblem(choice);
    setSecretError(problem && t(problem));
    if (problem) return;
    if (choice.method === 'WALLET') {
      // The wallet pays at once: confirm first, with the amount the server bills now.
      parkingLive.send({ command: 'getParkingSession' });
      setConfirming(true);
      return;
    }
    void pay({
      paymentMethod: choice.method,
      cardId: cardOf(choice, saved),
      cardSecret: choice.method === 'CARD' ? choice.secret : undefined,
      billingDataId: billingId,
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text fw={700} size="lg" ref={heading} tabIndex={-1} data-testid="parking-pay-heading">
          {t('parking.stop.amount', { amount: formatMoney(session.amount) })}
        </Text>
        <PaymentMethodFields
          amount={session.amount}
          saved={saved}
          value={choice}
          onChange={(next) => {
            setChoice(next);
            setSecretError(null);
          }}
          secretError={secretError}
        />
        {billingList.length === 0 ? (
          <Alert color="yellow" title={t('charging.wizard.noBillingTitle')}>
            {t('parking.stop.noBilling')}{' '}
            <Anchor component={Link} to="/billing">
              {t('charging.wizard.toBilling')}
            </Anchor>
          </Alert>
        ) : (
          <NativeSelect
            label={t('charging.wizard.billing')}
            value={billingId === null ? '' : String(billingId)}
            onChange={(e) => setBilling(Number(e.currentTarget.value))}
            data={billingList.map((b) => ({ value: String(b.id), label: b.payerName }))}
          />
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Text size="sm">{t('parking.stop.amountGrows')}</Text>
        <Group>
          <Button type="submit" loading={busy} disabled={billingId === null}>
            {t('parking.stop.pay', { amount: formatMoney(session.amount) })}
          </Button>
          <Button variant="subtle" onClick={onBack}>
            {t('common.back')}
          </Button>
        </Group>
      </Stack>
      <WalletPayConfirm
        opened={confirming}
        amount={session.amount}
        balance={saved.balance}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void pay({ paymentMethod: 'WALLET', billingDataId: billingId });
        }}
      />
    </form>
  );
}

/**
 * Casual user: the survey (asked once, here: decision 0062), then pay by SimplePay only (SPEC
 * §5). The e-mail given at start is the parking's (the server keeps it; the receipt goes to the
 * guest account's, the same address): it is shown, not asked again, and not sent. A guest who
 * started logged in has none on the parking: the account's is shown, else it is asked for.
 */
function CasualStop({ session, onBack }: { session: ParkingSession; onBack: () => void }) {
  const { t } = useTranslation(['translation', 'messages']);
  const failure = useStopFailure();
  const user = useSession().user;
  const given = session.email ?? user?.email ?? null;
  const [surveyDone, setSurveyDone] = useState(false);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useReveal<HTMLParagraphElement>(surveyDone);

  async function pay(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    let mail: string | undefined;
    if (!given) {
      const checked = emailSchema.safeParse(email);
      if (!checked.success) {
        setEmailError(t(`messages:${checked.error.issues[0]!.message}`));
        return;
      }
      mail = checked.data;
    }
    setEmailError(null);
    setError(null);
    setBusy(true);
    try {
      follow(await stopParking({ paymentMethod: 'SIMPLEPAY', email: mail }));
    } catch (err) {
      // SPEC §8: a stop without a response clears the e-mail.
      if (err instanceof ApiError && err.network) setEmail('');
      const field = err instanceof ApiError ? err.envelope?.messages.find((m) => m.field) : null;
      if (field?.field === 'email' && !given) setEmailError(field.text);
      else setError(failure(err));
    } finally {
      setBusy(false);
    }
  }

  if (!surveyDone) return <ParkingSurvey onComplete={() => setSurveyDone(true)} />;
  return (
    <form onSubmit={(e) => void pay(e)} noValidate>
      <Stack gap="sm">
        <Text fw={700} size="lg" ref={heading} tabIndex={-1} data-testid="parking-pay-heading">
          {t('parking.stop.amount', { amount: formatMoney(session.amount) })}
        </Text>
        {given ? (
          <Text size="sm" data-testid="parking-receipt-email">
            {t('parking.stop.receiptTo', { email: given })}
          </Text>
        ) : (
          <TextInput
            label={t('casual.email')}
            type="email"
            autoComplete="email"
            required
            maxLength={255}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={emailError}
          />
        )}
        <Text size="sm">{t('casual.disclaimer.cardOnly')}</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Text size="sm">{t('parking.stop.amountGrows')}</Text>
        <Group>
          <Button type="submit" loading={busy}>
            {t('parking.stop.pay', { amount: formatMoney(session.amount) })}
          </Button>
          <Button variant="subtle" onClick={onBack}>
            {t('common.back')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** SPEC §4 STARTED, paid session: stop → payment method → billing data → pay. */
export function StopParkingForm({
  session,
  casual,
  onBack,
}: {
  session: ParkingSession;
  casual: boolean;
  onBack: () => void;
}) {
  return casual ? (
    <CasualStop session={session} onBack={onBack} />
  ) : (
    <RegisteredStop session={session} onBack={onBack} />
  );
}
