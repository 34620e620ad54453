import { Radio, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CreditCard, RoamingPaymentMethod } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { apiRoutes, callApi } from '@/shared/api';
import { formatMoney } from '@/shared/format';
import { defaultCardId, readyCards } from '../charging';
import { SavedCardFields } from '@/shared/ui';

export interface RoamingMethodChoice {
  method: RoamingPaymentMethod;
  /** The chosen saved card (null: the default one). */
  cardId: number | null;
  /** The saved card's OneClick secret code (CARD; sent once, never stored). */
  secret: string;
}

export const initialRoamingChoice: RoamingMethodChoice = {
  method: 'WALLET',
  cardId: null,
  secret: '',
};

/** The driver's saved cards ready to pay (decision 0050). */
export function useReadyCards() {
  const cards = useQuery({
    queryKey: ['creditCards'],
    queryFn: ({ signal }) => callApi(apiRoutes.creditCards, { signal, busy: false, quiet: true }),
    staleTime: 0,
  });
  const list: CreditCard[] = cards.data ?? [];
  return { pending: cards.isPending, ready: readyCards(list), defaultCard: defaultCardId(list) };
}

/** The message key of a CARD choice without a usable secret code (null: fine). */
export function roamingSecretProblem(choice: RoamingMethodChoice): string | null {
  if (choice.method !== 'CARD' || choice.secret.trim().length >= 4) return null;
  return choice.secret ? 'messages:invalid.cardSecret' : 'messages:invalid.required';
}

/**
 * How the roaming hold is made (decision 0050): the wallet (its balance shown), a saved card with
 * its secret code, or a bank card on SimplePay's page. A saved card is offered only when there is one.
 */
export function RoamingPaymentFields({
  balance,
  cards,
  value,
  onChange,
  secretError,
}: {
  balance: number | null;
  cards: ReturnType<typeof useReadyCards>;
  value: RoamingMethodChoice;
  onChange: (next: RoamingMethodChoice) => void;
  secretError: string | null;
}) {
  const { t } = useTranslation();
  const cardId = value.cardId ?? cards.defaultCard;
  const card = value.method === 'CARD' && cards.ready.length > 0;
  return (
    <>
      <Radio.Group
        label={t('parking.stop.method')}
        value={value.method}
        onChange={(v) => onChange({ ...value, method: v as RoamingPaymentMethod })}
      >
        <Stack gap="xs" mt="xs">
          <Radio
            value="WALLET"
            // The one place the start page shows the balance.
            label={t('charging.payment.wallet', {
              balance: balance === null ? '–' : formatMoney(balance),
            })}
          />
          <Radio
            value="CARD"
            disabled={cards.ready.length === 0}
            label={t('parking.stop.card')}
            description={cards.ready.length === 0 ? t('charging.payment.noCard') : undefined}
          />
          <Radio value="SIMPLEPAY" label={t('parking.stop.simplepay')} />
        </Stack>
      </Radio.Group>
      {card && (
        <SavedCardFields
          cards={cards.ready}
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
