import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { verifyPassword } from '../auth/passwords.js';

/**
 * Charge point AuthorizationKeys (OCPP security profile 1/2). A key is 16–20 bytes of high
 * entropy, so a salted HMAC-SHA-256 is enough (argon2 is for guessable passwords, and 10,000
 * chargers reconnecting after a restart must not cost 10,000 argon2 runs). argon2 hashes
 * (from modules/auth/passwords.ts) are accepted too.
 */
const PREFIX = 'hs256';

export function hashChargePointKey(key: string | Buffer): string {
  const salt = randomBytes(16);
  const mac = createHmac('sha256', salt).update(key).digest();
  return `${PREFIX}$${salt.toString('base64url')}$${mac.toString('base64url')}`;
}

export async function verifyChargePointKey(
  hash: string,
  key: string | Buffer | undefined,
): Promise<boolean> {
  if (key === undefined) return false;
  if (hash.startsWith('$argon2')) return verifyPassword(hash, key.toString());
  const [prefix, salt, mac] = hash.split('$');
  if (prefix !== PREFIX || !salt || !mac) return false;
  const expected = Buffer.from(mac, 'base64url');
  const actual = createHmac('sha256', Buffer.from(salt, 'base64url')).update(key).digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** OCPP 1.6 security: AuthorizationKey is 16 to 20 bytes. */
export function checkKeyLength(key: string): string | null {
  const n = Buffer.byteLength(key);
  return n >= 16 && n <= 20 ? null : `the key must be 16 to 20 bytes (got ${n})`;
}

/** A new random key: 20 printable characters (base64url of 15 random bytes). */
export function generateKey(): string {
  return randomBytes(15).toString('base64url');
}

/**
 * Sandbox only: the key of a seeded charge point, derived from a fixed sandbox secret so the
 * in-process simulators (and `npm run sim -- --ids-from-db`) know it without storing it.
 */
export const SANDBOX_KEY_SECRET = 'voltpark-sandbox-ocpp-key-v1';
export function sandboxKey(chargePointId: string, secret = SANDBOX_KEY_SECRET): string {
  return createHmac('sha256', secret).update(chargePointId).digest('base64url').slice(0, 20);
}
