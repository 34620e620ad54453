import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Sealing of SimplePay recurring tokens at rest (decision 0051). They cannot be hashed (we must
 * send them), so they are encrypted with AES-256-GCM under a key derived (HKDF-SHA256) from the
 * merchant secret, which every dorecurring is signed with anyway. The card row's id is bound in
 * as additional data, so a sealed token cannot be moved to another card.
 */
const VERSION = 'v1';

function keyOf(merchantSecret: string): Buffer {
  return Buffer.from(
    hkdfSync('sha256', merchantSecret, 'voltpark', 'simplepay-recurring-token-v1', 32),
  );
}

const aad = (cardId: number) => Buffer.from(`card:${cardId}`);

export function sealToken(merchantSecret: string, cardId: number, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(merchantSecret), iv);
  cipher.setAAD(aad(cardId));
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
}

/** The token, or null when it does not open (another merchant secret, another card, tampered). */
export function openToken(merchantSecret: string, cardId: number, sealed: string): string | null {
  const [version, data] = sealed.split('.');
  if (version !== VERSION || !data) return null;
  const raw = Buffer.from(data, 'base64url');
  if (raw.length < 12 + 16 + 1) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(merchantSecret), raw.subarray(0, 12));
    decipher.setAAD(aad(cardId));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([
      decipher.update(raw.subarray(12, raw.length - 16)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}
