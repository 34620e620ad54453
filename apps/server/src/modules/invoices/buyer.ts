import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { billingData, type InvoiceBuyer } from '../../db/schema/index.js';

export type BillingRow = typeof billingData.$inferSelect;

/** The addressee printed on the invoice, copied from the billing data (SPEC §3). */
export function buyerOf(b: BillingRow): InvoiceBuyer {
  const street = [b.street, b.addressType, b.houseNumber].filter(Boolean).join(' ');
  const rest = [b.floor ? `${b.floor}.` : '', b.door ? `${b.door}.` : ''].filter(Boolean).join(' ');
  return {
    type: b.type,
    name:
      b.type === 'PERSON' && b.lastName && b.firstName
        ? `${b.lastName} ${b.firstName}`
        : b.payerName,
    taxNumber: b.type === 'COMPANY' ? (b.taxNumber ?? null) : null,
    email: b.emailAddress,
    countryCode: b.countryCode,
    zipCode: b.zipCode,
    city: b.city,
    address: rest ? `${street} ${rest}` : street,
  };
}

/**
 * The billing data a service is invoiced to: the one chosen at start if it is the user's,
 * else the user's default (or oldest) one. Hidden (deleted) billing data still receives the
 * services chosen with it. Null when the user has none.
 */
export async function billingDataFor(
  db: DbOrTx,
  userId: number,
  chosenId: number | null,
): Promise<BillingRow | null> {
  if (chosenId !== null) {
    const [chosen] = await db
      .select()
      .from(billingData)
      .where(and(eq(billingData.id, chosenId), eq(billingData.userId, userId)));
    if (chosen) return chosen;
  }
  const [fallback] = await db
    .select()
    .from(billingData)
    .where(eq(billingData.userId, userId))
    .orderBy(
      // Live ones first (a hidden one only when nothing else is left), the default first.
      sql`${billingData.deletedAt} is not null`,
      desc(billingData.defaultBillingData),
      asc(billingData.id),
    )
    .limit(1);
  return fallback ?? null;
}
