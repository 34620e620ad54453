import { and, asc, eq, sql } from 'drizzle-orm';
import { translateMessage, type Lang } from '@voltpark/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { invoiceLines, invoices } from '../../db/schema/index.js';
import { queueMailOnce } from '../mail/outbox.js';
import type { SzamlaAgentClient } from './szamlazz/client.js';
import type { AgentDocument, AgentLine } from './szamlazz/types.js';
import { VAT_PERCENT } from './amounts.js';
import { budapestDate } from './time.js';

export type InvoiceRow = typeof invoices.$inferSelect;

/** A claim older than this is taken to be a crashed replica's; the invoice is tried again. */
const CLAIM_STALE = '5 minutes';
const BATCH = 10;

/** Backoff after a failed provider call: 30 s, 1, 2, 4 … minutes, at most an hour. */
export const backoffSeconds = (attempts: number) =>
  Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

const payment = (method: string, lang: Lang) =>
  translateMessage(`invoice.paymentMethod.${method}`, lang);

/** The invoice request as the provider wants it. */
async function issueAtProvider(
  db: Db,
  client: SzamlaAgentClient,
  invoice: InvoiceRow,
): Promise<AgentDocument> {
  const lang = invoice.lang;
  const today = budapestDate(new Date());
  if (invoice.kind === 'STORNO') {
    const [original] = await db
      .select()
      .from(invoices)
      .where(eq(invoices.id, invoice.correctsInvoiceId!));
    return client.reverseInvoice({
      invoiceNumber: original!.invoiceNumber!,
      issueDate: today,
      deliveryDate: today,
      orderNumber: invoice.orderNumber,
    });
  }
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoice.id))
    .orderBy(asc(invoiceLines.id));
  const methods = new Set(
    lines.map((l) => (l.paymentMethod === 'saved_card' ? 'card' : l.paymentMethod)),
  );
  const agentLines: AgentLine[] = lines.map((l) => ({
    description: l.description,
    quantity: l.quantityMilli / 1000,
    unit: l.unit,
    netUnitPrice: l.net,
    vatRate: VAT_PERCENT,
    net: l.net,
    vat: l.vat,
    gross: l.gross,
    comment: translateMessage('invoice.line.receipt', lang, {
      receipt: l.receiptNumber,
      paidAt: budapestDate(l.paidAt),
    }),
  }));
  const lastDelivery = lines.reduce(
    (d, l) => (l.deliveryDate > d ? l.deliveryDate : d),
    invoice.periodFrom,
  );
  return client.issueInvoice({
    issueDate: today,
    deliveryDate: lastDelivery,
    dueDate: today,
    paymentMethod: payment(methods.size === 1 ? [...methods][0]! : 'mixed', lang),
    lang,
    comment: translateMessage('invoice.comment.weekly', lang, {
      from: invoice.periodFrom,
      to: invoice.periodTo,
    }),
    orderNumber: invoice.orderNumber,
    paid: true,
    buyer: {
      name: invoice.buyer.name,
      zipCode: invoice.buyer.zipCode,
      city: invoice.buyer.city,
      address: invoice.buyer.address,
      countryCode: invoice.buyer.countryCode,
      email: invoice.buyer.email,
      taxSubject: invoice.buyer.type === 'COMPANY' ? 1 : 7,
      taxNumber: invoice.buyer.taxNumber,
    },
    lines: agentLines,
  });
}

/** The file name the invoice is served under (`path` of SPEC §3 Invoice). */
export const invoicePath = (invoiceNumber: string) =>
  `${invoiceNumber.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;

/**
 * Sends one claimed invoice to the provider. A repeated attempt first asks the provider for the
 * order number, so an invoice whose answer was lost is taken over, never issued twice.
 */
async function deliverOne(
  db: Db,
  client: SzamlaAgentClient,
  invoice: InvoiceRow,
  publicUrl: string,
): Promise<boolean> {
  const doc =
    (invoice.attempts > 1 ? await client.findByOrderNumber(invoice.orderNumber) : null) ??
    (await issueAtProvider(db, client, invoice));
  return db.transaction(async (tx) => {
    const [issued] = await tx
      .update(invoices)
      .set({
        status: 'issued',
        invoiceNumber: doc.number,
        pdfName: invoicePath(doc.number),
        pdfBase64: doc.pdf.toString('base64'),
        issuedAt: new Date(),
        claimedAt: null,
        lastError: null,
      })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.status, 'pending')))
      .returning();
    if (!issued) return false;
    await queueMailOnce(
      tx,
      issued.buyer.email,
      issued.lang,
      {
        template: 'invoice',
        link: `${publicUrl.replace(/\/$/, '')}/invoices`,
        number: doc.number,
        from: issued.periodFrom,
        to: issued.periodTo,
        total: issued.grossTotal,
        corrective: issued.kind === 'STORNO',
      },
      `invoice:${issued.id}`,
      [
        {
          filename: invoicePath(doc.number),
          contentType: 'application/pdf',
          contentBase64: issued.pdfBase64!,
        },
      ],
    );
    return true;
  });
}

export interface DeliveryRound {
  issued: number;
  failed: number;
}

/**
 * Claims due pending invoices (FOR UPDATE SKIP LOCKED, so replicas never take the same one) and
 * asks the provider for each; a failure is retried with backoff.
 */
export async function deliverPendingInvoices(
  db: Db,
  client: SzamlaAgentClient,
  publicUrl: string,
  log?: FastifyBaseLogger,
): Promise<DeliveryRound> {
  const result = await db.execute(sql`
    update invoices set claimed_at = now(), attempts = attempts + 1
    where id in (
      select id from invoices
      where status = 'pending' and next_attempt_at <= now()
        and (claimed_at is null or claimed_at < now() - interval '${sql.raw(CLAIM_STALE)}')
      order by id limit ${BATCH} for update skip locked)
    returning id`);
  const ids = (result as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
  const round: DeliveryRound = { issued: 0, failed: 0 };
  for (const id of ids) {
    const [invoice] = await db.select().from(invoices).where(eq(invoices.id, id));
    if (!invoice || invoice.status !== 'pending') continue;
    try {
      if (await deliverOne(db, client, invoice, publicUrl)) round.issued++;
    } catch (err) {
      round.failed++;
      const message = (err as Error).message.slice(0, 500);
      log?.warn({ invoiceId: id, err: message }, 'invoice not issued yet; will retry');
      await db
        .update(invoices)
        .set({
          claimedAt: null,
          lastError: message,
          nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(invoice.attempts)})`,
        })
        .where(and(eq(invoices.id, id), eq(invoices.status, 'pending')));
    }
  }
  return round;
}
