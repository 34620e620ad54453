import { useQuery } from '@tanstack/react-query';
import type { Message, PaymentReturnCheck } from '@voltpark/contract';
import { ApiError, apiRoutes, callApi } from '@/shared/api';
import { useRouteQuery } from '@/shared/lib/useRouteQuery';
import { paymentResultStatus, type PaymentResultStatus } from './status';

export type BackRedirect =
  /** No r in the URL: the page was not reached from the payment provider. */
  | { state: 'none' }
  | { state: 'checking' }
  /** The server vouched for r and s. */
  | { state: 'verified'; event: PaymentReturnCheck; status: PaymentResultStatus }
  /** The signature does not hold (tampered or foreign): nothing from r may be shown. */
  | { state: 'invalid'; messages: Message[] }
  /** The check could not be made (no connection): the notice is already shown. */
  | { state: 'error' };

/**
 * Reads SimplePay's back redirect (`r`, `s`) from the page's URL and has the server check the
 * signature (the browser does not hold the merchant secret). Only a verified event is returned.
 */
export function useBackRedirect(): BackRedirect {
  const query = useRouteQuery();
  const r = query.r ?? '';
  const s = query.s ?? '';
  const check = useQuery({
    queryKey: ['payment-return', r, s],
    enabled: r !== '' && s !== '',
    queryFn: () => callApi(apiRoutes.paymentReturn, { query: { r, s }, inlineErrors: true }),
    staleTime: Infinity,
    retry: false,
  });
  if (!r) return { state: 'none' };
  // Without a signature nothing in r can be believed; no need to ask.
  if (!s) return { state: 'invalid', messages: [] };
  if (check.isPending) return { state: 'checking' };
  if (check.isError) {
    const err = check.error;
    if (err instanceof ApiError && !err.network && err.envelope) {
      const env = err.envelope;
      const all = env.messages.length ? env.messages : env.message ? [env.message] : [];
      // Field messages (r or s malformed) are about the query, not for the driver.
      return { state: 'invalid', messages: all.filter((m) => !m.field) };
    }
    return { state: 'error' };
  }
  return { state: 'verified', event: check.data, status: paymentResultStatus(check.data.e) };
}
