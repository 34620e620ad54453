import type { Db } from '../../db/client.js';
import { couponOffers, partnerShops } from '../../db/schema/loyalty.js';
import { createActiveUser } from '../../test/users.js';
import { grantPoints, makeServiceProvider } from './operator.js';

export async function addShop(db: Db, name: string) {
  const [shop] = await db.insert(partnerShops).values({ name, url: null }).returning();
  return shop!;
}

export async function addOffer(
  db: Db,
  shopId: number,
  values: Partial<typeof couponOffers.$inferInsert> = {},
) {
  const [offer] = await db
    .insert(couponOffers)
    .values({
      shopId,
      type: 'SHOP',
      nameHu: '10% kedvezmény',
      nameEn: '10% off',
      price: 100,
      priceUnit: 'POINTS',
      discountPercent: 10,
      categories: ['gastro'],
      cities: ['Budapest'],
      ...values,
    })
    .returning();
  return offer!;
}

/** A driver with a session and `points` points. */
export async function driverWithPoints(db: Db, email: string, points: number) {
  const user = await createActiveUser(db, email);
  if (points > 0) await grantPoints(db, { email, points, reason: 'test' });
  return user;
}

/** A user who redeems for the shop named. */
export async function providerOf(db: Db, email: string, shop: string) {
  const user = await createActiveUser(db, email);
  await makeServiceProvider(db, { email, shop });
  return user;
}
