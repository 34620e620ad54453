import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { pois } from './pois.js';

// The loyalty module (issue 12): points, partner shops, coupons, the online-wallet deposit, and
// the online-wallet partner's emulator (its own tables, read only by modules/online-wallet-sandbox).

const ts = () => timestamp({ withTimezone: true });

export const pointsReasons = [
  'CHARGE',
  'PARKING',
  'COUPON_BUY',
  'COUPON_GENERATE',
  'ONLINE_WALLET_DEPOSIT',
  'REFUND',
  'ADJUSTMENT',
] as const;
export type PointsReason = (typeof pointsReasons)[number];

/**
 * Loyalty points, append-only; the balance is the sum. One row per cause (e.g. `charge:42`,
 * `coupon:7`, `coupon-refund:7`), so a replayed cause books nothing. Spending locks the user's
 * `points_accounts` row first, so concurrent spends serialize and the sum never goes below zero.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    amount: integer().notNull(),
    cause: text().notNull(),
    /** Rows from before the column were all charge awards. */
    reason: text({ enum: pointsReasons }).notNull().default('CHARGE'),
    chargeId: integer(),
    /** An operator's reason for an adjustment; an offer's name for a purchase. */
    description: text(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('points_ledger_cause_key').on(t.cause),
    index('points_user_idx').on(t.userId),
  ],
);

/** One row per user that ever spent points: the row spends lock (SELECT … FOR UPDATE). */
export const pointsAccounts = pgTable('points_accounts', {
  userId: integer()
    .primaryKey()
    .references(() => users.id),
  createdAt: ts().notNull().defaultNow(),
});

/** A partner shop that accepts points (SPEC §6 service provider's shop). Names are unique. */
export const partnerShops = pgTable(
  'partner_shops',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    url: text(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('partner_shops_name_key').on(t.name)],
);

/** Where a partner shop is on the map (its POIs). */
export const partnerShopPois = pgTable(
  'partner_shop_pois',
  {
    shopId: integer()
      .notNull()
      .references(() => partnerShops.id, { onDelete: 'cascade' }),
    poiId: integer()
      .notNull()
      .references(() => pois.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.poiId] }),
    index('partner_shop_pois_poi_idx').on(t.poiId),
  ],
);

/** The user (a SERVICE_PROVIDER) who redeems coupons for a shop: one shop per user. */
export const serviceProviders = pgTable(
  'service_providers',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id),
    shopId: integer()
      .notNull()
      .references(() => partnerShops.id),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [index('service_providers_shop_idx').on(t.shopId)],
);

export const couponCategories = pgTable('coupon_categories', {
  key: text().primaryKey(),
  nameHu: text().notNull(),
  nameEn: text().notNull(),
  orderNumber: integer().notNull().default(0),
});

/** A coupon offer of a partner shop (SPEC §3 Coupon offer). */
export const couponOffers = pgTable(
  'coupon_offers',
  {
    id: serial().primaryKey(),
    shopId: integer()
      .notNull()
      .references(() => partnerShops.id),
    type: text({ enum: ['WEBSHOP', 'SHOP'] }).notNull(),
    nameHu: text().notNull(),
    nameEn: text().notNull(),
    price: integer().notNull(),
    /** POINTS are spent from the points ledger; FT from the prepaid wallet. */
    priceUnit: text({ enum: ['POINTS', 'FT'] }).notNull(),
    discountPercent: integer(),
    conditionHu: text(),
    conditionEn: text(),
    descriptionUrl: text(),
    categories: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    cities: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    styleClass: text(),
    activeTimeInMinutes: integer().notNull().default(60),
    activationUrl: text(),
    activationUrlDescriptionHu: text(),
    activationUrlDescriptionEn: text(),
    /** Coupons left to sell; null = unlimited. Taken by a conditional UPDATE (never oversold). */
    stock: integer(),
    active: boolean().notNull().default(true),
    orderNumber: integer().notNull().default(0),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [index('coupon_offers_shop_idx').on(t.shopId)],
);

/**
 * A coupon of a user (SPEC §3 User coupon): bought from an offer (offerId) or generated from
 * points (offerId null). Bought ones are redeemable until activated, then active for the offer's
 * activeTimeInMinutes; generated ones are active from the start. Used once (usedAt, a
 * conditional UPDATE); removed (removedAt) ones are gone from every list.
 */
export const userCoupons = pgTable(
  'user_coupons',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    offerId: integer().references(() => couponOffers.id),
    /** Upper case, unguessable (50 random bits); what the shop types or scans. */
    code: text().notNull(),
    /** Points it cost (bought) or is worth (generated); null when paid in Ft. */
    points: integer(),
    /** Ft paid from the wallet for an Ft-priced offer. */
    priceFt: integer(),
    activatedAt: ts(),
    expiresAt: ts(),
    usedAt: ts(),
    usedByUserId: integer().references(() => users.id),
    usedAtShopId: integer().references(() => partnerShops.id),
    removedAt: ts(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_coupons_code_key').on(t.code),
    index('user_coupons_user_idx').on(t.userId),
  ],
);

/**
 * A deposit of points to the partner's online wallet. The points leave the ledger when the row
 * is written (same transaction); `reference` is the partner's idempotency key, so a resend never
 * deposits twice. PENDING → DONE, or → REFUSED with the points returned (once: conditional
 * UPDATE plus the refund's unique cause).
 */
export const onlineWalletDeposits = pgTable(
  'online_wallet_deposits',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    reference: text().notNull(),
    /** The client's key for this deposit (optional): the same key again moves nothing. */
    requestId: text(),
    email: text().notNull(),
    amount: integer().notNull(),
    createAccount: boolean().notNull().default(false),
    status: text({ enum: ['PENDING', 'DONE', 'REFUSED'] })
      .notNull()
      .default('PENDING'),
    refusalCode: text(),
    partnerDepositId: text(),
    attempts: integer().notNull().default(0),
    /** A sweep claim (the deposit is being resent); stale claims are taken again. */
    claimedAt: ts(),
    createdAt: ts().notNull().defaultNow(),
    settledAt: ts(),
  },
  (t) => [
    uniqueIndex('online_wallet_deposits_reference_key').on(t.reference),
    uniqueIndex('online_wallet_deposits_request_key')
      .on(t.userId, t.requestId)
      .where(sql`${t.requestId} is not null`),
    index('online_wallet_deposits_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);

// The online-wallet partner's emulator: its "partner side" state. The loyalty module never
// reads these; it talks HTTP.

export const onlineWalletSandboxAccounts = pgTable('online_wallet_sandbox_accounts', {
  email: text().primaryKey(),
  balance: integer().notNull().default(0),
  dataPolicyAcceptedAt: ts().notNull(),
  termsAcceptedAt: ts().notNull(),
  createdAt: ts().notNull().defaultNow(),
});

export const onlineWalletSandboxDeposits = pgTable('online_wallet_sandbox_deposits', {
  reference: text().primaryKey(),
  id: serial().notNull(),
  email: text().notNull(),
  points: integer().notNull(),
  createdAt: ts().notNull().defaultNow(),
});
