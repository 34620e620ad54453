import type { Surcharge } from '@voltpark/contract';
import { storage, STORAGE_KEYS } from '@/shared/lib/storage';

/** The surcharge this browser is paying (the payment result page returns to it). */
export function rememberSurcharge(id: number | null): void {
  if (id === null) storage.remove(STORAGE_KEYS.parkingSurchargeId);
  else storage.set(STORAGE_KEYS.parkingSurchargeId, String(id));
}

export function rememberedSurchargeId(): number | null {
  const id = Number(storage.get(STORAGE_KEYS.parkingSurchargeId));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** A payment page to open now: a card payment under way whose page was not opened before. */
export function paymentPageToOpen(s: Surcharge | null | undefined): string | null {
  if (!s || s.status !== 'UNPAID' || !s.paymentUrl || s.paymentMethod === 'WALLET') return null;
  if (s.paymentFailed || s.paymentFinishedAt) return null;
  if (storage.get(STORAGE_KEYS.parkingSurchargeJumped) === s.paymentUrl) return null;
  return s.paymentUrl;
}

/** Marks the page opened, so that coming back from it does not open it again. */
export function markPaymentPageOpened(url: string): void {
  storage.set(STORAGE_KEYS.parkingSurchargeJumped, url);
}
