import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { FrontPageAd, Lang } from '@voltpark/contract';
import type { Db } from '../../db/client.js';
import { footerTexts, frontPageAds } from '../../db/schema/index.js';
import { notFound } from '../../core/errors.js';
import { pick } from '../locations/address.js';

export const fileUrl = (type: string, name: string) =>
  `/api/file?type=${encodeURIComponent(type)}&name=${encodeURIComponent(name)}`;

/** The advert whose active window contains now (the newest if several). */
export async function activeFrontPageAd(
  db: Db,
  lang: Lang,
  now = new Date(),
): Promise<FrontPageAd | null> {
  const [ad] = await db
    .select()
    .from(frontPageAds)
    .where(
      and(
        eq(frontPageAds.active, true),
        lte(frontPageAds.activeFrom, now),
        or(isNull(frontPageAds.activeTo), gt(frontPageAds.activeTo, now)),
      ),
    )
    .orderBy(desc(frontPageAds.activeFrom), desc(frontPageAds.id))
    .limit(1);
  if (!ad) return null;
  return {
    id: ad.id,
    image: pick(lang, ad.imageAltHu, ad.imageAltEn),
    fileUrl: fileUrl('front-page-ads', ad.fileName),
    fileSmallUrl: fileUrl('front-page-ads', ad.smallFileName),
    timeoutInSeconds: ad.timeoutInSeconds,
    secondsToShowAgain: ad.secondsToShowAgain,
  };
}

/** Counts one click (unless `count` is false) and returns where the advert leads. */
export async function clickFrontPageAd(db: Db, id: number, count = true): Promise<string> {
  const [ad] = count
    ? await db
        .update(frontPageAds)
        .set({ clicks: sql`${frontPageAds.clicks} + 1` })
        .where(eq(frontPageAds.id, id))
        .returning({ targetUrl: frontPageAds.targetUrl })
    : await db
        .select({ targetUrl: frontPageAds.targetUrl })
        .from(frontPageAds)
        .where(eq(frontPageAds.id, id));
  if (!ad) throw notFound('ad.notFound');
  return ad.targetUrl;
}

export async function randomFooter(
  db: Db,
  lang: Lang,
): Promise<{ id: number; text: string } | null> {
  const [row] = await db
    .select()
    .from(footerTexts)
    .where(eq(footerTexts.active, true))
    .orderBy(sql`random()`)
    .limit(1);
  return row ? { id: row.id, text: pick(lang, row.textHu, row.textEn) } : null;
}
