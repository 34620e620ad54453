import { useState } from 'react';
import { Alert, Anchor, Button, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  roamingPaymentMethodSchema,
  type PartnerConnector,
  type PartnerEvse,
  type RoamingCharge,
} from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, apiRoutes, callApi, currentLang } from '@/shared/api';
import { formatKw, formatMoney } from '@/shared/format';
import { plugName } from '@/shared/lib/traits';
import { PartnerPriceLines } from './PartnerPriceLines';
import { checkHold, defaultHold, HOLD_MAX, HOLD_MIN, HOLD_STEP } from './holdAmount';
import {
  initialRoamingChoice,
  RoamingPaymentFields,
  roamingSecretProblem,
  useReadyCards,
  type RoamingMethodChoice,
} from './RoamingPaymentFields';
import { ROAMING_CURRENT_KEY } from './useRoamingCharge';

export interface StartTarget {
  locationId: number;
  siteName: string;
  partnerName: string;
  evse: PartnerEvse;
  connector: PartnerConnector;
}

/** A refused start as the driver reads it: the catalog's roaming.error text for a known code. */
export function startRefusal(
  e: unknown,
  t: (key: string, opts?: Record<string, unknown>) => string,
): { text: string; code: string | null } {
  const env = e instanceof ApiError ? e.envelope : null;
  const code = (env?.data as { responseCode?: unknown } | null)?.responseCode;
  const first = env?.messages[0]?.text;
  if (typeof code === 'string')
    return {
      code,
      text: t(`messages:roaming.error.${code}`, {
        defaultValue: first ?? t('roamingCharge.startFailed'),
      }),
    };
  return { code: null, text: first ?? t('roamingCharge.startFailed') };
}

/** The method and hold of a start tried again (decision 0056). */
export interface RoamingAgain {
  method: RoamingCharge['paymentMethod'];
  amount: number;
}

/** The pay-again part of a start link (`&method=&amount=`), or null. */
export function parseAgain(method: string | undefined, amount: string | undefined) {
  const m = roamingPaymentMethodSchema.safeParse(method);
  const a = /^\d{1,7}$/.test(amount ?? '') ? Number(amount) : null;
  return m.success && a !== null ? { method: m.data, amount: a } : null;
}

/** 3-D Secure browser data of a saved card's payment (as our own card start sends). */
function browserData() {
  return {
    lang: currentLang(),
    java: false,
    color: globalThis.screen?.colorDepth || 24,
    height: globalThis.screen?.height ?? 0,
    width: globalThis.screen?.width ?? 0,
    tz: new Date().getTimezoneOffset(),
  };
}

/** The start call's payment part: the method, and a saved card with its secret code. */
function paymentBody(choice: RoamingMethodChoice, cardId: number | null) {
  if (choice.method !== 'CARD') return { paymentMethod: choice.method };
  return {
    paymentMethod: 'CARD' as const,
    cardId: cardId ?? undefined,
    cardSecret: choice.secret.trim(),
    ...browserData(),
  };
}

/**
 * The start at one connector of a partner's EVSE (decision 0043): the hold chosen within the
 * limits and the exact amount held shown before the call. Decision 0050: the hold is made on
 * the wallet (its balance shown; one that does not cover it leads to the top-up), a saved card
 * (its secret code) or a bank card on SimplePay's page, where the browser goes next (and a
 * saved card's 3-D Secure page, when the bank asks); the start goes to the partner once the
 * card hold is authorized.
 */
export function RoamingStartForm({
  target,
  onStarted,
  again,
}: {
  target: StartTarget;
  onStarted: (c: RoamingCharge) => void;
  /** Pay again after a card hold that did not go through (decision 0056): its method and hold. */
  again?: RoamingAgain | null;
}) {
  const { t } = useTranslation(['translation', 'messages']);
  const client = useQueryClient();
  const wallet = useQuery({
    queryKey: ['wallet'],
    queryFn: ({ signal }) => callApi(apiRoutes.walletBalance, { signal, busy: false, quiet: true }),
    staleTime: 0,
  });
  const balance = wallet.data?.ballance ?? null;
  const cards = useReadyCards();
  const [choice, setChoice] = useState<RoamingMethodChoice>(
    again ? { ...initialRoamingChoice, method: again.method } : initialRoamingChoice,
  );
  const [secretError, setSecretError] = useState<string | null>(null);
  const byWallet = choice.method === 'WALLET';
  const [typed, setTyped] = useState<number | string | null>(again?.amount ?? null);
  const amount = typed ?? (byWallet ? defaultHold(balance) : defaultHold(null));
  const check = checkHold(amount, !byWallet || wallet.isPending ? null : balance);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ text: string; code: string | null } | null>(null);
  const { evse, connector } = target;
  const lowWallet =
    byWallet && ((!check.ok && check.reason === 'wallet') || refusal?.code === 'WALLET_NOT_ENOUGH');
  const waitsForMethods = byWallet ? wallet.isPending : choice.method === 'CARD' && cards.pending;

  async function start() {
    if (!check.ok || busy || waitsForMethods) return;
    const problem = roamingSecretProblem(choice);
    if (problem) {
      setSecretError(t(problem));
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const charge = await callApi(apiRoutes.roamingStart, {
        body: {
          locationId: target.locationId,
          evseUid: evse.uid,
          connectorId: connector.id,
          amount: check.amount,
          ...paymentBody(choice, choice.cardId ?? cards.defaultCard),
        },
        inlineErrors: true,
      });
      client.setQueryData(ROAMING_CURRENT_KEY, charge);
      void client.invalidateQueries({ queryKey: ['wallet'] });
      if (charge.status === 'PAYING' && charge.paymentUrl) {
        // SimplePay's page (or the bank's 3-D Secure page); it comes back to the live screen.
        globalThis.location.assign(charge.paymentUrl);
        return;
      }
      onStarted(charge);
    } catch (e) {
      setRefusal(startRefusal(e, t));
      void client.invalidateQueries({ queryKey: ['wallet'] });
    } finally {
      setBusy(false);
    }
  }

  const amountError =
    !check.ok && check.reason !== 'wallet'
      ? t(`roamingCharge.amountError.${check.reason}`, {
          min: formatMoney(HOLD_MIN),
          max: formatMoney(HOLD_MAX),
        })
      : null;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="roaming-start-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="roaming-start-title">
          {t('roamingCharge.startTitle')}
        </Title>
        <Text size="sm">
          {t('roamingCharge.where', { site: target.siteName, evse: evse.evseId ?? evse.uid })}
        </Text>
        <Text size="sm" fw={600}>
          {connector.outlet ? plugName(connector.outlet) : connector.standard} ·{' '}
          {connector.currentType} · {formatKw(connector.powerKw)}
        </Text>
        <PartnerPriceLines price={connector.price} />
        <RoamingPaymentFields
          balance={balance}
          cards={cards}
          value={choice}
          onChange={(next) => {
            setChoice(next);
            setSecretError(null);
            setRefusal(null);
          }}
          secretError={secretError}
        />
        <NumberInput
          label={t('roamingCharge.amount')}
          description={t('roamingCharge.amountHint', {
            min: formatMoney(HOLD_MIN),
            max: formatMoney(HOLD_MAX),
          })}
          value={amount}
          onChange={(v) => setTyped(v)}
          min={HOLD_MIN}
          max={HOLD_MAX}
          step={HOLD_STEP}
          // A decimal comma must give the "whole forints" error, not vanish: with decimals
          // refused, "2500,5" would become a hold of 25 005 Ft.
          decimalSeparator=","
          allowNegative={false}
          clampBehavior="none"
          thousandSeparator=" "
          suffix=" Ft"
          error={amountError}
        />
        {check.ok && (
          <Text size="sm" data-testid="roaming-hold-text">
            {t(byWallet ? 'roamingCharge.holdExplained' : 'roamingCharge.cardHoldExplained', {
              amount: formatMoney(check.amount),
              partner: target.partnerName,
            })}
          </Text>
        )}
        {lowWallet && (
          <Alert color="yellow" role="alert">
            <Text size="sm">{t('roamingCharge.walletLow')}</Text>
            <Anchor component={Link} to="/cards" size="sm">
              {t('roamingCharge.topUp')}
            </Anchor>
          </Alert>
        )}
        {refusal && refusal.code !== 'WALLET_NOT_ENOUGH' && (
          <Alert color="red" role="alert">
            {refusal.text}
          </Alert>
        )}
        <Button
          // The label carries the amount held: it wraps on a narrow phone rather than being cut.
          h="auto"
          py={8}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
          onClick={() => void start()}
          loading={busy}
          // The balance (or the saved cards) is shown before the start can be tapped.
          disabled={!check.ok || waitsForMethods}
        >
          {check.ok
            ? t('roamingCharge.startWithHold', { amount: formatMoney(check.amount) })
            : t('roamingCharge.start')}
        </Button>
      </Stack>
    </Paper>
  );
}
