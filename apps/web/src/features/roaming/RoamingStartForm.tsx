import { useState } from 'react';
import { Alert, Anchor, Button, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PartnerConnector, PartnerEvse, RoamingCharge } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, apiRoutes, callApi } from '@/shared/api';
import { formatKw, formatMoney } from '@/shared/format';
import { plugName } from '@/shared/lib/traits';
import { PartnerPriceLines } from './PartnerPriceLines';
import { checkHold, defaultHold, HOLD_MAX, HOLD_MIN, HOLD_STEP } from './holdAmount';
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

/**
 * The start at one connector of a partner's EVSE (decision 0043): the hold chosen within the
 * limits, the wallet balance and the exact amount held shown before the call; a wallet that does
 * not cover it leads to the top-up, as our own wallet start does.
 */
export function RoamingStartForm({
  target,
  onStarted,
}: {
  target: StartTarget;
  onStarted: (c: RoamingCharge) => void;
}) {
  const { t } = useTranslation(['translation', 'messages']);
  const client = useQueryClient();
  const wallet = useQuery({
    queryKey: ['wallet'],
    queryFn: ({ signal }) => callApi(apiRoutes.walletBalance, { signal, busy: false, quiet: true }),
    staleTime: 0,
  });
  const balance = wallet.data?.ballance ?? null;
  const [typed, setTyped] = useState<number | string | null>(null);
  const amount = typed ?? defaultHold(balance);
  const check = checkHold(amount, wallet.isPending ? null : balance);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ text: string; code: string | null } | null>(null);
  const { evse, connector } = target;
  const lowWallet =
    (!check.ok && check.reason === 'wallet') || refusal?.code === 'WALLET_NOT_ENOUGH';

  async function start() {
    if (!check.ok || busy || wallet.isPending) return;
    setBusy(true);
    setRefusal(null);
    try {
      const charge = await callApi(apiRoutes.roamingStart, {
        body: {
          locationId: target.locationId,
          evseUid: evse.uid,
          connectorId: connector.id,
          amount: check.amount,
        },
        inlineErrors: true,
      });
      client.setQueryData(ROAMING_CURRENT_KEY, charge);
      void client.invalidateQueries({ queryKey: ['wallet'] });
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
        <Text size="sm" data-testid="roaming-balance">
          {t('roamingCharge.balance', {
            balance: balance === null ? '–' : formatMoney(balance),
          })}
        </Text>
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
            {t('roamingCharge.holdExplained', {
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
          // The balance is shown before the start can be tapped.
          disabled={!check.ok || wallet.isPending}
        >
          {check.ok
            ? t('roamingCharge.startWithHold', { amount: formatMoney(check.amount) })
            : t('roamingCharge.start')}
        </Button>
      </Stack>
    </Paper>
  );
}
