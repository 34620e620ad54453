import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Invoice } from '@voltpark/contract';
import type { Db } from '../../db/client.js';
import { billingData, invoices, userSessions, users } from '../../db/schema/index.js';
import { ApiError, notFound } from '../../core/errors.js';
import { hashToken } from '../auth/tokens.js';

/** SPEC §7 v1/invoice/invoices-of-billingdata: issued invoices of the user's billing data. */
export async function invoicesOfBillingData(
  db: Db,
  userId: number,
  billingDataId: number,
): Promise<Invoice[]> {
  // Hidden (deleted) billing data still shows its invoices to its owner.
  const [owned] = await db
    .select({ id: billingData.id })
    .from(billingData)
    .where(and(eq(billingData.id, billingDataId), eq(billingData.userId, userId)));
  if (!owned) throw notFound('invoice.error.notFound');
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.billingDataId, billingDataId), eq(invoices.status, 'issued')))
    .orderBy(desc(invoices.issuedAt), desc(invoices.id));
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.issuedAt!.toISOString(),
    invoiceIdentifier: r.invoiceNumber!,
    path: r.pdfName!,
  }));
}

/**
 * The user behind the `token` of the file call: the client's stored session token (or access
 * token), since a PDF opened in a new tab carries no Authorization header. A guest's
 * charge-link session and deleted accounts open nothing.
 */
export async function userOfToken(db: Db, token: string): Promise<number | null> {
  const hash = hashToken(token);
  const [row] = await db
    .select({ userId: userSessions.userId })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(
      and(
        or(eq(userSessions.tokenHash, hash), eq(userSessions.accessTokenHash, hash)),
        isNull(userSessions.revokedAt),
        isNull(userSessions.chargeId),
        gt(userSessions.expiresAt, sql`now()`),
        isNull(users.deletedAt),
      ),
    );
  return row?.userId ?? null;
}

/** GET /api/file?type=invoice&name={path}&token: the PDF, to its owner only. */
export async function invoicePdfFor(
  db: Db,
  name: string,
  token: string | undefined,
  headerUserId: number | null,
): Promise<{ body: Buffer; filename: string }> {
  const userId = headerUserId ?? (token ? await userOfToken(db, token) : null);
  if (userId === null)
    throw new ApiError(401, 'error.unauthorized', { responseCode: 'UNAUTHORIZED' });
  const [found] = await db
    .select({ pdf: invoices.pdfBase64 })
    .from(invoices)
    .where(
      and(eq(invoices.userId, userId), eq(invoices.pdfName, name), eq(invoices.status, 'issued')),
    );
  // Someone else's invoice and a made-up name answer alike.
  if (!found?.pdf) throw notFound('file.notFound');
  return { body: Buffer.from(found.pdf, 'base64'), filename: name };
}
