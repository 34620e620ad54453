import { useQuery } from '@tanstack/react-query';
import { apiRoutes, callApi } from '@/shared/api';

/** SPEC §4 Cards and wallet / §9 Timers: the cards list and the wallet are polled every 5 s. */
export const CARDS_POLL_MS = 5000;

export const cardsKey = ['cards', 'credit-cards'] as const;
export const walletKey = ['cards', 'wallet'] as const;

/** The saved cards; polled quietly (SPEC §7: no busy overlay, no network notice each time). */
export function useCards() {
  return useQuery({
    queryKey: cardsKey,
    queryFn: ({ signal }) => callApi(apiRoutes.creditCards, { signal, busy: false, quiet: true }),
    refetchInterval: CARDS_POLL_MS,
    staleTime: 0,
  });
}

/** The wallet (the `wallet-ballance` spelling, which SPEC §7 lists as polled without overlay). */
export function useWallet() {
  return useQuery({
    queryKey: walletKey,
    queryFn: ({ signal }) =>
      callApi(apiRoutes.walletBallance, { signal, busy: false, quiet: true }),
    refetchInterval: CARDS_POLL_MS,
    staleTime: 0,
  });
}

/** The user's billing data: a top-up needs one (the invoice goes there). */
export function useBillingData() {
  return useQuery({
    queryKey: ['cards', 'billing-data'],
    queryFn: ({ signal }) => callApi(apiRoutes.billingDataList, { signal, busy: false }),
  });
}
