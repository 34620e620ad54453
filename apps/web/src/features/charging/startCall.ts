import { apiRoutes, callApi, currentLang } from '@/shared/api';
import type { ChargingQuery } from './startQuery';
import type { PaymentMode } from './paymentMode';

/** Where a successful start leads: the provider's page, or the charge history. */
export type StartResult = { kind: 'redirect'; url: string } | { kind: 'history' };

/** 3-D Secure browser data of a OneClick payment (start-charging-card). */
function browserData() {
  return {
    lang: currentLang(),
    java: false,
    color: globalThis.screen?.colorDepth || 24,
    height: globalThis.screen?.height ?? 0,
    width: globalThis.screen?.width ?? 0,
    tz: new Date().getTimezoneOffset(),
  };
}

/** The start call of each payment mode (SPEC §7 Charging). Errors reject with ApiError. */
export async function startCharge(
  mode: PaymentMode,
  query: ChargingQuery,
  card: { cardId: number | null; secret: string },
): Promise<StartResult> {
  const opts = { inlineErrors: true } as const;
  if (mode === 'wallet') {
    await callApi(apiRoutes.startChargingWallet, { query, ...opts });
    return { kind: 'history' };
  }
  const url =
    mode === 'card'
      ? await callApi(apiRoutes.startChargingCard, {
          query: {
            ...query,
            'card-id': card.cardId!,
            cardSecret: card.secret,
            ...browserData(),
          },
          ...opts,
        })
      : await callApi(apiRoutes.startCharging, { query, ...opts });
  return url ? { kind: 'redirect', url } : { kind: 'history' };
}
