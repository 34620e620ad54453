import { and, desc, eq, gte, isNotNull, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Lang, ParkingSession } from '@voltpark/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { batchedQuery, byKeys, groupRows, keyIs } from '../../db/batched.js';
import { preparedQuery } from '../../db/prepared.js';
import {
  locations,
  parkingLots,
  parkingSessions,
  parkingTariffs,
  users,
} from '../../db/schema/index.js';
import { formatAddress, pick } from '../locations/address.js';
import { parkingBill, type Span } from './money.js';

export type ParkingSessionRow = typeof parkingSessions.$inferSelect;

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

const openSessionQuery = preparedQuery((db) =>
  db
    .select()
    .from(parkingSessions)
    .where(
      and(
        eq(parkingSessions.userId, sql.placeholder('userId')),
        ne(parkingSessions.status, 'FINISHED'),
      ),
    )
    .prepare('parking_open_session'),
);

/** The user's open parking (STARTING, STARTED or FINISHING), or null. */
export async function openSessionOf(db: Db, userId: number): Promise<ParkingSessionRow | null> {
  const [row] = await openSessionQuery(db).execute({ userId });
  return row ?? null;
}

export async function sessionById(db: DbOrTx, id: number): Promise<ParkingSessionRow | null> {
  const [row] = await db.select().from(parkingSessions).where(eq(parkingSessions.id, id));
  return row ?? null;
}

/**
 * When the driver's cars were at chargers of the lot's location: from the charge's start to the
 * unplug (or its end, or now while it runs). This time is the charging module's; parking skips it.
 */
export async function chargingSpans(
  db: DbOrTx,
  userId: number,
  lotId: number,
  window: Span,
): Promise<Span[]> {
  const rows = rowsOf<{ from: Date | string; to: Date | string }>(
    await db.execute(sql`
      select c.start_time as "from", coalesce(c.unplugged_at, c.end_time, now()) as "to"
      from charges c
      join chargers ch on ch.id = c.charger_id
      join charge_points cp on cp.id = ch.charge_point_id
      join parking_lots pl on pl.location_id = cp.location_id
      where c.user_id = ${userId} and pl.id = ${lotId} and c.start_time is not null
        and c.start_time < ${new Date(window.to).toISOString()}::timestamptz
        and coalesce(c.unplugged_at, c.end_time, now()) > ${new Date(window.from).toISOString()}::timestamptz`),
  );
  return rows.map((r) => ({ from: new Date(r.from).getTime(), to: new Date(r.to).getTime() }));
}

/** Whether one of the driver's charges at the lot's location is under way (SPEC: can-stop false). */
export async function chargeRunsAtLot(db: DbOrTx, userId: number, lotId: number): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select c.id from charges c
      join chargers ch on ch.id = c.charger_id
      join charge_points cp on cp.id = ch.charge_point_id
      join parking_lots pl on pl.location_id = cp.location_id
      where c.user_id = ${userId} and pl.id = ${lotId}
        and (c.status in ('NEW', 'RESERVED', 'STARTING', 'STARTED')
          or (c.status = 'FINISHING' and c.unplugged_at is null))
      limit 1`),
  );
  return rows.length > 0;
}

/** The bill of the session's current round up to `to` (default: its parkingTo, else now). */
export async function billOf(db: DbOrTx, s: ParkingSessionRow, to?: Date) {
  const from = (s.billedFrom ?? s.parkingFrom)?.getTime();
  const end = (to ?? s.parkingTo ?? new Date()).getTime();
  if (from === undefined || end <= from) return parkingBill(priceOf(s), { from: 0, to: 0 }, []);
  const window = { from, to: end };
  return parkingBill(priceOf(s), window, await chargingSpans(db, s.userId, s.parkingLotId, window));
}

export function priceOf(s: ParkingSessionRow) {
  return {
    freeParking: s.freeParking || s.permitValid,
    grossUnitParking: s.grossUnitParking,
    // Free minutes belong to the first round only (decision 0019).
    freeMinutes: s.round === 0 ? s.freeMinutes : 0,
    convenienceFeeGross: s.convenienceFeeGross,
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * What a session's view needs besides the row, in the same round trip: the lot, its address,
 * whether its location has active chargers, the tariff's description and the latest receipt.
 */
const contextFields = (sessionId: SQL | AnyColumn) => ({
  lotId: parkingLots.id,
  lotName: parkingLots.name,
  hasPermits: parkingLots.hasPermits,
  parkingTimeInSeconds: parkingLots.parkingTimeInSeconds,
  locationId: locations.id,
  zipCode: locations.zipCode,
  city: locations.city,
  street: locations.street,
  addressType: locations.addressType,
  houseNumber: locations.houseNumber,
  descriptionLinesHu: parkingTariffs.descriptionLinesHu,
  descriptionLinesEn: parkingTariffs.descriptionLinesEn,
  hasChargers: sql<boolean>`exists (
    select 1 from chargers ch join charge_points cp on cp.id = ch.charge_point_id
    where cp.location_id = ${locations.id} and ch.active)`,
  receiptRowNumber: sql<number | null>`(
    select r.row_number from parking_receipts r
    where r.parking_session_id = ${sessionId}
    order by r.round desc limit 1)`,
});

interface ViewContext {
  lotId: number;
  lotName: string;
  hasPermits: boolean;
  parkingTimeInSeconds: number;
  locationId: number;
  zipCode: string;
  city: string;
  street: string;
  addressType: string;
  houseNumber: string;
  descriptionLinesHu: string[] | null;
  descriptionLinesEn: string[] | null;
  hasChargers: boolean;
  receiptRowNumber: number | null;
}

const viewContextQuery = preparedQuery((db) =>
  db
    .select(contextFields(sql.placeholder('sessionId').getSQL()))
    .from(parkingLots)
    .innerJoin(locations, eq(locations.id, parkingLots.locationId))
    .leftJoin(parkingTariffs, eq(parkingTariffs.id, sql.placeholder('tariffId')))
    .where(eq(parkingLots.id, sql.placeholder('lotId')))
    .prepare('parking_view_context'),
);

/**
 * The users' current parkings as the app shows them and their languages, one row per user, in
 * one round trip (plus one for the charging spans while STARTED): what every live push reads.
 */
const currentViewsQuery = byKeys((many) =>
  preparedQuery((db) =>
    db
      .select({
        userId: users.id,
        session: parkingSessions,
        preferredLanguage: users.preferredLanguage,
        ctx: contextFields(parkingSessions.id),
      })
      .from(users)
      .leftJoin(
        parkingSessions,
        and(eq(parkingSessions.userId, users.id), ne(parkingSessions.status, 'FINISHED')),
      )
      .leftJoin(parkingLots, eq(parkingLots.id, parkingSessions.parkingLotId))
      .leftJoin(locations, eq(locations.id, parkingLots.locationId))
      .leftJoin(parkingTariffs, eq(parkingTariffs.id, parkingSessions.tariffId))
      .where(keyIs(users.id, many, 'int'))
      .prepare(many ? 'parking_current_views' : 'parking_current_view'),
  ),
);

/**
 * The pushes of many drivers that fall due together (a burst of changes, the sockets of a
 * restarted replica authenticating) read their views in one query, not one round trip each
 * (decision 0067); a read still starts after its caller asked, so it sees the change it follows.
 */
const currentViewsOf = batchedQuery(async (db, userIds: number[]) =>
  groupRows(await currentViewsQuery(db, userIds), (r) => r.userId),
);

/** A user's current parking as pushed (null: none) and the language it was built in. */
export interface CurrentView {
  view: ParkingSession | null;
  lang: Lang;
}

/**
 * The user's current parking (null: none), in `lang` or else their preferred language: the live
 * push and the socket's own reads.
 */
export async function currentParkingView(
  db: Db,
  userId: number,
  lang?: Lang,
): Promise<CurrentView> {
  const [row] = await currentViewsOf(db, userId);
  const viewLang: Lang = lang ?? (row?.preferredLanguage === 'en' ? 'en' : 'hu');
  const s = row?.session;
  if (!s) return { view: null, lang: viewLang };
  if (row.ctx?.lotId == null) throw new Error(`parking lot of session ${s.id} not found`);
  const bill = s.parkingFrom ? await billOf(db, s) : null;
  return { view: viewOf(s, row.ctx as ViewContext, bill, viewLang), lang: viewLang };
}

/** SPEC §3 Parking session as the app shows it. */
export async function toParkingSession(
  db: Db,
  s: ParkingSessionRow,
  lang: Lang,
): Promise<ParkingSession> {
  const [[ctx], bill] = await Promise.all([
    viewContextQuery(db).execute({
      lotId: s.parkingLotId,
      tariffId: s.tariffId,
      sessionId: s.id,
    }),
    s.parkingFrom ? billOf(db, s) : null,
  ]);
  if (!ctx) throw new Error(`parking lot ${s.parkingLotId} of session ${s.id} not found`);
  return viewOf(s, ctx, bill, lang);
}

function viewOf(
  s: ParkingSessionRow,
  ctx: ViewContext,
  bill: Awaited<ReturnType<typeof billOf>> | null,
  lang: Lang,
): ParkingSession {
  const running = s.status === 'STARTED' && s.paymentStartedAt === null;
  return {
    id: s.id,
    parkingStatus: s.status,
    parkingFrom: iso(s.parkingFrom),
    parkingTo: iso(s.parkingTo),
    // While parked (nothing stopped yet) the amount so far; after stop the amount of the round.
    amount: running ? (bill?.amount ?? 0) : s.amount,
    free: s.free || s.freeParking || s.permitValid,
    discountHours: bill?.discountHours ?? 0,
    chargeCode: s.chargeCode,
    parkingLot: {
      id: ctx.lotId,
      name: ctx.lotName,
      locationId: ctx.locationId,
      fullAddress: formatAddress(ctx),
      hasChargers: ctx.hasChargers === true,
      hasPermits: ctx.hasPermits,
      parkingTimeInSeconds: ctx.parkingTimeInSeconds,
    },
    parkingTariff: {
      id: s.tariffId ?? 0,
      name: s.tariffName,
      freeParking: s.freeParking,
      grossUnitParking: s.grossUnitParking,
      freeMinutes: s.freeMinutes,
      grossSurchargeFeePerDay: s.grossSurchargeFeePerDay,
      convenienceFeeGross: s.convenienceFeeGross,
      descriptionLines: ctx.descriptionLinesHu
        ? pick(
            lang,
            ctx.descriptionLinesHu,
            ctx.descriptionLinesEn?.length ? ctx.descriptionLinesEn : ctx.descriptionLinesHu,
          )
        : [],
    },
    paymentStartedAt: iso(s.paymentStartedAt),
    paymentFinishedAt: iso(s.paymentFinishedAt),
    paymentFailed: s.paymentFailed,
    paymentMethod: s.paymentMethod,
    paymentUrl: s.paymentUrl,
    inOpenRequestSent: iso(s.inOpenRequestSentAt),
    outOpenRequestSent: iso(s.outOpenRequestSentAt),
    parkingWillFinishAt: iso(s.parkingWillFinishAt),
    email: s.email,
    receiptRowNumber: ctx.receiptRowNumber === null ? null : Number(ctx.receiptRowNumber),
  };
}

/** The user's parkings that ended since `from` (the car entered; cancelled ones left out), newest first. */
export async function parkingHistory(db: Db, userId: number, from: Date, limit = 200) {
  return db
    .select()
    .from(parkingSessions)
    .where(
      and(
        eq(parkingSessions.userId, userId),
        eq(parkingSessions.status, 'FINISHED'),
        isNotNull(parkingSessions.parkingFrom),
        gte(parkingSessions.updatedAt, from),
      ),
    )
    .orderBy(desc(parkingSessions.updatedAt), desc(parkingSessions.id))
    .limit(limit);
}
