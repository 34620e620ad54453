import { WALLET_START_MINIMUM } from './constants';

export type PaymentMode = 'simple' | 'card' | 'wallet';

export interface CardLike {
  cardId: number;
  /** Empty while SimplePay is still processing the registration. */
  cardMask: string;
  defaultCard: boolean;
}

/** Cards that can pay (registration finished). */
export const readyCards = <C extends CardLike>(cards: readonly C[]): C[] =>
  cards.filter((c) => c.cardMask !== '');

/** The default card, else the first ready one. */
export function defaultCardId(cards: readonly CardLike[]): number | null {
  const ready = readyCards(cards);
  return (ready.find((c) => c.defaultCard) ?? ready[0])?.cardId ?? null;
}

/** The wallet can pay when it holds the price and at least the 5000 Ft start minimum (SPEC §5). */
export function walletCanPay(balance: number | null, price: number): boolean {
  return balance !== null && balance >= price && balance >= WALLET_START_MINIMUM;
}

/**
 * SPEC §4 payment mode: free → simple always. Simple is chosen when the wallet balance is below
 * the price, and then the default card is preselected (for the saved-card choice); otherwise the
 * wallet.
 */
export function autoPaymentMode(input: {
  free: boolean;
  walletBalance: number | null;
  price: number;
  cards: readonly CardLike[];
}): { mode: PaymentMode; cardId: number | null } {
  const cardId = defaultCardId(input.cards);
  if (input.free) return { mode: 'simple', cardId };
  if (walletCanPay(input.walletBalance, input.price)) return { mode: 'wallet', cardId };
  return { mode: 'simple', cardId };
}

/**
 * The payment the wizard uses: the user's own choice while it still fits (a wallet choice stops
 * fitting when the price outgrows the balance; free charges are always simple), else the
 * automatic one. A manual choice without a card id keeps the preselected default card.
 */
export function effectivePayment(
  manual: { mode: PaymentMode; cardId: number | null } | null,
  input: Parameters<typeof autoPaymentMode>[0],
): { mode: PaymentMode; cardId: number | null } {
  const auto = autoPaymentMode(input);
  if (!manual || input.free) return auto;
  if (manual.mode === 'wallet' && !walletCanPay(input.walletBalance, input.price)) return auto;
  if (manual.mode === 'card' && readyCards(input.cards).length === 0) return auto;
  return { mode: manual.mode, cardId: manual.cardId ?? auto.cardId };
}
