import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { Charger } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatMoney, formatNumber } from '@/shared/format';
import { useSession } from '@/shared/session';
import { AlreadyChargingAlert } from './AlreadyCharging';
import { PANEL_POLL_MS, START_DEBOUNCE_MS } from './constants';
import {
  amountForEnergy,
  carPowerFor,
  energyForAmount,
  minutesForEnergy,
  moneyToHold,
} from './estimates';
import { minutesUntil, type ModeChoice } from './modes';
import { useMinutesLabel } from './duration';
import { ModePicker } from './ModePicker';
import { ParkCodeInput } from './ParkCodeInput';
import { parkCodeChars, parkCodeComplete } from './parkCode';
import { PaymentPicker } from './PaymentPicker';
import { effectivePayment, type PaymentMode } from './paymentMode';
import { startCharge } from './startCall';
import { startFailure } from './startErrors';
import { chargingQuery } from './startQuery';
import { TutorialModal, tutorialWanted } from './TutorialModal';
import { CURRENT_CHARGE_KEY, useCurrentCharge } from './useCurrentCharge';
import { useGrossToPay, useWizardData } from './useWizardData';

function Step({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={3} size="h5" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * SPEC §4 charge-start wizard of a logged-in driver, for a charger that can start. `parkCode`:
 * the running parking's charge code here, filled in until the driver types their own.
 */
export function ChargeWizard({
  charger,
  parkCode: runningParkCode = null,
}: {
  charger: Charger;
  parkCode?: string | null;
}) {
  const { t } = useTranslation(['translation', 'messages']);
  const navigate = useNavigate();
  const client = useQueryClient();
  const session = useSession();
  const minutesLabel = useMinutesLabel();
  const carsOptional = session.extra?.settings.frontendWizardCarsOptional === '1';
  const current = useCurrentCharge(PANEL_POLL_MS);
  const { prices, cars, billing, cards, wallet } = useWizardData(charger.id);

  const [tutorial, setTutorial] = useState(tutorialWanted);
  const [choice, setChoice] = useState<ModeChoice>(null);
  // When the finish time was chosen: its minutes count from then (and again at the start).
  const [chosenAt, setChosenAt] = useState(0);
  const [chosenCarId, setCarId] = useState<number | null>(null);
  const [chosenBillingId, setBillingId] = useState<number | null>(null);
  const [manualPayment, setPayment] = useState<{
    mode: PaymentMode;
    cardId: number | null;
  } | null>(null);
  // The live parking may arrive after the form opens: shown until the driver edits the boxes.
  const [typedParkCode, setParkCode] = useState<string[] | null>(null);
  const parkCode = typedParkCode ?? parkCodeChars(runningParkCode);
  const [parkError, setParkError] = useState<string | null>(null);
  const [secret, setSecret] = useState('');
  const [secretError, setSecretError] = useState<string | null>(null);
  const [error, setError] = useState<{ text: string; code: string | null } | null>(null);
  const [starting, setStarting] = useState(false);
  const debounce = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (debounce.current && clearTimeout(debounce.current)), []);

  // Defaults: the default car and billing data (the step is skipped with fewer than 2).
  const carList = cars.data ?? [];
  const billingList = billing.data ?? [];
  const carId = chosenCarId ?? (carList.find((c) => c.defaultCar) ?? carList[0])?.id ?? null;
  const billingId =
    chosenBillingId ??
    (billingList.find((b) => b.defaultBillingData) ?? billingList[0])?.id ??
    null;

  const p = prices.data;
  const free = p?.freeCharging ?? charger.tariff?.freeCharging ?? false;
  const car = carList.find((c) => c.id === carId) ?? null;
  const carKw = carPowerFor(car, charger.deviceType.currentType);
  const minutes =
    choice?.mode === 'time'
      ? choice.minutes
      : choice?.mode === 'finishTime'
        ? minutesUntil(choice.finishAt, chosenAt)
        : null;
  const gross = useGrossToPay(charger.id, carId, minutes);

  // The charge's own price, and the money to hold (SPEC §4: plus the parking hold). For the
  // time modes the server's get-gross-to-pay answers the hold itself.
  let amount: number | null = null;
  let hold: number | null = null;
  if (p && choice?.mode === 'amount') amount = choice.amount;
  if (p && choice?.mode === 'energy')
    amount = amountForEnergy(choice.kWh, p.convenienceFeeGross, p.unitChargingGross);
  if (p && amount !== null) hold = moneyToHold(amount, p);
  if (p && minutes !== null && gross.data) {
    hold = gross.data.amount;
    amount = hold - moneyToHold(0, p);
  }
  const walletBalance = wallet.data?.ballance ?? null;

  // SPEC §4 auto-selection, again whenever the price changes, unless the user's own choice fits.
  const payment = effectivePayment(manualPayment, {
    free,
    walletBalance,
    price: hold ?? 0,
    cards: cards.data ?? [],
  });

  const loading = prices.isPending || cars.isPending || billing.isPending || current.isPending;
  if (loading)
    return (
      <Group justify="center" py="md">
        <Loader aria-label={t('common.loading')} />
      </Group>
    );
  if (current.data) return <AlreadyChargingAlert />;
  if (prices.isError || !p)
    return (
      <Alert color="red" role="alert">
        {t('charging.wizard.pricesFailed')}
      </Alert>
    );

  const noBilling = billingList.length === 0;
  const noCar = carList.length === 0;
  const carBlocks = noCar && !carsOptional && !free;
  const billingBlocks = noBilling && !free;
  const modeChosen = free || choice !== null;
  const priceKnown = free || hold !== null;
  const parkFilled = parkCode.some((c) => c !== '');

  // Estimates (SPEC §9).
  let energy: number | null = null;
  let estMinutes: number | null = null;
  if (choice?.mode === 'amount')
    energy = energyForAmount(choice.amount, p.convenienceFeeGross, p.unitChargingGross);
  if (choice?.mode === 'energy') energy = choice.kWh;
  if (minutes !== null) energy = gross.data?.reservedEnergy ?? null;
  if (energy !== null && minutes === null && carKw !== null)
    estMinutes = minutesForEnergy(energy, charger.performanceKw, carKw);

  function requestStart() {
    if (starting) return;
    if (debounce.current) clearTimeout(debounce.current);
    debounce.current = setTimeout(() => void doStart(), START_DEBOUNCE_MS);
  }

  async function doStart() {
    debounce.current = null;
    setError(null);
    if (parkFilled && !parkCodeComplete(parkCode)) {
      setParkError(t('messages:invalid.parkCode'));
      return;
    }
    setParkError(null);
    const byCard = !free && payment.mode === 'card';
    if (byCard && secret.length < 4) {
      setSecretError(t(secret ? 'messages:invalid.cardSecret' : 'messages:invalid.required'));
      return;
    }
    setSecretError(null);
    setStarting(true);
    try {
      const query = chargingQuery({
        chargerId: charger.id,
        billingDataId: billingId,
        carId,
        choice: free ? null : choice,
        parkCode: parkFilled ? parkCode.join('') : null,
        now: Date.now(),
      });
      const result = await startCharge(free ? 'simple' : payment.mode, query, {
        cardId: payment.cardId,
        secret,
      });
      void client.invalidateQueries({ queryKey: CURRENT_CHARGE_KEY });
      if (result.kind === 'redirect') globalThis.location.assign(result.url);
      else void navigate('/charge-history');
    } catch (e) {
      const f = startFailure(e, t);
      setError({ text: f.text, code: f.code });
      if (f.toCards) void navigate('/cards');
    } finally {
      setStarting(false);
    }
  }

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <TutorialModal opened={tutorial} onClose={() => setTutorial(false)} />
        <Group justify="flex-end">
          <Button variant="subtle" size="compact-sm" onClick={() => setTutorial(true)}>
            {t('charging.tutorial.open')}
          </Button>
        </Group>
        {noBilling && (
          <Alert
            color={billingBlocks ? 'yellow' : 'blue'}
            title={t('charging.wizard.noBillingTitle')}
          >
            {t('charging.wizard.noBilling')}{' '}
            <Anchor component={Link} to="/billing">
              {t('charging.wizard.toBilling')}
            </Anchor>
          </Alert>
        )}
        {noCar && (
          <Alert color={carBlocks ? 'yellow' : 'blue'} title={t('charging.wizard.noCarTitle')}>
            {t(carBlocks ? 'charging.wizard.noCar' : 'charging.wizard.noCarOptional')}{' '}
            <Anchor component={Link} to="/cars">
              {t('charging.wizard.toCars')}
            </Anchor>
          </Alert>
        )}
        {free ? (
          <Alert color="green">{t('charging.wizard.free')}</Alert>
        ) : (
          <Step id="step-mode" title={t('charging.wizard.stepMode')}>
            <ModePicker
              choice={choice}
              onChoose={(c) => {
                setChoice(c);
                setChosenAt(Date.now());
              }}
              timeModesAllowed={carKw !== null}
              carsLink={!noCar}
            />
          </Step>
        )}
        {modeChosen && carList.length >= 2 && (
          <Step id="step-car" title={t('charging.wizard.stepCar')}>
            <NativeSelect
              label={t('charging.wizard.car')}
              value={carId === null ? '' : String(carId)}
              onChange={(e) => setCarId(Number(e.currentTarget.value))}
              data={carList.map((c) => ({
                value: String(c.id),
                label: `${c.producer} ${c.model} (${c.licensePlate})`,
              }))}
            />
          </Step>
        )}
        {modeChosen && billingList.length >= 2 && (
          <Step id="step-billing" title={t('charging.wizard.stepBilling')}>
            <NativeSelect
              label={t('charging.wizard.billing')}
              value={billingId === null ? '' : String(billingId)}
              onChange={(e) => setBillingId(Number(e.currentTarget.value))}
              data={billingList.map((b) => ({ value: String(b.id), label: b.payerName }))}
            />
          </Step>
        )}
        {modeChosen && !free && (
          <Step id="step-payment" title={t('charging.wizard.stepPayment')}>
            <PaymentPicker
              mode={payment.mode}
              cardId={payment.cardId}
              onChange={(mode, cardId) => setPayment({ mode, cardId })}
              cards={cards.data ?? []}
              walletBalance={walletBalance}
              price={hold ?? 0}
              secret={secret}
              onSecret={(v) => {
                setSecret(v);
                setSecretError(null);
              }}
              secretError={secretError}
            />
          </Step>
        )}
        {modeChosen && charger.locationHasParking && (
          <ParkCodeInput
            value={parkCode}
            onChange={(v) => {
              setParkCode(v);
              setParkError(null);
            }}
            error={parkError}
          />
        )}
        {modeChosen && (
          <Stack gap={4} aria-live="polite">
            {energy !== null && (
              <Text size="sm">
                {t('charging.wizard.estEnergy', { kwh: formatNumber(energy, 2) })}
              </Text>
            )}
            {(estMinutes !== null || minutes !== null) && (
              <Text size="sm">
                {t('charging.wizard.estTime', { time: minutesLabel(minutes ?? estMinutes ?? 0) })}
              </Text>
            )}
            {amount !== null && (
              <Text size="sm">
                {/* Only an amount booking is billed at most its amount (decision 0063); energy
                    and time bookings are billed as metered, so their price is an estimate. */}
                {t(
                  choice?.mode === 'amount'
                    ? 'charging.wizard.estAmount'
                    : 'charging.wizard.expectedAmount',
                  { amount: formatMoney(amount) },
                )}
              </Text>
            )}
            {hold !== null && p.parkingEnabled && p.parkingToHoldGross > 0 && (
              <>
                <Text size="sm">
                  {t('charging.wizard.parkingHold', { amount: formatMoney(p.parkingToHoldGross) })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('charging.wizard.parkingHoldHint', { minutes: p.minutesAfterParkingStart })}
                  {charger.locationHasParking && ` ${t('charging.wizard.parkingHoldLot')}`}
                </Text>
              </>
            )}
            {hold !== null && (
              <Text fw={700}>{t('charging.wizard.hold', { amount: formatMoney(hold) })}</Text>
            )}
            {minutes !== null && gross.isPending && (
              <Loader size="sm" aria-label={t('common.loading')} />
            )}
          </Stack>
        )}
        {error && (
          <Alert color="red" role="alert" title={t('charging.wizard.startFailedTitle')}>
            {error.text}
            {error.code === 'SIMPLEPAY_INVALID_PASSWORD' && (
              <>
                {' '}
                <Anchor component={Link} to="/cards">
                  {t('charging.payment.toCards')}
                </Anchor>
              </>
            )}
          </Alert>
        )}
        {modeChosen && (
          <Button
            size="md"
            onClick={requestStart}
            loading={starting}
            disabled={!priceKnown || carBlocks || billingBlocks}
          >
            {t('charging.wizard.start')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
