import { and, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { limits, type Lang, type UserCoupon } from '@voltpark/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { couponOffers, userCoupons } from '../../db/schema/loyalty.js';
import { creditWallet, debitWallet, InsufficientFundsError } from '../payments/ledger.js';
import { newCouponCode } from './codes.js';
import { couponDto, type CouponRow } from './coupon-dto.js';
import { couponErrors } from './errors.js';
import { offersByIds, ONLINE_WALLET_STYLE } from './offers.js';
import { creditPoints, lockPoints, NotEnoughPointsError, spendPoints } from './points.js';

const minutes = (n: number) => n * 60_000;

async function withOffers(db: DbOrTx, rows: CouponRow[], lang: Lang): Promise<UserCoupon[]> {
  const offers = await offersByIds(db, [
    ...new Set(rows.map((r) => r.offerId).filter((id): id is number => id !== null)),
  ]);
  const now = new Date();
  return rows.map((r) => couponDto(r, r.offerId ? offers.get(r.offerId) : undefined, lang, now));
}

/** A new coupon row with a fresh code (a clash, ~never, draws again). */
async function insertCoupon(
  tx: DbOrTx,
  values: Omit<typeof userCoupons.$inferInsert, 'code'>,
): Promise<CouponRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await tx
      .insert(userCoupons)
      .values({ ...values, code: newCouponCode() })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
  }
  throw new Error('no free coupon code after 5 draws');
}

const live = (userId: number) => and(eq(userCoupons.userId, userId), isNull(userCoupons.removedAt));

/** GET v1/coupon: the active coupon generated from points, or null. */
export async function activeGeneratedCoupon(db: DbOrTx, userId: number, lang: Lang) {
  const [row] = await db
    .select()
    .from(userCoupons)
    .where(
      and(
        live(userId),
        isNull(userCoupons.offerId),
        isNull(userCoupons.usedAt),
        gt(userCoupons.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(userCoupons.id))
    .limit(1);
  return row ? (await withOffers(db, [row], lang))[0]! : null;
}

/** GET v1/coupon/my-coupons: redeemable and active coupons, newest first. */
export async function myCoupons(db: DbOrTx, userId: number, lang: Lang) {
  const rows = await db
    .select()
    .from(userCoupons)
    .where(
      and(
        live(userId),
        isNull(userCoupons.usedAt),
        or(isNull(userCoupons.expiresAt), gt(userCoupons.expiresAt, sql`now()`)),
      ),
    )
    .orderBy(desc(userCoupons.id));
  return withOffers(db, rows, lang);
}

/** GET v1/coupon/history: used and expired coupons, newest first. */
export async function couponHistory(db: DbOrTx, userId: number, lang: Lang) {
  const rows = await db
    .select()
    .from(userCoupons)
    .where(
      and(live(userId), or(isNotNull(userCoupons.usedAt), lte(userCoupons.expiresAt, sql`now()`))),
    )
    .orderBy(desc(userCoupons.id))
    .limit(200);
  return withOffers(db, rows, lang);
}

/**
 * Buys an offer: the stock (if limited) is taken by a conditional UPDATE and the price booked
 * — points from the points ledger, Ft from the prepaid wallet — in one transaction with the new
 * coupon, so a refusal leaves nothing behind. The coupon is redeemable until activated.
 */
export async function buyCoupon(db: Db, userId: number, offerId: number, lang: Lang) {
  const row = await db.transaction(async (tx) => {
    const [offer] = await tx
      .select()
      .from(couponOffers)
      .where(and(eq(couponOffers.id, offerId), eq(couponOffers.active, true)));
    if (!offer) throw couponErrors.offerNotFound();
    if (offer.styleClass === ONLINE_WALLET_STYLE) throw couponErrors.useDeposit();
    // The points lock first, then the offer row: every path takes them in this order.
    await lockPoints(tx, userId);
    if (offer.stock !== null) {
      const [taken] = await tx
        .update(couponOffers)
        .set({ stock: sql`${couponOffers.stock} - 1` })
        .where(and(eq(couponOffers.id, offer.id), gt(couponOffers.stock, 0)))
        .returning({ id: couponOffers.id });
      if (!taken) throw couponErrors.soldOut();
    }
    const inPoints = offer.priceUnit === 'POINTS';
    const coupon = await insertCoupon(tx, {
      userId,
      offerId: offer.id,
      points: inPoints ? offer.price : null,
      priceFt: inPoints ? null : offer.price,
    });
    const cause = `coupon:${coupon.id}`;
    try {
      if (inPoints) {
        await spendPoints(tx, {
          userId,
          amount: offer.price,
          cause,
          reason: 'COUPON_BUY',
          description: offer.nameHu,
        });
      } else {
        await debitWallet(tx, { userId, amount: offer.price, kind: 'debit', cause });
      }
    } catch (err) {
      if (err instanceof NotEnoughPointsError) throw couponErrors.notEnoughPoints(err.balance);
      if (err instanceof InsufficientFundsError) throw couponErrors.notEnoughMoney();
      throw err;
    }
    return coupon;
  });
  return (await withOffers(db, [row], lang))[0]!;
}

/** Activates a bought coupon: from now it is valid for its offer's active time (60 minutes). */
export async function activateCoupon(db: Db, userId: number, couponId: number, lang: Lang) {
  const [row] = await db
    .update(userCoupons)
    .set({
      activatedAt: sql`now()`,
      expiresAt: sql`now() + make_interval(mins => (select ${couponOffers.activeTimeInMinutes} from ${couponOffers} where ${couponOffers.id} = ${userCoupons.offerId}))`,
    })
    .where(
      and(
        eq(userCoupons.id, couponId),
        live(userId),
        isNotNull(userCoupons.offerId),
        isNull(userCoupons.activatedAt),
        isNull(userCoupons.usedAt),
      ),
    )
    .returning();
  if (!row) {
    const [mine] = await db
      .select({ id: userCoupons.id })
      .from(userCoupons)
      .where(and(eq(userCoupons.id, couponId), live(userId)));
    throw mine ? couponErrors.notRedeemable() : couponErrors.notFound();
  }
  return (await withOffers(db, [row], lang))[0]!;
}

/**
 * Turns points into a coupon active for 60 minutes at once (one at a time: the points lock keeps
 * two taps from making two).
 */
export async function generateCoupon(db: Db, userId: number, points: number, lang: Lang) {
  const row = await db.transaction(async (tx) => {
    await lockPoints(tx, userId);
    const [active] = await tx
      .select({ id: userCoupons.id })
      .from(userCoupons)
      .where(
        and(
          live(userId),
          isNull(userCoupons.offerId),
          isNull(userCoupons.usedAt),
          gt(userCoupons.expiresAt, sql`now()`),
        ),
      );
    if (active) throw couponErrors.generatedActive();
    const now = Date.now();
    const coupon = await insertCoupon(tx, {
      userId,
      offerId: null,
      points,
      activatedAt: new Date(now),
      expiresAt: new Date(now + minutes(limits.couponValidityMinutes)),
    });
    try {
      await spendPoints(tx, {
        userId,
        amount: points,
        cause: `coupon:${coupon.id}`,
        reason: 'COUPON_GENERATE',
      });
    } catch (err) {
      if (err instanceof NotEnoughPointsError) throw couponErrors.notEnoughPoints(err.balance);
      throw err;
    }
    return coupon;
  });
  return (await withOffers(db, [row], lang))[0]!;
}

/**
 * Removes a coupon from the user's lists. An unused one gives back what it cost — a generated
 * coupon always, a bought one while it has not expired (its stock returns too) — once: the
 * removal is a conditional UPDATE (a redemption at the same moment wins or loses cleanly) and
 * the refund's cause is unique.
 */
export async function removeCoupon(db: Db, userId: number, couponId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockPoints(tx, userId);
    const [row] = await tx
      .update(userCoupons)
      .set({ removedAt: sql`now()` })
      .where(and(eq(userCoupons.id, couponId), live(userId)))
      .returning();
    if (!row) throw couponErrors.notFound();
    if (row.usedAt) return;
    const expired = row.expiresAt !== null && row.expiresAt.getTime() <= Date.now();
    if (row.offerId !== null && expired) return;
    const cause = `coupon-refund:${row.id}`;
    if (row.points) {
      await creditPoints(tx, { userId, amount: row.points, cause, reason: 'REFUND' });
    } else if (row.priceFt) {
      await creditWallet(tx, { userId, amount: row.priceFt, kind: 'refund', cause });
    }
    if (row.offerId !== null) {
      await tx
        .update(couponOffers)
        .set({ stock: sql`${couponOffers.stock} + 1` })
        .where(and(eq(couponOffers.id, row.offerId), isNotNull(couponOffers.stock)));
    }
  });
}

/** DELETE v1/coupon: removes the active generated coupon (its points return). */
export async function removeActiveGeneratedCoupon(db: Db, userId: number): Promise<void> {
  const [row] = await db
    .select({ id: userCoupons.id })
    .from(userCoupons)
    .where(
      and(
        live(userId),
        isNull(userCoupons.offerId),
        isNull(userCoupons.usedAt),
        gt(userCoupons.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(userCoupons.id))
    .limit(1);
  if (!row) throw couponErrors.notFound();
  await removeCoupon(db, userId, row.id);
}
