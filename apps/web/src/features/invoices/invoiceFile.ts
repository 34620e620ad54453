import { storage, STORAGE_KEYS } from '@/shared/lib/storage';

/**
 * SPEC §7: the invoice PDF is `{base}/file?type=invoice&name={path}&token`, opened in a new tab
 * (which sends no Authorization header, so the session token goes in the address).
 */
export function invoiceFileUrl(path: string): string {
  const sp = new URLSearchParams({ type: 'invoice', name: path });
  const token = storage.get(STORAGE_KEYS.loggedInUserToken);
  if (token) sp.set('token', token);
  return `/api/file?${sp.toString()}`;
}

/** The next Monday after `now` (the weekly invoice's day, SPEC §9 Terms figures), Budapest time. */
export function nextInvoiceDay(now: Date = new Date()): Date {
  const budapest = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest' }).format(now);
  const day = new Date(`${budapest}T12:00:00Z`);
  const weekday = day.getUTCDay(); // 0 Sunday … 6 Saturday
  day.setUTCDate(day.getUTCDate() + (weekday === 1 ? 7 : (8 - weekday) % 7));
  return day;
}
