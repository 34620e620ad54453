import type { ParkingSession } from '@voltpark/contract';
import { ApiError, apiRoutes, callApi, callApiEnvelope } from '@/shared/api';
import { getPlatform } from '@/shared/lib/platform';

function clientFields() {
  return { platform: getPlatform() };
}

/** POST v1/parking/{lotId}/start; null when the server refused (SPEC §7: null is a failure). */
export function startParking(lotId: number): Promise<ParkingSession | null> {
  return callApi(apiRoutes.parkingStart, {
    params: { lotId },
    body: clientFields(),
    inlineErrors: true,
  });
}

export type CasualStartResult =
  | { kind: 'started'; session: ParkingSession | null; accessToken: string }
  /** SPEC §8: a non-success result is a silent return. */
  | { kind: 'refused' };

/** POST v1/parking/{lotId}/start-casual: the guest's session and access token. */
export async function startCasualParking(lotId: number, email: string): Promise<CasualStartResult> {
  const env = await callApiEnvelope(apiRoutes.parkingStartCasual, {
    params: { lotId },
    body: { email, ...clientFields() },
    inlineErrors: true,
  });
  const extra = env.extraData as { extraData?: unknown } | undefined;
  const token = typeof extra?.extraData === 'string' ? extra.extraData : null;
  if (!env.result || !token) return { kind: 'refused' };
  return { kind: 'started', session: env.data as ParkingSession | null, accessToken: token };
}

/** The server's translated reason, else the caller's fallback. */
export function failureText(e: unknown, fallback: string): string {
  return e instanceof ApiError && e.envelope?.messages[0]?.text
    ? e.envelope.messages[0].text
    : fallback;
}
