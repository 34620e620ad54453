import { XMLParser } from 'fast-xml-parser';

/** What the emulator reads out of an Agent request: one invoice, storno or receipt. */
export interface SzLine {
  description: string;
  quantity: string;
  unit: string;
  netUnitPrice: number;
  vatRate: string;
  net: number;
  vat: number;
  gross: number;
  comment: string;
}

export interface SzInvoiceData {
  agentKey: string;
  issueDate: string;
  deliveryDate: string;
  dueDate: string;
  paymentMethod: string;
  lang: 'hu' | 'en';
  comment: string;
  orderNumber: string;
  prefix: string;
  buyer: {
    name: string;
    countryCode: string;
    zipCode: string;
    city: string;
    address: string;
    email: string;
    taxNumber: string;
  };
  lines: SzLine[];
}

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'tetel',
});

type Fields = Record<string, unknown>;
const obj = (v: unknown): Fields => (typeof v === 'object' && v !== null ? (v as Fields) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : '');

export class SzRequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function parseRequest(xml: string, rootName: string): Fields {
  let doc: Fields;
  try {
    doc = obj(parser.parse(xml));
  } catch {
    throw new SzRequestError('57', 'Hibás XML (XML error)');
  }
  const root = doc[rootName];
  if (!root) throw new SzRequestError('57', `Hiányzó ${rootName} elem`);
  return obj(root);
}

function amount(v: unknown, field: string): number {
  const s = str(v);
  if (!/^-?\d+(\.\d+)?$/.test(s)) throw new SzRequestError('259', `Hibás összeg: ${field}`);
  return Number(s);
}

function lines(tetelek: unknown, receipt: boolean): SzLine[] {
  const list = obj(tetelek).tetel;
  if (!Array.isArray(list) || list.length === 0) {
    throw new SzRequestError('259', 'Nincs tétel (no line)');
  }
  return list.map((raw) => {
    const t = obj(raw);
    const line: SzLine = {
      description: str(t.megnevezes),
      quantity: str(t.mennyiseg),
      unit: str(t.mennyisegiEgyseg),
      netUnitPrice: amount(t.nettoEgysegar, 'nettoEgysegar'),
      vatRate: str(t.afakulcs),
      net: amount(receipt ? t.netto : t.nettoErtek, 'nettoErtek'),
      vat: amount(receipt ? t.afa : t.afaErtek, 'afaErtek'),
      gross: amount(receipt ? t.brutto : t.bruttoErtek, 'bruttoErtek'),
      comment: str(t.megjegyzes),
    };
    if (!line.description) throw new SzRequestError('259', 'Hiányzó megnevezés');
    // Számlázz.hu checks that each line adds up.
    if (line.net + line.vat !== line.gross) {
      throw new SzRequestError('259', `A tétel nettó + áfa ≠ bruttó: ${line.description}`);
    }
    return line;
  });
}

export function parseInvoice(xml: string): SzInvoiceData {
  const root = parseRequest(xml, 'xmlszamla');
  const settings = obj(root.beallitasok);
  const head = obj(root.fejlec);
  const buyer = obj(root.vevo);
  const lang = str(head.szamlaNyelve) === 'en' ? 'en' : 'hu';
  if (!str(buyer.nev) || !str(buyer.irsz) || !str(buyer.telepules) || !str(buyer.cim)) {
    throw new SzRequestError('259', 'Hiányos vevő adatok (buyer data missing)');
  }
  return {
    agentKey: str(settings.szamlaagentkulcs),
    issueDate: str(head.keltDatum),
    deliveryDate: str(head.teljesitesDatum),
    dueDate: str(head.fizetesiHataridoDatum),
    paymentMethod: str(head.fizmod),
    lang,
    comment: str(head.megjegyzes),
    orderNumber: str(head.rendelesSzam),
    prefix: str(head.szamlaszamElotag) || 'E',
    buyer: {
      name: str(buyer.nev),
      countryCode: str(buyer.orszag),
      zipCode: str(buyer.irsz),
      city: str(buyer.telepules),
      address: str(buyer.cim),
      email: str(buyer.email),
      taxNumber: str(buyer.adoszam),
    },
    lines: lines(root.tetelek, false),
  };
}

export interface SzReceiptData {
  agentKey: string;
  callId: string;
  prefix: string;
  paymentMethod: string;
  comment: string;
  /** pdfSablon: the account's PDF template; the emulator has Hungarian (default) and VPEN. */
  template: string;
  lines: SzLine[];
}

export function parseReceipt(xml: string): SzReceiptData {
  const root = parseRequest(xml, 'xmlnyugtacreate');
  const head = obj(root.fejlec);
  return {
    agentKey: str(obj(root.beallitasok).szamlaagentkulcs),
    callId: str(head.hivasAzonosito),
    prefix: str(head.elotag) || 'NY',
    paymentMethod: str(head.fizmod),
    comment: str(head.megjegyzes),
    template: str(head.pdfSablon),
    lines: lines(root.tetelek, true),
  };
}

export const totals = (ls: SzLine[]) =>
  ls.reduce((s, l) => ({ net: s.net + l.net, vat: s.vat + l.vat, gross: s.gross + l.gross }), {
    net: 0,
    vat: 0,
    gross: 0,
  });

export const str0 = str;
export const obj0 = obj;
