import { XMLBuilder } from 'fast-xml-parser';
import type { SzDocument } from './store.js';

// The answers of the Számla Agent API (valaszVerzio 2), built the way the service sends them.

const builder = new XMLBuilder({ ignoreAttributes: false, format: true });
const xml = (body: Record<string, unknown>) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(body)}`;

export function invoiceAnswer(doc: SzDocument) {
  return xml({
    xmlszamlavalasz: {
      '@_xmlns': 'http://www.szamlazz.hu/xmlszamlavalasz',
      sikeres: 'true',
      szamlaszam: doc.number,
      szamlanetto: String(doc.net),
      szamlabrutto: String(doc.gross),
      kintlevoseg: '0',
      pdf: doc.pdfBase64,
    },
  });
}

export function errorAnswer(code: string, message: string) {
  return xml({
    xmlszamlavalasz: {
      '@_xmlns': 'http://www.szamlazz.hu/xmlszamlavalasz',
      sikeres: 'false',
      hibakod: code,
      hibauzenet: message,
    },
  });
}

export function queryAnswer(doc: SzDocument) {
  return xml({
    szamla: {
      '@_xmlns': 'http://www.szamlazz.hu/szamla',
      alap: {
        id: String(doc.id),
        szamlaszam: doc.number,
        tipus: doc.kind === 'SZTORNO' ? 'SS' : 'SZ',
        rendelesSzam: doc.orderNumber ?? '',
        kelt: doc.createdAt.toISOString().slice(0, 10),
      },
      nav: { status: doc.navStatus },
      osszegek: {
        totalossz: { netto: String(doc.net), afa: String(doc.vat), brutto: String(doc.gross) },
      },
      pdf: doc.pdfBase64,
    },
  });
}

export function receiptAnswer(doc: SzDocument) {
  return xml({
    xmlnyugtavalasz: {
      '@_xmlns': 'http://www.szamlazz.hu/xmlnyugtavalasz',
      sikeres: 'true',
      nyugta: {
        alap: {
          id: String(doc.id),
          hivasAzonosito: doc.callId ?? '',
          nyugtaszam: doc.number,
          tipus: 'NY',
          kelt: doc.createdAt.toISOString().slice(0, 10),
        },
        osszegek: {
          totalossz: { netto: String(doc.net), afa: String(doc.vat), brutto: String(doc.gross) },
        },
      },
      nyugtaPdf: doc.pdfBase64,
    },
  });
}
