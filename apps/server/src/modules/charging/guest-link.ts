import type { GuestChargeSession, Lang } from '@voltpark/contract';
import { and, eq, gt, isNotNull, isNull, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  chargers,
  mailOutbox,
  moneyHolds,
  payments,
  userSessions,
  users,
} from '../../db/schema/index.js';
import { ApiError } from '../../core/errors.js';
import { createSession } from '../auth/sessions.js';
import { hashToken } from '../auth/tokens.js';
import { queueMailOnce } from '../mail/outbox.js';
import { toUserDto } from '../users/user-dto.js';
import type { ChargeRow } from './repository.js';

/** How long a guest's charge link (and the receipt's) opens its charge. */
export const CHARGE_LINK_DAYS = 30;

/**
 * A session that sees and stops only this charge: the existing casual-user session (random
 * token, stored hashed, revocable), narrowed by `chargeId` — routes not marked `chargeLink`
 * treat it as no login, and the charging queries filter by it.
 */
export function createChargeLinkSession(db: DbOrTx, userId: number, chargeId: number) {
  return createSession(db, userId, { chargeId, days: CHARGE_LINK_DAYS });
}

async function guestOf(db: DbOrTx, charge: ChargeRow) {
  const [row] = await db
    .select({ email: users.email, lang: users.preferredLanguage, charger: chargers.name })
    .from(users)
    .innerJoin(chargers, eq(chargers.id, charge.chargerId))
    .where(and(eq(users.id, charge.userId), isNull(users.deletedAt)));
  if (!row) return null;
  const lang: Lang = row.lang === 'en' ? 'en' : 'hu';
  return { ...row, lang };
}

/**
 * SPEC §4 casual charging: once the guest's payment is in, they get an e-mail with a link back
 * to the running charge (a guest who leaves the page could not see or stop it otherwise). Sent
 * once per charge: the outbox's dedupe key; the link's session is made only with that mail.
 */
export async function sendChargeLink(db: Db, publicUrl: string, charge: ChargeRow) {
  if (!charge.casual) return;
  const key = `charge-link:${charge.id}`;
  await db
    .transaction(async (tx) => {
      const guest = await guestOf(tx, charge);
      if (!guest || (await queuedBefore(tx, key))) return;
      const { token } = await createChargeLinkSession(tx, charge.userId, charge.id);
      const queued = await queueMailOnce(
        tx,
        guest.email,
        guest.lang,
        {
          template: 'chargeLink',
          link: `${publicUrl}/charge-history?access=${encodeURIComponent(token)}`,
          validDays: CHARGE_LINK_DAYS,
          charger: guest.charger,
        },
        key,
      );
      // A simultaneous replay queued it first: its session goes with the rollback.
      if (queued === null) tx.rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof TransactionRollbackError)) throw err;
    });
}

/** Checked before a session is made for the mail, so a replay makes none. */
async function queuedBefore(db: DbOrTx, dedupeKey: string) {
  const [row] = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(eq(mailOutbox.dedupeKey, dedupeKey));
  return row !== undefined;
}

/**
 * The receipt of a guest's settled charge by e-mail, with the figures and a link to it; called
 * inside settle's transaction, and keyed by the receipt, so a replayed settlement sends nothing.
 */
export async function queueReceiptMail(
  tx: DbOrTx,
  publicUrl: string,
  charge: ChargeRow,
  receipt: { id: number; rowNumber: number; issuedAt: Date; paidAmount: number },
  cost: { priceOfCharging: number; parkingPrice: number; grossPrice: number },
) {
  if (!charge.casual) return;
  const guest = await guestOf(tx, charge);
  if (!guest) return;
  const key = `receipt:${receipt.id}`;
  if (await queuedBefore(tx, key)) return;
  const { token } = await createChargeLinkSession(tx, charge.userId, charge.id);
  // Decision 0057: the card by the mask SimplePay reported for the hold's payment, if any.
  const [card] = await tx
    .select({ mask: payments.cardMask })
    .from(moneyHolds)
    .innerJoin(payments, eq(payments.id, moneyHolds.paymentId))
    .where(and(eq(moneyHolds.cause, `charge:${charge.id}`), eq(moneyHolds.method, 'card')));
  await queueMailOnce(
    tx,
    guest.email,
    guest.lang,
    {
      template: 'chargeReceipt',
      link: `${publicUrl}/receipt?rowNumber=${receipt.rowNumber}&access=${encodeURIComponent(token)}`,
      validDays: CHARGE_LINK_DAYS,
      rowNumber: receipt.rowNumber,
      issuedAt: receipt.issuedAt,
      charger: guest.charger,
      energyWh: charge.energyWh ?? 0,
      priceOfCharging: cost.priceOfCharging,
      parkingPrice: cost.parkingPrice,
      grossPrice: cost.grossPrice,
      paidAmount: receipt.paidAmount,
      held: charge.holdAmount,
      cardMask: card?.mask ?? null,
    },
    key,
  );
}

/**
 * POST v1/charge/guest-access: the e-mailed link's token, looked up by its hash, gives back
 * the charge-link session to store as the logged-in (casual) user. Any other token is refused.
 */
export async function openChargeLink(db: Db, token: string): Promise<GuestChargeSession> {
  const [row] = await db
    .select({ user: users, chargeId: userSessions.chargeId })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(
      and(
        eq(userSessions.tokenHash, hashToken(token)),
        isNotNull(userSessions.chargeId),
        isNull(userSessions.revokedAt),
        gt(userSessions.expiresAt, sql`now()`),
        isNull(users.deletedAt),
      ),
    );
  if (!row || row.chargeId === null) {
    throw new ApiError(404, 'charge.link.invalid', { responseCode: 'CHARGE_LINK_INVALID' });
  }
  return { user: toUserDto(row.user), token, chargeId: row.chargeId };
}
