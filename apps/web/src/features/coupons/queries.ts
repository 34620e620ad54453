import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, callApi } from '@/shared/api';

/** Every query of the coupons screen starts with this key, so one call refreshes them all. */
export const COUPONS_KEY = ['coupons'] as const;
export const pointsKey = ['coupons', 'points'] as const;
export const myCouponsKey = ['coupons', 'mine'] as const;
export const activeCouponKey = ['coupons', 'active'] as const;
export const historyKey = ['coupons', 'history'] as const;

/** The points balance (GET v1/coupon/points-balance). */
export function usePoints() {
  return useQuery({
    queryKey: pointsKey,
    queryFn: ({ signal }) => callApi(apiRoutes.pointsBalance, { signal, busy: false }),
    select: (d) => d.points,
    staleTime: 0,
  });
}

/** The user's redeemable and active coupons. */
export function useMyCoupons() {
  return useQuery({
    queryKey: myCouponsKey,
    queryFn: ({ signal }) => callApi(apiRoutes.myCoupons, { signal, busy: false }),
    staleTime: 0,
  });
}

/** The coupon generated from points that is still active (or null). */
export function useActiveCoupon() {
  return useQuery({
    queryKey: activeCouponKey,
    queryFn: ({ signal }) => callApi(apiRoutes.activeCoupon, { signal, busy: false }),
    staleTime: 0,
  });
}

export function useCouponHistory() {
  return useQuery({
    queryKey: historyKey,
    queryFn: ({ signal }) => callApi(apiRoutes.couponHistory, { signal, busy: false }),
    staleTime: 0,
  });
}

export function usePointsHistory() {
  return useQuery({
    queryKey: ['coupons', 'points-history'],
    queryFn: ({ signal }) => callApi(apiRoutes.pointsHistory, { signal, busy: false }),
    staleTime: 0,
  });
}

/** The offers; while charging (chargerId), those within walking distance of the charger first. */
export function useOffers(chargerId: number | null) {
  return useQuery({
    queryKey: ['coupons', 'offers', chargerId],
    queryFn: ({ signal }) =>
      callApi(apiRoutes.couponInventory, {
        query: chargerId === null ? {} : { chargerId },
        signal,
        busy: false,
      }),
    staleTime: 0,
  });
}

/** The running charge (the charging screens' query: same key, so one cache). */
export function useRunningCharge() {
  return useQuery({
    queryKey: ['charge', 'current'],
    queryFn: ({ signal }) => callApi(apiRoutes.chargeCurrent, { signal, busy: false, quiet: true }),
    staleTime: 0,
  });
}

export function useCategories() {
  return useQuery({
    queryKey: ['coupons', 'categories'],
    queryFn: ({ signal }) => callApi(apiRoutes.couponCategories, { signal, busy: false }),
    staleTime: 5 * 60_000,
  });
}

/** Points earned by a charge that just ended (null when the charge earned none or is unknown). */
export function useLatestPoints(chargeId: number | null) {
  return useQuery({
    queryKey: ['coupons', 'latest-points', chargeId],
    queryFn: ({ signal }) =>
      callApi(apiRoutes.latestPoints, {
        params: { id: chargeId ?? 0 },
        signal,
        busy: false,
        quiet: true,
      }),
    enabled: chargeId !== null,
  });
}

/** After a purchase, generation, removal or deposit: balance, coupons and history reload. */
export function useRefreshCoupons() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: COUPONS_KEY });
}
