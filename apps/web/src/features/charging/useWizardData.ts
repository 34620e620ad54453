import { useQuery } from '@tanstack/react-query';
import { apiRoutes, callApi } from '@/shared/api';

const quiet = { busy: false, quiet: true } as const;

/** What the start wizard needs from the server: prices, cars, billing data, cards and wallet. */
export function useWizardData(chargerId: number) {
  const prices = useQuery({
    queryKey: ['charge', 'prices', chargerId],
    queryFn: ({ signal }) =>
      callApi(apiRoutes.priceSettings, { params: { id: chargerId }, signal, busy: false }),
    staleTime: 0,
  });
  const cars = useQuery({
    queryKey: ['cars'],
    queryFn: ({ signal }) => callApi(apiRoutes.cars, { signal, ...quiet }),
    staleTime: 0,
  });
  const billing = useQuery({
    queryKey: ['billingData'],
    queryFn: ({ signal }) => callApi(apiRoutes.billingDataList, { signal, ...quiet }),
    staleTime: 0,
  });
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
  return { prices, cars, billing, cards, wallet };
}

export function useGrossToPay(chargerId: number, carId: number | null, minutes: number | null) {
  return useQuery({
    queryKey: ['charge', 'grossToPay', chargerId, carId, minutes],
    queryFn: ({ signal }) =>
      callApi(apiRoutes.getGrossToPay, {
        query: { 'charger-id': chargerId, 'car-id': carId, 'charging-minutes': minutes! },
        signal,
        busy: false,
      }),
    enabled: minutes !== null,
  });
}
