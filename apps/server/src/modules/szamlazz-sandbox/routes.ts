import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import type { ModuleDeps } from '../index.js';
import type { InvoicingConfig } from '../../config.js';
import { errorAnswer, invoiceAnswer, queryAnswer, receiptAnswer } from './answers.js';
import {
  obj0,
  parseInvoice,
  parseReceipt,
  parseRequest,
  str0,
  SzRequestError,
} from './document.js';
import { parseMultipart } from './multipart.js';
import type { PdfSeller } from './pdf.js';
import {
  findByOrderNumber,
  issueInvoiceDocument,
  issueReceiptDocument,
  reverseInvoiceDocument,
} from './store.js';

export const SZAMLAZZ_SANDBOX_PATH = '/sandbox/szamlazz/szamla/';

export interface SzamlazzSandbox {
  /**
   * Test switch: 'down' answers 503 without doing anything; 'lost' does the work and then drops
   * the connection (the caller never learns the answer).
   */
  failure: 'down' | 'lost' | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    szamlazzSandbox?: SzamlazzSandbox;
  }
}

const ACTIONS = [
  'action-xmlagentxmlfile',
  'action-szamla_agent_st',
  'action-szamla_agent_xml',
  'action-szamla_agent_nyugta_create',
] as const;

function fail(reply: FastifyReply, code: string, message: string) {
  return reply
    .header('szlahu_error_code', code)
    .header('szlahu_error', encodeURIComponent(message))
    .type('application/xml; charset=utf-8')
    .send(errorAnswer(code, message));
}

/**
 * The Számlázz.hu Számla Agent emulator: the same endpoint, multipart request and XML answers as
 * the service, with gapless numbering, rendered PDFs and a sandbox NAV status. Mounted in
 * sandbox mode only; the invoices module reaches it over HTTP.
 */
export function registerSzamlazzSandbox(app: FastifyInstance, { config, db }: ModuleDeps) {
  if (config.mode !== 'sandbox' || config.invoicing.baseUrl) return;
  const state: SzamlazzSandbox = { failure: null };
  app.decorate('szamlazzSandbox', state);
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: 5 * 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post(SZAMLAZZ_SANDBOX_PATH, async (req, reply) => {
      if (state.failure === 'down') return reply.code(503).send('Service Unavailable');
      const parts = parseMultipart(req.body as Buffer, String(req.headers['content-type']));
      const part = parts.find((p) => (ACTIONS as readonly string[]).includes(p.name));
      if (!part) return fail(reply, '53', 'Hiányzó action mező (no action field)');
      try {
        const body = await handle(db, config.invoicing, part.name, part.content.toString('utf8'));
        if (state.failure === 'lost') {
          req.raw.socket.destroy();
          return reply;
        }
        return reply.type('application/xml; charset=utf-8').send(body);
      } catch (err) {
        if (err instanceof SzRequestError) return fail(reply, err.code, err.message);
        throw err;
      }
    });
  });
}

function checkKey(invoicing: InvoicingConfig, key: string) {
  if (!key || key !== invoicing.agentKey) {
    throw new SzRequestError('3', 'Sikertelen bejelentkezés (wrong Számla Agent key)');
  }
}

async function handle(db: Db, invoicing: InvoicingConfig, action: string, xml: string) {
  const seller: PdfSeller = invoicing.seller;
  switch (action) {
    case 'action-xmlagentxmlfile': {
      const data = parseInvoice(xml);
      checkKey(invoicing, data.agentKey);
      return invoiceAnswer(await issueInvoiceDocument(db, seller, data, xml));
    }
    case 'action-szamla_agent_st': {
      const root = parseRequest(xml, 'xmlszamlast');
      const key = str0(obj0(root.beallitasok).szamlaagentkulcs);
      checkKey(invoicing, key);
      const head = obj0(root.fejlec);
      const doc = await reverseInvoiceDocument(db, seller, {
        agentKey: key,
        number: str0(head.szamlaszam),
        issueDate: str0(head.keltDatum),
        deliveryDate: str0(head.teljesitesDatum),
        orderNumber: str0(head.rendelesSzam),
      });
      return invoiceAnswer(doc);
    }
    case 'action-szamla_agent_xml': {
      const root = parseRequest(xml, 'xmlszamlaxml');
      const key = str0(root.szamlaagentkulcs);
      checkKey(invoicing, key);
      const doc = await findByOrderNumber(db, key, str0(root.rendelesSzam));
      if (!doc) throw new SzRequestError('7', 'Nincs ilyen számla (no such invoice)');
      return queryAnswer(doc);
    }
    default: {
      const data = parseReceipt(xml);
      checkKey(invoicing, data.agentKey);
      return receiptAnswer(await issueReceiptDocument(db, seller, data, xml));
    }
  }
}
