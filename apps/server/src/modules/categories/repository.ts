import { asc } from 'drizzle-orm';
import type { Category, Lang } from '@voltpark/contract';
import type { Db } from '../../db/client.js';
import { categories } from '../../db/schema/index.js';
import { notFound } from '../../core/errors.js';
import { pick } from '../locations/address.js';

/** The whole category forest (categories are few), names in the caller's language. */
async function loadForest(
  db: Db,
  lang: Lang,
): Promise<{ roots: Category[]; byId: Map<number, Category> }> {
  const rows = await db
    .select()
    .from(categories)
    .orderBy(asc(categories.orderNumber), asc(categories.id));
  const byId = new Map<number, Category>(
    rows.map((r) => [r.id, { id: r.id, name: pick(lang, r.nameHu, r.nameEn), subcategories: [] }]),
  );
  const roots: Category[] = [];
  for (const r of rows) {
    const node = byId.get(r.id)!;
    const parent = r.parentId === null ? undefined : byId.get(r.parentId);
    if (parent) parent.subcategories.push(node);
    else roots.push(node);
  }
  return { roots, byId };
}

export async function listCategories(db: Db, lang: Lang): Promise<Category[]> {
  return (await loadForest(db, lang)).roots;
}

export async function getCategory(db: Db, id: number, lang: Lang): Promise<Category> {
  const category = (await loadForest(db, lang)).byId.get(id);
  if (!category) throw notFound('category.notFound');
  return category;
}
