import { ApiError } from '@/shared/api';

/** SPEC §8 start error codes (mirrors the contract's startChargeErrorCodeSchema; a test checks). */
export const START_ERROR_CODES = [
  'CHARGER_NOT_ACTIVE',
  'SIMPLEPAY_INVALID_PASSWORD',
  'NO_ACTIVE_TARIFF',
  'NEGATIVE_WALLET',
] as const;
export type StartErrorCode = (typeof START_ERROR_CODES)[number];

/** The server message key (messages namespace) of a start error code; unknown: unsuccessful start. */
export function startErrorKey(code: string | null | undefined): string {
  return (START_ERROR_CODES as readonly string[]).includes(code ?? '')
    ? `charge.error.${code}`
    : 'charge.error.startFailed';
}

export interface StartFailure {
  code: string | null;
  /** The text to alert: a known code's catalog text, else the server's first message. */
  text: string;
  /** NEGATIVE_WALLET: after the alert the user goes to /cards. */
  toCards: boolean;
}

/** Turns a failed start call into the alert of SPEC §8. `t` reads the messages namespace. */
export function startFailure(e: unknown, t: (key: string) => string, casual = false): StartFailure {
  const env = e instanceof ApiError ? e.envelope : null;
  const data = env?.data as { responseCode?: unknown } | null | undefined;
  const code = typeof data?.responseCode === 'string' ? data.responseCode : null;
  const known = (START_ERROR_CODES as readonly string[]).includes(code ?? '');
  const first = env?.messages[0]?.text;
  let text: string;
  if (known) text = t(`messages:${startErrorKey(code)}`);
  else if (first) text = first;
  else text = casual ? t('casual.errorStart') : t(`messages:${startErrorKey(null)}`);
  return { code, text, toCards: !casual && code === 'NEGATIVE_WALLET' };
}
