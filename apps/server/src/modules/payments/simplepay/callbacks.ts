import { phpJsonEncode } from './php-json.js';
import { signMessage, verifySignature } from './signature.js';
import { simplePayTime } from './time.js';
import { backEventSchema, ipnSchema, type SimplePayBackEvent, type SimplePayIpn } from './types.js';

/**
 * The browser's return from the pay page: `r` is base64 JSON, `s` its signature. The event is
 * for display only; money is settled by the IPN or a query. Returns null when anything is off.
 */
export function readBackRedirect(
  secretKey: string,
  r: string | undefined,
  s: string | undefined,
): SimplePayBackEvent | null {
  if (!r || !s) return null;
  // `+` in an unencoded query arrives as a space.
  const json = Buffer.from(r.replace(/ /g, '+'), 'base64').toString('utf8');
  if (!verifySignature(secretKey, json, s)) return null;
  try {
    const parsed = backEventSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Builds what the emulator (or SimplePay) appends to the return URL. */
export function writeBackRedirect(
  secretKey: string,
  event: SimplePayBackEvent,
): { r: string; s: string } {
  const json = phpJsonEncode(event);
  return { r: Buffer.from(json, 'utf8').toString('base64'), s: signMessage(secretKey, json) };
}

export type IpnCheck =
  { ok: true; ipn: SimplePayIpn } | { ok: false; reason: 'signature' | 'body' };

/** Verifies an IPN over its raw body before believing a byte of it. */
export function readIpn(
  secretKey: string,
  rawBody: string,
  signature: string | undefined,
): IpnCheck {
  if (!verifySignature(secretKey, rawBody, signature)) return { ok: false, reason: 'signature' };
  try {
    const parsed = ipnSchema.safeParse(JSON.parse(rawBody));
    return parsed.success ? { ok: true, ipn: parsed.data } : { ok: false, reason: 'body' };
  } catch {
    return { ok: false, reason: 'body' };
  }
}

/** The confirmation SimplePay expects: the same JSON plus receiveDate, signed. */
export function ipnReply(secretKey: string, rawBody: string, now = new Date()) {
  const echoed = {
    ...(JSON.parse(rawBody) as Record<string, unknown>),
    receiveDate: simplePayTime(now),
  };
  const body = phpJsonEncode(echoed);
  return { body, signature: signMessage(secretKey, body) };
}
