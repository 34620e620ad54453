import type { ParkingPaymentMethod, ParkingSession } from '@voltpark/contract';
import { apiRoutes, callApi, currentLang } from '@/shared/api';

/** The browser data SimplePay's card payments need (SPEC §7 stop: lang, java, color, …). */
export function browserData() {
  return {
    lang: currentLang(),
    java: false,
    color: globalThis.screen?.colorDepth || 24,
    height: globalThis.screen?.height ?? 0,
    width: globalThis.screen?.width ?? 0,
    tz: new Date().getTimezoneOffset(),
  };
}

export interface StopChoice {
  /** Absent for a free session. */
  paymentMethod?: ParkingPaymentMethod;
  cardId?: number | null;
  /** The saved card's OneClick secret code (CARD; never stored). */
  cardSecret?: string;
  billingDataId?: number | null;
  /** Casual users: the e-mail of the survey. */
  email?: string;
}

/** POST v1/parking/stop; the session back (paymentUrl when SimplePay's page must open). */
export async function stopParking(choice: StopChoice): Promise<ParkingSession | null> {
  return callApi(apiRoutes.parkingStop, {
    body: {
      ...(choice.email ? { email: choice.email } : {}),
      ...(choice.billingDataId != null ? { billingDataId: choice.billingDataId } : {}),
      ...(choice.paymentMethod ? { paymentMethod: choice.paymentMethod } : {}),
      ...(choice.paymentMethod === 'CARD' && choice.cardId != null
        ? { 'card-id': choice.cardId, cardSecret: choice.cardSecret ?? '' }
        : {}),
      ...browserData(),
    },
    inlineErrors: true,
  });
}
