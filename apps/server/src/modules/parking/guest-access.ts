import type { GuestParkingSession, Lang } from '@voltpark/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { guestAccessLinks, parkingLots, users } from '../../db/schema/index.js';
import { ApiError } from '../../core/errors.js';
import { createSession } from '../auth/sessions.js';
import { hashToken, newToken } from '../auth/tokens.js';
import { queueMailOnce } from '../mail/outbox.js';
import { toUserDto } from '../users/user-dto.js';

/** How long a returning guest's link opens. */
export const GUEST_LINK_MINUTES = 30;
/** However often a stranger types the guest's e-mail, one mail per this many minutes. */
const RESEND_AFTER_MINUTES = 2;

/**
 * A returning guest on a new device (decision 0030): start-casual with the e-mail of an
 * existing guest gives the caller nothing; the guest is e-mailed a one-time link that opens the
 * lot on the device they open it on, logged in as themselves. Returns whether a mail was queued
 * (a link sent in the last minutes is not sent again, so a stranger cannot flood the mailbox).
 */
export async function sendGuestAccessLink(
  db: Db,
  publicUrl: string,
  input: { userId: number; lotId: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // One sender at a time per guest: the recent-link check and the insert are serialised.
    await tx.execute(sql`select id from users where id = ${input.userId} for update`);
    const [recent] = await tx
      .select({ id: guestAccessLinks.id })
      .from(guestAccessLinks)
      .where(
        and(
          eq(guestAccessLinks.userId, input.userId),
          gt(
            guestAccessLinks.createdAt,
            sql`now() - make_interval(mins => ${RESEND_AFTER_MINUTES})`,
          ),
        ),
      );
    if (recent) return false;
    const [guest] = await tx
      .select({ email: users.email, lang: users.preferredLanguage })
      .from(users)
      .where(and(eq(users.id, input.userId), isNull(users.deletedAt)));
    const [lot] = await tx
      .select({ name: parkingLots.name })
      .from(parkingLots)
      .where(eq(parkingLots.id, input.lotId));
    if (!guest || !lot) return false;
    const token = newToken();
    const [link] = await tx
      .insert(guestAccessLinks)
      .values({
        userId: input.userId,
        parkingLotId: input.lotId,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + GUEST_LINK_MINUTES * 60_000),
      })
      .returning({ id: guestAccessLinks.id });
    const lang: Lang = guest.lang === 'en' ? 'en' : 'hu';
    await queueMailOnce(
      tx,
      guest.email,
      lang,
      {
        template: 'guestAccess',
        link: `${publicUrl}/parking-lot/${input.lotId}?guestAccess=${encodeURIComponent(token)}`,
        validMinutes: GUEST_LINK_MINUTES,
        lot: lot.name,
      },
      `guest-access:${link!.id}`,
    );
    return true;
  });
}

/**
 * POST v1/parking/guest-access: the link's token, used once (a conditional UPDATE), gives the
 * device a new session of that guest. An unknown, expired or used token is refused.
 */
export async function openGuestAccessLink(
  db: Db,
  token: string,
  userAgent?: string,
): Promise<GuestParkingSession> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(guestAccessLinks)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(guestAccessLinks.tokenHash, hashToken(token)),
          isNull(guestAccessLinks.usedAt),
          gt(guestAccessLinks.expiresAt, sql`now()`),
        ),
      )
      .returning();
    const [user] = link
      ? await tx
          .select()
          .from(users)
          .where(
            and(eq(users.id, link.userId), isNull(users.deletedAt), eq(users.casualUser, true)),
          )
      : [];
    if (!link || !user)
      throw new ApiError(404, 'parking.guestLinkInvalid', { responseCode: 'GUEST_LINK_INVALID' });
    const session = await createSession(tx, user.id, { userAgent });
    return {
      user: toUserDto(user),
      token: session.token,
      accessToken: session.accessToken,
      lotId: link.parkingLotId,
    };
  });
}
