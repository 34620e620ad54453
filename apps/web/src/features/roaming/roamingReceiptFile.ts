import type { Lang } from '@/shared/i18n';
import { storage, STORAGE_KEYS } from '@/shared/lib/storage';

/**
 * Decision 0057: a roaming receipt's PDF, `/api/file?type=roaming_receipt&name=<rowNumber>.pdf`,
 * opened in a new tab like an invoice (which sends no Authorization header, so the session token
 * goes in the address, and no X-Lang, so the language too).
 */
export function roamingReceiptPdfUrl(rowNumber: number, lang: Lang): string {
  const sp = new URLSearchParams({ type: 'roaming_receipt', name: `${rowNumber}.pdf`, lang });
  const token = storage.get(STORAGE_KEYS.loggedInUserToken);
  if (token) sp.set('token', token);
  return `/api/file?${sp.toString()}`;
}
