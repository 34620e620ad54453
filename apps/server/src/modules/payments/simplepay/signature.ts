import { createHmac, timingSafeEqual } from 'node:crypto';

/** `base64(HMAC-SHA384(secretKey, body bytes))`, the `Signature` header of every SimplePay message. */
export function signMessage(secretKey: string, body: string): string {
  return createHmac('sha384', secretKey).update(body, 'utf8').digest('base64');
}

/**
 * Checks a signature against the raw text exactly as received (never re-serialized), comparing
 * the MAC bytes in constant time.
 */
export function verifySignature(
  secretKey: string,
  body: string,
  signature: string | undefined | null,
): boolean {
  if (!signature) return false;
  const expected = createHmac('sha384', secretKey).update(body, 'utf8').digest();
  // A `+` sent unencoded in a query string arrives as a space.
  const given = Buffer.from(signature.trim().replace(/ /g, '+'), 'base64');
  if (given.length !== expected.length) return false;
  return timingSafeEqual(given, expected);
}
