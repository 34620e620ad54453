import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { translateMessage, type Lang, type Receipt } from '@voltpark/contract';
import type { InvoicingConfig } from '../../../config.js';

const require = createRequire(import.meta.url);
// DejaVu Sans has every Hungarian letter (ő, ű); the PDF standard fonts do not.
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** "12 500 Ft" as hu-HU writes it (a non-breaking space groups thousands). */
const ft = (n: number) => `${String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')} Ft`;

const dateTime = (iso: string, lang: Lang) =>
  new Intl.DateTimeFormat(lang === 'hu' ? 'hu-HU' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Budapest',
  }).format(new Date(iso));

const kWh = (n: number, lang: Lang) =>
  `${new Intl.NumberFormat(lang === 'hu' ? 'hu-HU' : 'en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(n)} kWh`;

/**
 * Decision 0057: the label–value rows of a roaming receipt's PDF, the receipt page's rows
 * (decision 0048) plus the net, the open rest and the card's mask. Rows without a value are
 * left out.
 */
export function roamingReceiptPdfRows(r: Receipt, lang: Lang): [string, string][] {
  const t = (key: string, vars?: Record<string, string | number>) =>
    translateMessage(`roamingReceiptPdf.${key}`, lang, vars);
  const d = r.roaming!;
  const masks = d.cardMasks ?? [];
  const open = r.grossPrice - d.paidAmount;
  const rows: [string, string | null][] = [
    [t('rowNumber'), String(r.rowNumber)],
    [t('partner'), d.partnerName],
    [t('site'), d.siteName],
    [t('address'), d.siteAddress],
    [t('evse'), d.evseId],
    [t('start'), d.startedAt && dateTime(d.startedAt, lang)],
    [t('end'), d.endedAt && dateTime(d.endedAt, lang)],
    [t('energy'), kWh(r.consumedEnergyInKW, lang)],
    [t('partnerCost'), ft(d.partnerCost)],
    [t('roamingFee'), ft(d.roamingFee)],
    [t('net'), ft(d.netAmount)],
    [t('vat', { percent: d.vatPercent }), ft(d.vatAmount)],
    [t('total'), ft(r.grossPrice)],
    [t('paymentMethod'), t(d.paymentMethod === 'card' ? 'byCard' : 'fromWallet')],
    [t(masks.length > 1 ? 'cards' : 'card'), masks.length ? masks.join(', ') : null],
    [t('paid'), ft(d.paidAmount)],
    [t('open'), !r.paid && open > 0 ? ft(open) : null],
    [t('issueDate'), dateTime(r.issueDate, lang)],
    [t('state'), t(r.paid ? 'statePaid' : 'stateUnpaid')],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]));
}

/** The roaming receipt as an A4 PDF, laid out as the provider's receipt PDFs are. */
export function renderRoamingReceiptPdf(
  r: Receipt,
  lang: Lang,
  issuer: InvoicingConfig['seller'],
): Promise<Buffer> {
  const t = (key: string) => translateMessage(`roamingReceiptPdf.${key}`, lang);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `${t('title')} ${r.rowNumber}`, Author: issuer.name },
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('bold').fontSize(18).text(t('title'), { align: 'right' });
  doc
    .font('body')
    .fontSize(10)
    .text(`${t('rowNumber')}: ${r.rowNumber}`, { align: 'right' });
  doc.moveDown();
  doc.font('bold').text(t('issuer'), 40);
  doc.font('body').text(issuer.name).text(issuer.address);
  doc.text(`${t('taxNumber')}: ${issuer.taxNumber}`);
  doc.moveDown();

  for (const [label, value] of roamingReceiptPdfRows(r, lang)) {
    if (doc.y > 760) doc.addPage();
    const y = doc.y;
    doc.font('body').fontSize(10).text(label, 40, y, { width: 220 });
    const left = doc.y;
    doc.font('bold').text(value, 270, y, { width: 285, align: 'right' });
    doc.x = 40;
    doc.y = Math.max(left, doc.y) + 4;
  }
  doc.moveDown();
  doc.font('body').fontSize(9).text(t('note'), 40, doc.y, { width: 515 });
  doc.end();
  return done;
}
