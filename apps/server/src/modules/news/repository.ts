import { and, desc, eq, notInArray, type SQL } from 'drizzle-orm';
import type { Lang, NewsPost } from '@voltpark/contract';
import type { Db } from '../../db/client.js';
import { newsPosts } from '../../db/schema/index.js';
import { notFound } from '../../core/errors.js';
import { pick } from '../locations/address.js';

type Row = typeof newsPosts.$inferSelect;

function toPost(r: Row, lang: Lang): NewsPost {
  return {
    id: r.id,
    title: pick(lang, r.titleHu, r.titleEn),
    date: r.date.toISOString(),
    description: pick(lang, r.descriptionHu, r.descriptionEn),
    content: pick(lang, r.contentHu, r.contentEn),
    primaryImage: r.primaryImage,
    secondaryImage: r.secondaryImage,
    publicationId: r.publicationId,
    onlyDisappearsWhenClicked: r.onlyDisappearsWhenClicked,
  };
}

/** Published posts, newest first; `shown` leaves out the publication ids the client has shown. */
export async function listNews(db: Db, lang: Lang, shown: string[] = []): Promise<NewsPost[]> {
  const where: SQL[] = [eq(newsPosts.published, true)];
  if (shown.length > 0) where.push(notInArray(newsPosts.publicationId, shown));
  const rows = await db
    .select()
    .from(newsPosts)
    .where(and(...where))
    .orderBy(desc(newsPosts.date), desc(newsPosts.id));
  return rows.map((r) => toPost(r, lang));
}

export async function getNewsPost(db: Db, id: number, lang: Lang): Promise<NewsPost> {
  const [row] = await db
    .select()
    .from(newsPosts)
    .where(and(eq(newsPosts.id, id), eq(newsPosts.published, true)));
  if (!row) throw notFound('news.notFound');
  return toPost(row, lang);
}
