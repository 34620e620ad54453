import { and, eq } from 'drizzle-orm';
import type { Lang, Surcharge } from '@voltpark/contract';
import type { DbOrTx } from '../../db/client.js';
import { parkingSurcharges } from '../../db/schema/index.js';
import { findUserById } from '../users/repository.js';
import type { ParkingDeps } from './deps.js';
import { sessionById, toParkingSession, type ParkingSessionRow } from './session-repository.js';

export type SurchargeRow = typeof parkingSurcharges.$inferSelect;

const DAY_MS = 86_400_000;

/** Started days of an overstay that began at `from` (at least one). */
export const surchargeDays = (from: Date, now: Date) =>
  Math.max(1, Math.ceil((now.getTime() - from.getTime()) / DAY_MS));

export async function surchargeById(db: DbOrTx, id: number): Promise<SurchargeRow | null> {
  const [row] = await db.select().from(parkingSurcharges).where(eq(parkingSurcharges.id, id));
  return row ?? null;
}

/** The surcharge of the session's current round, if one was started. */
export async function surchargeOfRound(
  db: DbOrTx,
  s: Pick<ParkingSessionRow, 'id' | 'round'>,
): Promise<SurchargeRow | null> {
  const [row] = await db
    .select()
    .from(parkingSurcharges)
    .where(and(eq(parkingSurcharges.parkingSessionId, s.id), eq(parkingSurcharges.round, s.round)));
  return row ?? null;
}

/** The user's surcharge (null: it does not exist or is someone else's). */
export async function surchargeOf(db: DbOrTx, userId: number, id: number) {
  const row = await surchargeById(db, id);
  return row && row.userId === userId ? row : null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** SPEC §3 Surcharge as the app shows it. */
export async function toSurcharge(db: DbOrTx, row: SurchargeRow, lang: Lang): Promise<Surcharge> {
  const s = (await sessionById(db, row.parkingSessionId))!;
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    days: row.days,
    parkingSession: await toParkingSession(db, s, lang),
    paymentStartedAt: iso(row.paymentStartedAt),
    paymentFinishedAt: iso(row.paymentFinishedAt),
    paymentFailed: row.paymentFailed,
    paymentMethod: row.paymentMethod,
    paymentUrl: row.paymentUrl,
    parkingWillFinishAt: iso(row.parkingWillFinishAt),
  };
}

/** Pushes /user/parkingSurcharge (the surcharge as it is now) to its owner. */
export function surchargePublisher(
  db: DbOrTx,
  send: (userId: number, data: Surcharge) => void,
  log: ParkingDeps['log'],
) {
  return (id: number) => {
    void (async () => {
      const row = await surchargeById(db, id);
      if (!row) return;
      const user = await findUserById(db, row.userId);
      send(row.userId, await toSurcharge(db, row, user?.preferredLanguage === 'en' ? 'en' : 'hu'));
    })().catch((err: unknown) => log.error({ err, id }, 'parking surcharge push failed'));
  };
}
