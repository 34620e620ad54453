import { and, asc, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { Lang, TraitValue } from '@voltpark/contract';
import type { Db } from '../../db/client.js';
import { traitListItems, traitValues, traits } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';
import { pick } from './address.js';

export type TraitOwner = 'locationId' | 'chargerId' | 'parkingLotId' | 'poiId';

/** Trait values of many owners at once, in trait order, as SPEC §3 trait values. */
export async function loadTraitValues(
  db: Db,
  owner: TraitOwner,
  ids: number[],
  lang: Lang,
): Promise<Map<number, TraitValue[]>> {
  const out = new Map<number, TraitValue[]>();
  if (ids.length === 0) return out;
  const ownerColumn = traitValues[owner];
  const rows = await db
    .select({ value: traitValues, trait: traits })
    .from(traitValues)
    .innerJoin(traits, eq(traits.id, traitValues.traitId))
    .where(and(inArray(ownerColumn, ids), isNotNull(ownerColumn)) as SQL)
    .orderBy(asc(traits.orderNumber), asc(traitValues.id));
  const itemIds = [...new Set(rows.flatMap((r) => r.value.listItemIds))];
  const items = new Map<number, { id: number; value: string }>();
  if (itemIds.length > 0) {
    const itemRows = await db
      .select()
      .from(traitListItems)
      .where(inArray(traitListItems.id, itemIds))
      .orderBy(asc(traitListItems.orderNumber));
    for (const i of itemRows)
      items.set(i.id, { id: i.id, value: pick(lang, i.valueHu, i.valueEn) });
  }
  for (const { value: v, trait: t } of rows) {
    const ownerId = v[owner]!;
    const listed = v.listItemIds.map((id) => items.get(id)).filter((i) => i !== undefined);
    const tv: TraitValue = {
      trait: {
        id: t.id,
        name: pick(lang, t.nameHu, t.nameEn),
        type: t.type,
        identifier: t.identifier,
        unit: t.unit,
        major: t.major,
        orderNumber: t.orderNumber,
      },
      value: t.type === 'TEXT' || t.type === 'BOOLEAN' ? v.value : null,
      listItem: t.type === 'LIST_SINGLE' ? (listed[0] ?? null) : null,
      listItems: t.type === 'LIST_MULTIPLE' ? listed : [],
      listStrings: t.type === 'LIST_CUSTOM' ? v.listStrings : [],
      numericValue: v.numericValue,
    };
    const list = out.get(ownerId);
    if (list) list.push(tv);
    else out.set(ownerId, [tv]);
  }
  return out;
}
