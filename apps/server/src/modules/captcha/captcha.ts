import { createHash, randomInt, randomUUID } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import { limits } from '@voltpark/contract';
import type { Db } from '../../db/client.js';
import { captchas } from '../../db/schema/accounts.js';

/** No 0/O, 1/I/L: characters a person cannot confuse. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 5;
const VALIDITY_MS = limits.captchaValidityMinutes * 60_000;

/** svg-captcha draws each letter as a path (no text to read out of the SVG), with line noise. */
const renderCaptcha = svgCaptcha as unknown as (
  text: string,
  options: { width: number; height: number; fontSize: number; noise: number; color: boolean },
) => string;

const answerHash = (id: string, answer: string) =>
  createHash('sha256').update(`${id}:${answer.trim().toUpperCase()}`).digest('hex');

/** A new challenge (valid 14 minutes). The old one the form had, if any, is dropped. */
export async function createCaptcha(
  db: Db,
  previousId?: string,
  fixedAnswer?: string,
): Promise<string> {
  if (previousId) await db.delete(captchas).where(eq(captchas.id, previousId));
  await db.delete(captchas).where(lt(captchas.expiresAt, sql`now() - interval '1 day'`));
  if (fixedAnswer) return storeCaptcha(db, fixedAnswer);
  let text = '';
  for (let i = 0; i < LENGTH; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  return storeCaptcha(db, text);
}

/** Stores a challenge for a given answer (createCaptcha picks it at random; tests choose it). */
export async function storeCaptcha(db: Db, text: string): Promise<string> {
  const id = randomUUID();
  const svg = renderCaptcha(text, { width: 180, height: 60, fontSize: 56, noise: 3, color: false });
  await db.insert(captchas).values({
    id,
    answerHash: answerHash(id, text),
    svg,
    expiresAt: new Date(Date.now() + VALIDITY_MS),
  });
  return id;
}

export async function captchaPicture(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ svg: captchas.svg, usedAt: captchas.usedAt })
    .from(captchas)
    .where(eq(captchas.id, id));
  return row && !row.usedAt ? row.svg : null;
}

export type CaptchaCheck = 'ok' | 'wrong' | 'expired';

/** Any answer uses the challenge up, right or wrong, so it cannot be guessed at repeatedly. */
export async function consumeCaptcha(db: Db, id: string, answer: string): Promise<CaptchaCheck> {
  const [row] = await db
    .update(captchas)
    .set({ usedAt: new Date() })
    .where(sql`${captchas.id} = ${id} and ${captchas.usedAt} is null`)
    .returning({ answerHash: captchas.answerHash, expiresAt: captchas.expiresAt });
  if (!row || row.expiresAt.getTime() < Date.now()) return 'expired';
  return row.answerHash === answerHash(id, answer) ? 'ok' : 'wrong';
}
