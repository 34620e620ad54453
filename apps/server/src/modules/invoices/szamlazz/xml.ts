import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import type {
  AgentInvoiceRequest,
  AgentLine,
  AgentReceiptRequest,
  AgentReverseRequest,
  SellerSettings,
} from './types.js';

// Request documents of the Számla Agent API (xmlszamla, xmlszamlast, xmlszamlaxml,
// xmlnyugtacreate), with the namespaces and element order of its XSDs.

const builder = new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: false });

const NS = 'http://www.w3.org/2001/XMLSchema-instance';
const root = (name: string, ns: string, body: Record<string, unknown>) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({
    [name]: {
      '@_xmlns': ns,
      '@_xmlns:xsi': NS,
      '@_xsi:schemaLocation': `${ns} https://www.szamlazz.hu/szamla/docs/xsds/agent/${name}.xsd`,
      ...body,
    },
  })}`;

const amount = (n: number) => String(n);

function invoiceLine(l: AgentLine) {
  return {
    megnevezes: l.description,
    mennyiseg: String(l.quantity),
    mennyisegiEgyseg: l.unit,
    nettoEgysegar: amount(l.netUnitPrice),
    afakulcs: String(l.vatRate),
    nettoErtek: amount(l.net),
    afaErtek: amount(l.vat),
    bruttoErtek: amount(l.gross),
    ...(l.comment ? { megjegyzes: l.comment } : {}),
  };
}

export function invoiceXml(seller: SellerSettings, r: AgentInvoiceRequest): string {
  return root('xmlszamla', 'http://www.szamlazz.hu/xmlszamla', {
    beallitasok: {
      szamlaagentkulcs: seller.agentKey,
      eszamla: 'true',
      szamlaLetoltes: 'true',
      valaszVerzio: '2',
    },
    fejlec: {
      keltDatum: r.issueDate,
      teljesitesDatum: r.deliveryDate,
      fizetesiHataridoDatum: r.dueDate,
      fizmod: r.paymentMethod,
      penznem: 'HUF',
      szamlaNyelve: r.lang,
      megjegyzes: r.comment,
      rendelesSzam: r.orderNumber,
      szamlaszamElotag: seller.invoicePrefix,
      fizetve: r.paid ? 'true' : 'false',
    },
    elado: { bank: seller.bankName, bankszamlaszam: seller.bankAccount },
    vevo: {
      nev: r.buyer.name,
      orszag: r.buyer.countryCode,
      irsz: r.buyer.zipCode,
      telepules: r.buyer.city,
      cim: r.buyer.address,
      email: r.buyer.email,
      sendEmail: 'false',
      adoalany: String(r.buyer.taxSubject),
      ...(r.buyer.taxNumber ? { adoszam: r.buyer.taxNumber } : {}),
    },
    tetelek: { tetel: r.lines.map(invoiceLine) },
  });
}

export function reverseXml(seller: SellerSettings, r: AgentReverseRequest): string {
  return root('xmlszamlast', 'http://www.szamlazz.hu/xmlszamlast', {
    beallitasok: {
      szamlaagentkulcs: seller.agentKey,
      eszamla: 'true',
      szamlaLetoltes: 'true',
      valaszVerzio: '2',
    },
    fejlec: {
      szamlaszam: r.invoiceNumber,
      keltDatum: r.issueDate,
      teljesitesDatum: r.deliveryDate,
      tipus: 'SS',
      rendelesSzam: r.orderNumber,
    },
  });
}

export function queryXml(seller: SellerSettings, orderNumber: string): string {
  return root('xmlszamlaxml', 'http://www.szamlazz.hu/xmlszamlaxml', {
    szamlaagentkulcs: seller.agentKey,
    rendelesSzam: orderNumber,
    pdf: 'true',
  });
}

export function receiptXml(seller: SellerSettings, r: AgentReceiptRequest): string {
  return root('xmlnyugtacreate', 'http://www.szamlazz.hu/xmlnyugtacreate', {
    beallitasok: { szamlaagentkulcs: seller.agentKey, pdfLetoltes: 'true' },
    fejlec: {
      hivasAzonosito: r.callId,
      elotag: seller.receiptPrefix,
      fizmod: r.paymentMethod,
      penznem: 'Ft',
      megjegyzes: r.comment,
      ...(r.lang === 'en' && seller.receiptTemplateEn
        ? { pdfSablon: seller.receiptTemplateEn }
        : {}),
    },
    tetelek: {
      tetel: r.lines.map((l) => ({
        megnevezes: l.description,
        mennyiseg: String(l.quantity),
        mennyisegiEgyseg: l.unit,
        nettoEgysegar: amount(l.netUnitPrice),
        afakulcs: String(l.vatRate),
        netto: amount(l.net),
        afa: amount(l.vat),
        brutto: amount(l.gross),
      })),
    },
  });
}

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
});

/** Parses an answer document; null when it is not XML. */
export function parseXml(text: string): Record<string, unknown> | null {
  try {
    const doc = parser.parse(text) as Record<string, unknown>;
    return typeof doc === 'object' && doc !== null ? doc : null;
  } catch {
    return null;
  }
}
