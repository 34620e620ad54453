import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { phpJsonEncode } from '../payments/simplepay/php-json.js';
import { signMessage } from '../payments/simplepay/signature.js';

const scrypt = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  len: number,
) => Promise<Buffer>;

/** 32 random characters, like SimplePay's salt. */
export const newSalt = () => randomBytes(16).toString('hex');

/** A random, URL-safe secret (page tokens, form tokens, recurring tokens). */
export const randomToken = (bytes = 24) => randomBytes(bytes).toString('base64url');

// Money is printed like SimplePay prints it (`100.0`): the value travels through the encoder
// as a marked string that is then replaced by the bare number with `.0`.
const MARK = `money${randomBytes(6).toString('hex')}:`;
const markPattern = new RegExp(`"${MARK}(-?\\d+)"`, 'g');

declare const moneyBrand: unique symbol;
export type Money = string & { [moneyBrand]: true };
export const money = (forints: number): Money => `${MARK}${Math.trunc(forints)}` as Money;

/** PHP json_encode bytes (the project's encoder), with totals printed as `25.0`. */
export function encodeMessage(value: Record<string, unknown>): string {
  return phpJsonEncode(value).replace(markPattern, '$1.0');
}

export function signedMessage(secretKey: string, value: Record<string, unknown>) {
  const body = encodeMessage(value);
  return { body, signature: signMessage(secretKey, body) };
}

/** The user's OneClick secret code, stored only as an scrypt hash. */
export async function hashCardSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(secret, salt, 32);
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function cardSecretMatches(secret: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [kind, saltText, hashText] = stored.split('$');
  if (kind !== 'scrypt' || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64');
  const given = await scrypt(secret, Buffer.from(saltText, 'base64'), expected.length);
  return timingSafeEqual(given, expected);
}

/** `4908366099900425` → `4908-36xx-xxxx-0425`. */
export function maskCard(digits: string): string {
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}xx-xxxx-${digits.slice(-4)}`;
}
