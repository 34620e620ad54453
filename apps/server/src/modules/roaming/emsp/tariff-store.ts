import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Tariff } from '@voltpark/contract/ocpi/tariffs';
import type { Db, DbOrTx } from '../../../db/client.js';
import { roamingPartnerTariffs as T } from '../../../db/schema/index.js';
import { ocpiTime } from './location-columns.js';
import { partnerPricesChanged } from './partner-sites-mirror.js';
import { lockRegisteredCpo } from './partner-parties.js';
import { excluded, newestByKey } from './upsert.js';

/** Which Tariff of which party, as held for one partner. */
export interface TariffKey {
  partnerId: number;
  countryCode: string;
  partyId: string;
  tariffId: string;
}

const whereKey = (k: TariffKey) =>
  and(
    eq(T.partnerId, k.partnerId),
    eq(T.countryCode, k.countryCode.toUpperCase()),
    eq(T.partyId, k.partyId.toUpperCase()),
    eq(T.tariffKey, k.tariffId.toUpperCase()),
  );

/**
 * Whole Tariffs (a pulled page, or one PUT) written in one transaction, as upsertLocations: a
 * known one is replaced unless we hold a newer `last_updated`; all are marked seen. False when
 * the partner is no longer a registered CPO.
 */
export async function upsertTariffs(db: Db, partnerId: number, tariffs: Tariff[]) {
  const items = newestByKey(
    tariffs,
    (t) => `${t.country_code}/${t.party_id}/${t.id}`.toUpperCase(),
    (t) => ocpiTime(t.last_updated).getTime(),
  );
  return db.transaction(async (tx) => {
    if (!(await lockRegisteredCpo(tx, partnerId))) return false;
    if (items.length === 0) return true;
    const written = await tx
      .insert(T)
      .values(
        items.map((t) => ({
          partnerId,
          countryCode: t.country_code.toUpperCase(),
          partyId: t.party_id.toUpperCase(),
          tariffId: t.id,
          tariffKey: t.id.toUpperCase(),
          currency: t.currency,
          lastUpdated: ocpiTime(t.last_updated),
          object: t,
        })),
      )
      .onConflictDoUpdate({
        target: [T.partnerId, T.countryCode, T.partyId, T.tariffKey],
        set: {
          tariffId: excluded('tariff_id'),
          currency: excluded('currency'),
          lastUpdated: excluded('last_updated'),
          object: excluded('object'),
          updatedAt: sql`now()`,
        },
        setWhere: sql`excluded.last_updated >= ${T.lastUpdated}`,
      })
      .returning({ id: T.id });
    if (written.length > 0) await partnerPricesChanged(tx);
    const parties = new Map<string, Tariff[]>();
    for (const t of items) {
      const p = `${t.country_code}/${t.party_id}`.toUpperCase();
      parties.set(p, [...(parties.get(p) ?? []), t]);
    }
    for (const group of parties.values()) {
      const first = group[0]!;
      await tx
        .update(T)
        .set({ seenAt: sql`now()` })
        .where(
          and(
            eq(T.partnerId, partnerId),
            eq(T.countryCode, first.country_code.toUpperCase()),
            eq(T.partyId, first.party_id.toUpperCase()),
            inArray(
              T.tariffKey,
              group.map((t) => t.id.toUpperCase()),
            ),
          ),
        );
    }
    return true;
  });
}

export async function getTariff(db: DbOrTx, key: TariffKey): Promise<Tariff | null> {
  const [row] = await db.select({ object: T.object }).from(T).where(whereKey(key));
  return row ? (row.object as Tariff) : null;
}

/** DELETE of the Receiver interface: gone whether or not we held it (a replay changes nothing). */
export async function deleteTariff(db: Db, key: TariffKey): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await lockRegisteredCpo(tx, key.partnerId))) return false;
    const gone = await tx.delete(T).where(whereKey(key)).returning({ id: T.id });
    if (gone.length > 0) await partnerPricesChanged(tx);
    return true;
  });
}

/** After a complete full pull: the partner's Tariffs it did not list are no longer valid. */
export async function sweepTariffs(db: Db, partnerId: number, pullStart: Date) {
  const gone = await db
    .delete(T)
    .where(and(eq(T.partnerId, partnerId), lt(T.seenAt, pullStart)))
    .returning({ id: T.id });
  if (gone.length > 0) await partnerPricesChanged(db);
  return gone.length;
}

export async function forgetPartnerTariffs(tx: DbOrTx, partnerId: number) {
  await tx.delete(T).where(eq(T.partnerId, partnerId));
}
