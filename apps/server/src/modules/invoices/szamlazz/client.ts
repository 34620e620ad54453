import { AGENT_NOT_FOUND_CODES, AgentRejectedError, AgentUnavailableError } from './errors.js';
import type {
  AgentDocument,
  AgentInvoiceRequest,
  AgentReceiptRequest,
  AgentReverseRequest,
  SellerSettings,
} from './types.js';
import { invoiceXml, parseXml, queryXml, receiptXml, reverseXml } from './xml.js';

export interface SzamlaAgentConfig {
  seller: SellerSettings;
  /** https://www.szamlazz.hu/szamla/ or the built-in emulator's address. */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface SzamlaAgentClient {
  issueInvoice(r: AgentInvoiceRequest): Promise<AgentDocument>;
  reverseInvoice(r: AgentReverseRequest): Promise<AgentDocument>;
  /** The invoice made for an order number, or null: tells whether a lost call took effect. */
  findByOrderNumber(orderNumber: string): Promise<AgentDocument | null>;
  createReceipt(r: AgentReceiptRequest): Promise<AgentDocument>;
}

type Fields = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const int = (v: unknown) => Math.round(Number(text(v)) || 0);
const obj = (v: unknown): Fields => (typeof v === 'object' && v !== null ? (v as Fields) : {});

/**
 * A client of the Számlázz.hu Számla Agent: every call is a multipart POST of one XML file under
 * the action's field name; the answer is XML (valaszVerzio 2) with the PDF in base64, errors in
 * the szlahu_error_code header and in hibakod/hibauzenet.
 */
export function createSzamlaAgentClient(config: SzamlaAgentConfig): SzamlaAgentClient {
  const doFetch = config.fetch ?? fetch;

  async function call(action: string, xml: string): Promise<{ doc: Fields; headers: Headers }> {
    const form = new FormData();
    form.append(action, new Blob([xml], { type: 'text/xml' }), `${action}.xml`);
    let res: Response;
    let body: string;
    try {
      res = await doFetch(config.baseUrl, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(config.timeoutMs ?? 30_000),
      });
      body = await res.text();
    } catch (err) {
      throw new AgentUnavailableError(`Számla Agent unreachable: ${(err as Error).message}`);
    }
    const errorCode = res.headers.get('szlahu_error_code');
    const doc = parseXml(body);
    if (errorCode) {
      const message = decodeURIComponent(res.headers.get('szlahu_error') ?? '');
      throw new AgentRejectedError(errorCode, message);
    }
    if (!res.ok || !doc) {
      throw new AgentUnavailableError(`Számla Agent answered HTTP ${res.status}`);
    }
    return { doc, headers: res.headers };
  }

  function invoiceAnswer(doc: Fields): AgentDocument {
    const v = obj(doc.xmlszamlavalasz);
    if (text(v.sikeres) !== 'true') {
      throw new AgentRejectedError(text(v.hibakod) || '?', text(v.hibauzenet));
    }
    const number = text(v.szamlaszam);
    const pdf = Buffer.from(text(v.pdf), 'base64');
    if (!number || pdf.length === 0) throw new AgentUnavailableError('incomplete answer');
    return { number, net: int(v.szamlanetto), gross: int(v.szamlabrutto), pdf };
  }

  return {
    async issueInvoice(r) {
      const { doc } = await call('action-xmlagentxmlfile', invoiceXml(config.seller, r));
      return invoiceAnswer(doc);
    },
    async reverseInvoice(r) {
      const { doc } = await call('action-szamla_agent_st', reverseXml(config.seller, r));
      return invoiceAnswer(doc);
    },
    async findByOrderNumber(orderNumber) {
      try {
        const { doc } = await call('action-szamla_agent_xml', queryXml(config.seller, orderNumber));
        const szamla = obj(doc.szamla);
        const alap = obj(szamla.alap);
        const total = obj(obj(szamla.osszegek).totalossz);
        const number = text(alap.szamlaszam);
        if (!number) return null;
        return {
          number,
          net: int(total.netto),
          gross: int(total.brutto),
          pdf: Buffer.from(text(szamla.pdf), 'base64'),
        };
      } catch (err) {
        if (err instanceof AgentRejectedError && AGENT_NOT_FOUND_CODES.has(err.code)) return null;
        throw err;
      }
    },
    async createReceipt(r) {
      const { doc } = await call('action-szamla_agent_nyugta_create', receiptXml(config.seller, r));
      const v = obj(doc.xmlnyugtavalasz);
      if (text(v.sikeres) !== 'true') {
        throw new AgentRejectedError(text(v.hibakod) || '?', text(v.hibauzenet));
      }
      const nyugta = obj(v.nyugta);
      const total = obj(obj(nyugta.osszegek).totalossz);
      const number = text(obj(nyugta.alap).nyugtaszam);
      const pdf = Buffer.from(text(v.nyugtaPdf), 'base64');
      if (!number || pdf.length === 0) throw new AgentUnavailableError('incomplete answer');
      return { number, net: int(total.netto), gross: int(total.brutto), pdf };
    },
  };
}
