import { randomBytes } from 'node:crypto';
import { translateMessage, type Lang } from '@voltpark/contract';
import type { Db } from '../../db/client.js';
import { invoiceLines, invoices, users } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';
import { splitGross, sumSplits } from './amounts.js';
import { billingDataFor, buyerOf } from './buyer.js';
import { budapestDate, budapestMidnight, addDays } from './time.js';
import { lineSources, type LineSource, type PaidService } from './sources.js';
import { violates } from '../../db/errors.js';

export const newOrderNumber = (prefix: string) =>
  `${prefix}-${randomBytes(6).toString('hex').toUpperCase()}`;

export function lineText(s: PaidService, lang: Lang) {
  return {
    description: translateMessage(s.descriptionKey, lang, s.descriptionVars),
    comment: translateMessage('invoice.line.receipt', lang, {
      receipt: s.receiptNumber,
      paidAt: budapestDate(s.paidAt),
    }),
  };
}

/**
 * Makes the invoices for the services paid from `from` to `to` (inclusive Budapest dates) that
 * are on no invoice yet: one per billing data, written as `pending` with its lines in one
 * transaction. The lines' unique index means a service lands on one invoice however often or
 * concurrently this runs; a run that loses the race for a billing data writes nothing for it.
 * Returns the new invoices' ids; the provider is called by `deliverPendingInvoices`.
 */
export async function prepareInvoices(
  db: Db,
  period: { from: string; to: string },
  sources: LineSource[] = lineSources,
): Promise<number[]> {
  const start = budapestMidnight(period.from);
  const end = budapestMidnight(addDays(period.to, 1));
  const services = (await Promise.all(sources.map((s) => s.uninvoiced(db, start, end)))).flat();
  const groups = new Map<string, { userId: number; chosen: number | null; items: PaidService[] }>();
  for (const s of services) {
    const key = `${s.userId}:${s.billingDataId ?? 'default'}`;
    const g = groups.get(key) ?? { userId: s.userId, chosen: s.billingDataId, items: [] };
    g.items.push(s);
    groups.set(key, g);
  }
  // Services of one billing data chosen directly and by default go on one invoice.
  const byBilling = new Map<number, { userId: number; items: PaidService[] }>();
  for (const g of groups.values()) {
    const billing = await billingDataFor(db, g.userId, g.chosen);
    if (!billing) continue; // no billing data at all: nothing to address an invoice to
    const entry = byBilling.get(billing.id) ?? { userId: g.userId, items: [] };
    entry.items.push(...g.items);
    byBilling.set(billing.id, entry);
  }
  const made: number[] = [];
  for (const [billingDataId, { userId, items }] of byBilling) {
    items.sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime() || a.sourceId - b.sourceId);
    try {
      const id = await db.transaction(async (tx) => {
        const billing = await billingDataFor(tx, userId, billingDataId);
        const [user] = await tx
          .select({ lang: users.preferredLanguage })
          .from(users)
          .where(eq(users.id, userId));
        const lang: Lang = user?.lang === 'en' ? 'en' : 'hu';
        const splits = items.map((s) => splitGross(s.gross));
        const total = sumSplits(splits);
        const [invoice] = await tx
          .insert(invoices)
          .values({
            kind: 'INVOICE',
            userId,
            billingDataId,
            periodFrom: period.from,
            periodTo: period.to,
            orderNumber: newOrderNumber('VPI'),
            lang,
            buyer: buyerOf(billing!),
            netTotal: total.net,
            vatTotal: total.vat,
            grossTotal: total.gross,
          })
          .returning({ id: invoices.id });
        await tx.insert(invoiceLines).values(
          items.map((s, i) => ({
            invoiceId: invoice!.id,
            invoiceKind: 'INVOICE' as const,
            sourceKind: s.sourceKind,
            sourceId: s.sourceId,
            receiptNumber: s.receiptNumber,
            description: lineText(s, lang).description,
            quantityMilli: 1000,
            unit: lang === 'hu' ? 'db' : 'pc',
            deliveryDate: budapestDate(s.deliveredAt),
            paidAt: s.paidAt,
            paymentMethod: s.paymentMethod,
            ...splits[i]!,
          })),
        );
        return invoice!.id;
      });
      made.push(id);
    } catch (err) {
      if (!violates(err, '23505')) throw err;
      // Another run took these services first.
    }
  }
  return made;
}
