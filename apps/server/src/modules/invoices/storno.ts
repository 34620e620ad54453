import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { invoiceLines, invoices } from '../../db/schema/index.js';
import { ApiError } from '../../core/errors.js';
import { newOrderNumber } from './prepare.js';

/**
 * Records a corrective (storno) invoice for an issued invoice, e.g. after a refund: every line
 * negated, written `pending` and sent to the provider's storno call by the delivery job. An
 * invoice gets one storno (unique index); asking again returns the same one. The services
 * become free to be invoiced again only by an operator's decision (not done here).
 */
export async function createStorno(db: Db, invoiceId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [original] = await tx
      .select()
      .from(invoices)
      .where(eq(invoices.id, invoiceId))
      .for('update');
    if (!original || original.kind !== 'INVOICE') {
      throw new ApiError(404, 'error.notFound');
    }
    if (original.status !== 'issued') {
      throw new ApiError(409, 'invoice.error.notIssued');
    }
    const [existing] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.correctsInvoiceId, original.id));
    if (existing) return existing.id;
    const [storno] = await tx
      .insert(invoices)
      .values({
        kind: 'STORNO',
        userId: original.userId,
        billingDataId: original.billingDataId,
        correctsInvoiceId: original.id,
        periodFrom: original.periodFrom,
        periodTo: original.periodTo,
        orderNumber: newOrderNumber('VPS'),
        lang: original.lang,
        buyer: original.buyer,
        netTotal: -original.netTotal,
        vatTotal: -original.vatTotal,
        grossTotal: -original.grossTotal,
      })
      .returning({ id: invoices.id });
    const lines = await tx
      .select()
      .from(invoiceLines)
      .where(and(eq(invoiceLines.invoiceId, original.id), eq(invoiceLines.invoiceKind, 'INVOICE')));
    if (lines.length > 0) {
      await tx.insert(invoiceLines).values(
        lines.map(({ id: _id, ...l }) => ({
          ...l,
          invoiceId: storno!.id,
          invoiceKind: 'STORNO' as const,
          net: -l.net,
          vat: -l.vat,
          gross: -l.gross,
        })),
      );
    }
    return storno!.id;
  });
}
