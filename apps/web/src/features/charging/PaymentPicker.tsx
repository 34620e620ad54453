import { Anchor, Radio, Stack, Text } from '@mantine/core';
import type { CreditCard } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '@/shared/format';
import { WALLET_START_MINIMUM } from './constants';
import { readyCards, walletCanPay, type PaymentMode } from './paymentMode';
import { SavedCardFields } from '@/shared/ui';

/** SPEC §4 payment mode: simple (card at SimplePay), a saved card (OneClick) or the wallet. */
export function PaymentPicker({
  mode,
  cardId,
  onChange,
  cards,
  walletBalance,
  price,
  secret,
  onSecret,
  secretError,
}: {
  mode: PaymentMode;
  cardId: number | null;
  onChange: (mode: PaymentMode, cardId: number | null) => void;
  cards: readonly CreditCard[];
  walletBalance: number | null;
  price: number;
  /** The OneClick secret code of the chosen card (asked on every card payment, never stored). */
  secret: string;
  onSecret: (v: string) => void;
  secretError: string | null;
}) {
  const { t } = useTranslation();
  const ready = readyCards(cards);
  const walletOk = walletCanPay(walletBalance, price);
  return (
    <Stack gap="xs">
      <Radio.Group
        label={t('charging.payment.title')}
        value={mode}
        onChange={(v) => onChange(v as PaymentMode, cardId)}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="simple" label={t('charging.payment.simple')} />
          <Radio
            value="card"
            disabled={ready.length === 0}
            label={t('charging.payment.card')}
            description={ready.length === 0 ? t('charging.payment.noCard') : undefined}
          />
          <Radio
            value="wallet"
            disabled={!walletOk}
            label={t('charging.payment.wallet', {
              balance: walletBalance === null ? '–' : formatMoney(walletBalance),
            })}
            description={
              walletOk
                ? undefined
                : t('charging.payment.walletLow', { minimum: formatMoney(WALLET_START_MINIMUM) })
            }
          />
        </Stack>
      </Radio.Group>
      {mode === 'card' && ready.length > 0 && (
        <SavedCardFields
          cards={ready}
          cardId={cardId}
          onCardId={(id) => onChange('card', id)}
          secret={secret}
          onSecret={onSecret}
          secretError={secretError}
        />
      )}
      {ready.length === 0 && (
        <Text size="sm">
          <Anchor component={Link} to="/cards">
            {t('charging.payment.toCards')}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
