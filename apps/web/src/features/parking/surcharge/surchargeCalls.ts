import type { ParkingPaymentMethod, Surcharge } from '@voltpark/contract';
import { apiRoutes, callApi, callApiEnvelope } from '@/shared/api';
import { getPlatform } from '@/shared/lib/platform';
import { startGuestSession } from '@/shared/session';
import { browserData } from '../stopCall';

export interface SurchargeStartInput {
  code: string;
  email: string;
}

/**
 * SPEC §7 v1/parking-surcharge/start (a registered user, logged in) or start-casual (anyone
 * else; its extraData.extraData is the guest's access token, stored so the guest can pay and
 * follow it live). null: no parking for this code and e-mail.
 */
export async function startSurcharge(
  input: SurchargeStartInput,
  registered: boolean,
): Promise<Surcharge | null> {
  const body = { code: input.code.trim(), email: input.email.trim(), platform: getPlatform() };
  if (registered)
    return callApi(apiRoutes.surchargeStart, { body, inlineErrors: true, busy: false });
  const env = await callApiEnvelope(apiRoutes.surchargeStartCasual, {
    body,
    inlineErrors: true,
    busy: false,
  });
  const surcharge = env.data as Surcharge | null;
  const extra = env.extraData as { extraData?: unknown } | undefined;
  const token = typeof extra?.extraData === 'string' ? extra.extraData : '';
  if (!surcharge || !token) return null;
  await startGuestSession(token, body.email);
  return surcharge;
}

export interface SurchargePayChoice {
  paymentMethod: ParkingPaymentMethod;
  cardId?: number | null;
  cardSecret?: string;
}

/** POST v1/parking-surcharge/{id}/pay: the surcharge back (paymentUrl: SimplePay's page). */
export function paySurcharge(id: number, choice: SurchargePayChoice): Promise<Surcharge | null> {
  return callApi(apiRoutes.surchargePay, {
    params: { id },
    body: {
      paymentMethod: choice.paymentMethod,
      ...(choice.paymentMethod === 'CARD' && choice.cardId != null
        ? { 'card-id': choice.cardId, cardSecret: choice.cardSecret ?? '' }
        : {}),
      ...browserData(),
    },
    inlineErrors: true,
  });
}
