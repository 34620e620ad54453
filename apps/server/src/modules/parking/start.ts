import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Lang, ParkingSession } from '@voltpark/contract';
import { parkingLots, parkingSessions, parkingTariffs, users } from '../../db/schema/index.js';
import { ApiError, notFound } from '../../core/errors.js';
import { preparedQuery } from '../../db/prepared.js';
import { createSession, type AuthUser } from '../auth/sessions.js';
import { findUserByEmail, findUserById } from '../users/repository.js';
import type { ParkingDeps } from './deps.js';
import { sendGuestAccessLink } from './guest-access.js';
import { parkingError } from './errors.js';
import { toParkingSession, type ParkingSessionRow } from './session-repository.js';
import { violates } from '../../db/errors.js';

const CODE_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A parking code: 5 characters 0-9A-Z (SPEC §5), unique among open sessions by an index. */
export function newChargeCode(): string {
  let code = '';
  for (let i = 0; i < 5; i++) code += CODE_CHARS[randomInt(CODE_CHARS.length)];
  return code;
}

const lotQuery = preparedQuery((db) =>
  db
    .select({ lot: { id: parkingLots.id }, tariff: parkingTariffs })
    .from(parkingLots)
    .leftJoin(
      parkingTariffs,
      and(eq(parkingTariffs.id, parkingLots.tariffId), eq(parkingTariffs.active, true)),
    )
    .where(and(eq(parkingLots.id, sql.placeholder('lotId')), eq(parkingLots.active, true)))
    .prepare('parking_startable_lot'),
);

/** The lot with its tariff, when parking may start there (SPEC §5: free, or a price above 0). */
async function startableLot(deps: ParkingDeps, lotId: number) {
  const [row] = await lotQuery(deps.db).execute({ lotId });
  if (!row) throw notFound('parking.notFound');
  const t = row.tariff;
  if (!t || !(t.freeParking || t.grossUnitParking > 0))
    throw parkingError('NO_TARIFF', 'parking.noTariff');
  return { lot: row.lot, tariff: t };
}

/** The session started, and its live push (what it sent, once sent). */
export interface StartedParking {
  session: ParkingSessionRow;
  pushed: ReturnType<ParkingDeps['publish']>;
}

/**
 * The start call's answer: the view just pushed when it shows this session as started, in the
 * caller's language (no second read), else the session read again.
 */
export async function startedView(
  deps: ParkingDeps,
  started: StartedParking,
  lang: Lang,
): Promise<ParkingSession> {
  const pushed = await started.pushed;
  const view = pushed?.view;
  if (view && pushed.lang === lang && view.id === started.session.id) return view;
  return toParkingSession(deps.db, started.session, lang);
}

const p = sql.placeholder;

/**
 * A column of the lot's active tariff, read inside the insert, where parking may start at the
 * lot (as in `startableLot`); null where it may not, which the insert's NOT NULL columns refuse.
 * One statement instead of a read and an insert: a start is a round trip shorter (decision 0065).
 */
const ofStartableLot = (column: AnyPgColumn) =>
  sql`(select ${column} from ${parkingLots} join ${parkingTariffs} on ${parkingTariffs.id} = ${parkingLots.tariffId} and ${parkingTariffs.active} where ${parkingLots.id} = ${p('lotId')} and ${parkingLots.active} and (${parkingTariffs.freeParking} or ${parkingTariffs.grossUnitParking} > 0))`;

const insertQuery = preparedQuery((db) =>
  db
    .insert(parkingSessions)
    .values({
      userId: p('userId'),
      parkingLotId: ofStartableLot(parkingLots.id),
      status: 'STARTING',
      casual: p('casual'),
      email: p('email'),
      chargeCode: p('chargeCode'),
      tariffId: ofStartableLot(parkingTariffs.id),
      tariffName: ofStartableLot(parkingTariffs.name),
      freeParking: ofStartableLot(parkingTariffs.freeParking),
      grossUnitParking: ofStartableLot(parkingTariffs.grossUnitParking),
      freeMinutes: ofStartableLot(parkingTariffs.freeMinutes),
      grossSurchargeFeePerDay: ofStartableLot(parkingTariffs.grossSurchargeFeePerDay),
      convenienceFeeGross: ofStartableLot(parkingTariffs.convenienceFeeGross),
      free: ofStartableLot(parkingTariffs.freeParking),
    })
    .returning()
    .prepare('parking_start_at_lot'),
);

/**
 * Starts a parking (SPEC §7 v1/parking/{lotId}/start): STARTING, waiting at the entry gate. The
 * partial unique index allows one open parking per driver, so a double tap makes one.
 */
export async function startParking(
  deps: ParkingDeps,
  input: { userId: number; lotId: number; casual?: boolean; email?: string | null },
): Promise<StartedParking> {
  // Neither a second open parking (the partial unique index) nor a lot where parking may not
  // start (a null tariff column) is read first: the insert refuses both, caught below.
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await insertQuery(deps.db).execute({
        userId: input.userId,
        lotId: input.lotId,
        casual: input.casual ?? false,
        email: input.email ?? null,
        chargeCode: newChargeCode(),
      });
      const pushed = deps.publish(row!.userId);
      deps.events.emit('waitingAtGate', {
        sessionId: row!.id,
        lotId: row!.parkingLotId,
        direction: 'in',
        plate: row!.permitPlate,
      });
      return { session: row!, pushed };
    } catch (err) {
      if (violates(err, '23505', 'parking_sessions_user_open_uq'))
        throw parkingError('ALREADY_PARKING', 'parking.alreadyParking');
      // Another open parking drew the same code: draw again.
      if (violates(err, '23505', 'parking_sessions_code_open_uq') && attempt < 10) continue;
      // Not startable: the lot's own read names why (not found, no tariff); if it became
      // startable meanwhile, try again.
      if (violates(err, '23502') && attempt < 10) {
        await startableLot(deps, input.lotId);
        continue;
      }
      throw err;
    }
  }
}

/**
 * A guest parking by e-mail (SPEC §7 start-casual): the guest is a casual user made for the
 * e-mail. The access token (extraData.extraData) is given only to whom it is safe: a new guest,
 * or the caller already logged in as that guest. Someone else typing a known guest's e-mail gets
 * nothing (a token would show that guest's parkings): the guest is e-mailed a one-time link that
 * opens the lot logged in on the device they open it on (decision 0030). A registered user's
 * e-mail is refused.
 */
export async function startCasualParking(
  deps: ParkingDeps,
  input: { lotId: number; email: string; lang: Lang; caller: AuthUser | null; userAgent?: string },
): Promise<{ session: ParkingSessionRow; accessToken: string }> {
  const email = input.email.trim().toLowerCase();
  await startableLot(deps, input.lotId);
  let user = await findUserByEmail(deps.db, email);
  if (user && !user.casualUser) {
    throw new ApiError(409, 'charge.error.CASUAL_EMAIL_REGISTERED', {
      responseCode: 'CASUAL_EMAIL_REGISTERED',
      fields: [{ field: 'email', messageKey: 'charge.error.CASUAL_EMAIL_REGISTERED' }],
    });
  }
  if (user && input.caller?.id !== user.id) {
    // A returning guest on a new device, or a stranger: nothing here; the guest gets a link.
    await sendGuestAccessLink(deps.db, deps.pay.config.publicUrl, {
      userId: user.id,
      lotId: input.lotId,
    });
    throw parkingError('CASUAL_ACCESS_LINK_SENT', 'parking.casualAccessLinkSent', 409, 'email');
  }
  if (!user) {
    const [row] = await deps.db
      .insert(users)
      .values({ email, casualUser: true, preferredLanguage: input.lang, activatedAt: new Date() })
      .onConflictDoNothing()
      .returning();
    if (!row) throw parkingError('CASUAL_EMAIL_IN_USE', 'parking.casualEmailInUse', 409, 'email');
    user = (await findUserById(deps.db, row.id))!;
  }
  const { session } = await startParking(deps, {
    userId: user.id,
    lotId: input.lotId,
    casual: true,
    email,
  });
  const { accessToken } = await createSession(deps.db, user.id, {
    userAgent: input.userAgent,
  });
  return { session, accessToken };
}
