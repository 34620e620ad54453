import { Radio, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ParkingPaymentMethod } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { apiRoutes, callApi } from '@/shared/api';
import { formatMoney } from '@/shared/format';
import { defaultCardId, readyCards } from '../charging';
import { SavedCardFields } from '@/shared/ui';

const quiet = { busy: false, quiet: true } as const;

/** SPEC §5: the wallet pays a parking (or a surcharge) only when its balance covers the amount. */
export function walletCoversParking(balance: number | null, amount: number): boolean {
  return balance !== null && balance >= amount;
}

export interface MethodChoice {
  method: ParkingPaymentMethod;
  /** The chosen saved card (null: the default one). */
  cardId: number | null;
  /** The saved card's OneClick secret code (CARD; never stored). */
  secret: string;
}

export const initialChoice: MethodChoice = { method: 'SIMPLEPAY', cardId: null, secret: '' };

/** The registered user's saved cards and wallet balance, as the picker offers them. */
export function useSavedMethods() {
  const cards = useQuery({
    queryKey: ['creditCards'],
    queryFn: ({ signal }) => callApi(apiRoutes.creditCards, { signal, ...quiet }),
    staleTime: 0,
  });
  const wallet = useQuery({
    queryKey: ['wallet'],
    queryFn: ({ signal }) => callApi(apiRoutes.walletBalance, { signal, ...quiet }),
    staleTime: 0,
  });
  return {
    pending: cards.isPending || wallet.isPending,
    ready: readyCards(cards.data ?? []),
    defaultCard: defaultCardId(cards.data ?? []),
    balance: wallet.data?.ballance ?? null,
  };
}

export type SavedMethods = ReturnType<typeof useSavedMethods>;

/** The card the choice pays with (the chosen one, else the default). */
export const cardOf = (choice: MethodChoice, saved: SavedMethods) =>
  choice.cardId ?? saved.defaultCard;

/** The message key of a CARD choice without a usable secret code (null: fine). */
export function secretProblem(choice: MethodChoice): string | null {
  if (choice.method !== 'CARD' || choice.secret.length >= 4) return null;
  return choice.secret ? 'messages:invalid.cardSecret' : 'messages:invalid.required';
}

/**
 * Registered users' payment method for a parking or a surcharge: SimplePay, a saved card (with
 * its secret code) or the wallet (only when the balance covers `amount`).
 */
export function PaymentMethodFields({
  amount,
  saved,
  value,
  onChange,
  secretError,
}: {
  amount: number;
  saved: SavedMethods;
  value: MethodChoice;
  onChange: (next: MethodChoice) => void;
  secretError: string | null;
}) {
  const { t } = useTranslation();
  const walletOk = walletCoversParking(saved.balance, amount);
  const cardId = cardOf(value, saved);
  const card = value.method === 'CARD' && saved.ready.length > 0;
  return (
    <>
      <Radio.Group
        label={t('parking.stop.method')}
        value={value.method}
        onChange={(v) => onChange({ ...value, method: v as ParkingPaymentMethod })}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="SIMPLEPAY" label={t('parking.stop.simplepay')} />
          <Radio
            value="CARD"
            disabled={saved.ready.length === 0}
            label={t('parking.stop.card')}
            description={saved.ready.length === 0 ? t('charging.payment.noCard') : undefined}
          />
          <Radio
            value="WALLET"
            disabled={!walletOk}
            label={t('charging.payment.wallet', {
              balance: saved.balance === null ? '–' : formatMoney(saved.balance),
            })}
            description={walletOk ? undefined : t('parking.stop.walletLow')}
          />
        </Stack>
      </Radio.Group>
      {card && (
        <SavedCardFields
          cards={saved.ready}
          cardId={cardId}
          onCardId={(id) => onChange({ ...value, cardId: id })}
          secret={value.secret}
          onSecret={(secret) => onChange({ ...value, secret })}
          secretError={secretError}
        />
      )}
    </>
  );
}
