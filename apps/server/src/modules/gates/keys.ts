import { createHmac, randomBytes } from 'node:crypto';
import { hashChargePointKey, verifyChargePointKey } from '../ocpp/keys.js';

/**
 * Gate keys: a controller's MQTT password (gates/PROTOCOL.md: 16–40 printable ASCII
 * characters). Stored hashed like charger keys (salted HMAC-SHA-256; high-entropy keys, and a
 * whole lot's controllers reconnecting after a restart must not cost an argon2 run each).
 */
export const hashGateKey = (key: string): string => hashChargePointKey(key);
export const verifyGateKey = (hash: string, key: string | Buffer | undefined): Promise<boolean> =>
  verifyChargePointKey(hash, key);

/** null when the key is acceptable, else what is wrong with it. */
export function checkGateKey(key: string): string | null {
  if (!/^[\x21-\x7e]*$/.test(key))
    return 'the key must be printable ASCII characters without spaces';
  const n = key.length;
  return n >= 16 && n <= 40 ? null : `the key must be 16 to 40 characters (got ${n})`;
}

/** A new random key: 32 characters (base64url of 24 random bytes). */
export function generateGateKey(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Sandbox only: the key of a seeded gate, derived from a fixed sandbox secret so the in-process
 * simulated controllers (and `npm run sim -- gates --sandbox-keys`) know it without storing it.
 */
export const SANDBOX_GATE_KEY_SECRET = 'voltpark-sandbox-gate-key-v1';
export function sandboxGateKey(gateId: number, secret = SANDBOX_GATE_KEY_SECRET): string {
  return createHmac('sha256', secret).update(String(gateId)).digest('base64url').slice(0, 24);
}
