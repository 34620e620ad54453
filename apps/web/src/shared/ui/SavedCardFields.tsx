import { NativeSelect, PasswordInput } from '@mantine/core';
import type { CreditCard } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The saved cards that can pay. */
  cards: CreditCard[];
  /** The chosen card (null: none chosen yet). */
  cardId: number | null;
  onCardId: (cardId: number) => void;
  /** The card's OneClick secret code, sent with the payment and never stored. */
  secret: string;
  onSecret: (secret: string) => void;
  secretError?: string | null;
}

/** Which saved card pays, and its secret code: the same two fields wherever a saved card pays. */
export function SavedCardFields({ cards, cardId, onCardId, secret, onSecret, secretError }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <NativeSelect
        label={t('charging.payment.whichCard')}
        value={cardId === null ? '' : String(cardId)}
        onChange={(e) => onCardId(Number(e.currentTarget.value))}
        data={cards.map((c) => ({ value: String(c.cardId), label: c.cardMask }))}
      />
      <PasswordInput
        label={t('charging.payment.secret')}
        description={t('charging.payment.secretHint')}
        value={secret}
        onChange={(e) => onSecret(e.currentTarget.value)}
        error={secretError}
        autoComplete="off"
        visibilityToggleButtonProps={{ 'aria-label': t('account.showPassword') }}
        maxLength={32}
        required
      />
    </>
  );
}
