import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { translateMessage, type Lang } from '@voltpark/contract';
import type { SzLine } from './document.js';

const require = createRequire(import.meta.url);
// DejaVu Sans has every Hungarian letter (ő, ű); the PDF standard fonts do not.
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export interface PdfSeller {
  name: string;
  taxNumber: string;
  address: string;
  bankName: string;
  bankAccount: string;
}

export interface PdfDocumentData {
  kind: 'SZAMLA' | 'SZTORNO' | 'NYUGTA';
  lang: Lang;
  number: string;
  seller: PdfSeller;
  buyer: { name: string; address: string; taxNumber: string; email: string } | null;
  issueDate: string;
  deliveryDate: string;
  dueDate: string;
  paymentMethod: string;
  orderNumber: string;
  reverses: string | null;
  comment: string;
  lines: SzLine[];
  totals: { net: number; vat: number; gross: number };
  navStatus: string;
}

/** "12 500 Ft" as hu-HU writes it (a space groups thousands). */
export const forints = (n: number) =>
  `${n < 0 ? '-' : ''}${String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} Ft`;

/**
 * The emulator account's receipt PDF templates (pdfSablon): the receipt call has no language
 * element, so an English receipt is asked for with the English template. Unknown or none: the
 * Hungarian default, as the service does.
 */
export const RECEIPT_TEMPLATES: Record<string, Lang> = { VPEN: 'en' };
export const receiptTemplateLang = (template: string): Lang => RECEIPT_TEMPLATES[template] ?? 'hu';

/** Renders the document the way the provider would: a one-or-more-page A4 PDF. */
export function renderPdf(d: PdfDocumentData): Promise<Buffer> {
  const t = (key: string) => translateMessage(`invoicePdf.${key}`, d.lang);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `${t(`title.${d.kind}`)} ${d.number}`, Author: d.seller.name },
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc
    .font('bold')
    .fontSize(18)
    .text(`${t(`title.${d.kind}`)}`, { align: 'right' });
  doc
    .font('body')
    .fontSize(10)
    .text(`${t('number')}: ${d.number}`, { align: 'right' });
  if (d.reverses) doc.text(`${t('reverses')}: ${d.reverses}`, { align: 'right' });
  doc.moveDown();

  const top = doc.y;
  doc.font('bold').text(t('seller'), 40, top);
  doc.font('body').text(d.seller.name).text(d.seller.address);
  doc.text(`${t('taxNumber')}: ${d.seller.taxNumber}`);
  if (d.seller.bankAccount) doc.text(`${t('bank')}: ${d.seller.bankName} ${d.seller.bankAccount}`);
  const afterSeller = doc.y;
  if (d.buyer) {
    doc.font('bold').text(t('buyer'), 310, top);
    doc.font('body').text(d.buyer.name, 310).text(d.buyer.address, 310);
    if (d.buyer.taxNumber) doc.text(`${t('taxNumber')}: ${d.buyer.taxNumber}`, 310);
    if (d.buyer.email) doc.text(d.buyer.email, 310);
  }
  doc.x = 40;
  doc.y = Math.max(afterSeller, doc.y) + 12;

  const facts: [string, string][] = [
    [t('issueDate'), d.issueDate],
    ...(d.kind === 'NYUGTA'
      ? []
      : ([
          [t('deliveryDate'), d.deliveryDate],
          [t('dueDate'), d.dueDate],
        ] as [string, string][])),
    [t('paymentMethod'), d.paymentMethod],
    ...(d.orderNumber ? ([[t('orderNumber'), d.orderNumber]] as [string, string][]) : []),
  ];
  for (const [label, value] of facts) doc.text(`${label}: ${value}`, 40);
  doc.moveDown();

  const cols = [
    { key: 'item', x: 40, w: 200, align: 'left' as const },
    { key: 'quantity', x: 240, w: 55, align: 'right' as const },
    { key: 'vatRate', x: 295, w: 45, align: 'right' as const },
    { key: 'net', x: 340, w: 70, align: 'right' as const },
    { key: 'vat', x: 410, w: 65, align: 'right' as const },
    { key: 'gross', x: 475, w: 80, align: 'right' as const },
  ];
  const row = (values: string[], bold = false) => {
    if (doc.y > 760) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'bold' : 'body').fontSize(9);
    let bottom = y;
    cols.forEach((c, i) => {
      doc.text(values[i] ?? '', c.x, y, { width: c.w, align: c.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = 40;
    doc.y = bottom + 3;
  };
  row(
    cols.map((c) => t(c.key)),
    true,
  );
  for (const l of d.lines) {
    const text = l.comment ? `${l.description}\n${l.comment}` : l.description;
    row([
      text,
      `${l.quantity} ${l.unit}`,
      `${l.vatRate}%`,
      forints(l.net),
      forints(l.vat),
      forints(l.gross),
    ]);
  }
  doc.moveDown(0.5);
  row(
    [t('total'), '', '', forints(d.totals.net), forints(d.totals.vat), forints(d.totals.gross)],
    true,
  );
  doc.moveDown();
  doc
    .font('bold')
    .fontSize(12)
    .text(`${t('grossTotal')}: ${forints(d.totals.gross)}`, 40);
  doc.font('body').fontSize(9);
  if (d.comment) doc.moveDown().text(d.comment, 40);
  doc.moveDown().text(`${t('navStatus')}: ${d.navStatus}`, 40);
  doc.text(t('sandbox'), 40);
  doc.end();
  return done;
}
