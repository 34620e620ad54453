import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { sandboxSzCounters, sandboxSzDocuments } from '../../db/schema/index.js';
import {
  parseInvoice,
  SzRequestError,
  totals,
  type SzInvoiceData,
  type SzLine,
  type SzReceiptData,
} from './document.js';
import { receiptTemplateLang, renderPdf, type PdfSeller } from './pdf.js';

export type SzDocument = typeof sandboxSzDocuments.$inferSelect;

/** Today's date in Budapest, YYYY-MM-DD. */
const budapestToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest' }).format(new Date());

/**
 * The next number of a prefix in the current year, in the caller's transaction: a rolled back
 * issue gives its number back, so numbers have no gaps (as the law requires).
 */
async function nextNumber(tx: DbOrTx, prefix: string): Promise<string> {
  const year = Number(budapestToday().slice(0, 4));
  const [row] = await tx
    .insert(sandboxSzCounters)
    .values({ prefix, year, last: 1 })
    .onConflictDoUpdate({
      target: [sandboxSzCounters.prefix, sandboxSzCounters.year],
      set: { last: sql`${sandboxSzCounters.last} + 1` },
    })
    .returning({ last: sandboxSzCounters.last });
  return `${prefix}-${year}-${String(row!.last).padStart(6, '0')}`;
}

const SANDBOX_NAV_STATUS = 'DONE (sandbox: nem küldve a NAV-nak / not sent to NAV)';

const buyerAddress = (b: SzInvoiceData['buyer']) =>
  `${b.zipCode} ${b.city}, ${b.address}${b.countryCode && b.countryCode !== 'HU' ? `, ${b.countryCode}` : ''}`;

export async function issueInvoiceDocument(
  db: Db,
  seller: PdfSeller,
  data: SzInvoiceData,
  xml: string,
): Promise<SzDocument> {
  return db.transaction(async (tx) => {
    const number = await nextNumber(tx, data.prefix);
    const sum = totals(data.lines);
    const pdf = await renderPdf({
      kind: 'SZAMLA',
      lang: data.lang,
      number,
      seller,
      buyer: {
        name: data.buyer.name,
        address: buyerAddress(data.buyer),
        taxNumber: data.buyer.taxNumber,
        email: data.buyer.email,
      },
      issueDate: data.issueDate,
      deliveryDate: data.deliveryDate,
      dueDate: data.dueDate,
      paymentMethod: data.paymentMethod,
      orderNumber: data.orderNumber,
      reverses: null,
      comment: data.comment,
      lines: data.lines,
      totals: sum,
      navStatus: SANDBOX_NAV_STATUS,
    });
    const [doc] = await tx
      .insert(sandboxSzDocuments)
      .values({
        kind: 'SZAMLA',
        number,
        agentKey: data.agentKey,
        orderNumber: data.orderNumber || null,
        net: sum.net,
        vat: sum.vat,
        gross: sum.gross,
        requestXml: xml,
        pdfBase64: pdf.toString('base64'),
        navStatus: SANDBOX_NAV_STATUS,
      })
      .returning();
    return doc!;
  });
}

export async function reverseInvoiceDocument(
  db: Db,
  seller: PdfSeller,
  r: {
    agentKey: string;
    number: string;
    issueDate: string;
    deliveryDate: string;
    orderNumber: string;
  },
): Promise<SzDocument> {
  return db.transaction(async (tx) => {
    const [original] = await tx
      .select()
      .from(sandboxSzDocuments)
      .where(
        and(
          eq(sandboxSzDocuments.number, r.number),
          eq(sandboxSzDocuments.agentKey, r.agentKey),
          eq(sandboxSzDocuments.kind, 'SZAMLA'),
        ),
      )
      .for('update');
    if (!original) throw new SzRequestError('335', `Nincs ilyen számla: ${r.number}`);
    const [already] = await tx
      .select({ id: sandboxSzDocuments.id })
      .from(sandboxSzDocuments)
      .where(eq(sandboxSzDocuments.reverses, original.number));
    if (already) throw new SzRequestError('56', `A számla már sztornózva: ${r.number}`);
    const data = parseInvoice(original.requestXml);
    const lines: SzLine[] = data.lines.map((l) => ({
      ...l,
      quantity: l.quantity.startsWith('-') ? l.quantity.slice(1) : `-${l.quantity}`,
      net: -l.net,
      vat: -l.vat,
      gross: -l.gross,
    }));
    const sum = totals(lines);
    const number = await nextNumber(tx, data.prefix);
    const pdf = await renderPdf({
      kind: 'SZTORNO',
      lang: data.lang,
      number,
      seller,
      buyer: {
        name: data.buyer.name,
        address: buyerAddress(data.buyer),
        taxNumber: data.buyer.taxNumber,
        email: data.buyer.email,
      },
      issueDate: r.issueDate || budapestToday(),
      deliveryDate: r.deliveryDate || data.deliveryDate,
      dueDate: r.issueDate || budapestToday(),
      paymentMethod: data.paymentMethod,
      orderNumber: r.orderNumber,
      reverses: original.number,
      comment: '',
      lines,
      totals: sum,
      navStatus: SANDBOX_NAV_STATUS,
    });
    const [doc] = await tx
      .insert(sandboxSzDocuments)
      .values({
        kind: 'SZTORNO',
        number,
        agentKey: r.agentKey,
        orderNumber: r.orderNumber || null,
        reverses: original.number,
        net: sum.net,
        vat: sum.vat,
        gross: sum.gross,
        requestXml: original.requestXml,
        pdfBase64: pdf.toString('base64'),
        navStatus: SANDBOX_NAV_STATUS,
      })
      .returning();
    return doc!;
  });
}

export async function findByOrderNumber(db: Db, agentKey: string, orderNumber: string) {
  const [doc] = await db
    .select()
    .from(sandboxSzDocuments)
    .where(
      and(
        eq(sandboxSzDocuments.agentKey, agentKey),
        eq(sandboxSzDocuments.orderNumber, orderNumber),
      ),
    )
    .orderBy(desc(sandboxSzDocuments.id))
    .limit(1);
  return doc ?? null;
}

/**
 * A receipt (nyugta). The same call id answers the receipt made before (the emulator is
 * idempotent on hivasAzonosito; see README).
 */
export async function issueReceiptDocument(
  db: Db,
  seller: PdfSeller,
  data: SzReceiptData,
  xml: string,
): Promise<SzDocument> {
  if (!data.callId) throw new SzRequestError('259', 'Hiányzó hívásazonosító');
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(sandboxSzDocuments)
      .where(
        and(
          eq(sandboxSzDocuments.agentKey, data.agentKey),
          eq(sandboxSzDocuments.callId, data.callId),
        ),
      );
    if (before) return before;
    const number = await nextNumber(tx, data.prefix);
    const sum = totals(data.lines);
    const today = budapestToday();
    const pdf = await renderPdf({
      kind: 'NYUGTA',
      lang: receiptTemplateLang(data.template),
      number,
      seller,
      buyer: null,
      issueDate: today,
      deliveryDate: today,
      dueDate: today,
      paymentMethod: data.paymentMethod,
      orderNumber: '',
      reverses: null,
      comment: data.comment,
      lines: data.lines,
      totals: sum,
      navStatus: 'nyugta: nincs NAV adatszolgáltatás (receipt: not reported)',
    });
    const [doc] = await tx
      .insert(sandboxSzDocuments)
      .values({
        kind: 'NYUGTA',
        number,
        agentKey: data.agentKey,
        callId: data.callId,
        net: sum.net,
        vat: sum.vat,
        gross: sum.gross,
        requestXml: xml,
        pdfBase64: pdf.toString('base64'),
        navStatus: 'receipt',
      })
      .returning();
    return doc!;
  });
}
