import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { OcpiClientDeps } from './client.js';
import type { PartnerRow, TokenMatch } from './partners.js';

/** What the OCPI plugin knows of one incoming request (set in its onRequest hook). */
export interface OcpiRequestContext {
  db: Db;
  config: Config;
  requestId: string;
  correlationId: string;
  started: number;
  /** The module of the route (its `config.ocpiModule`), null for an unknown address. */
  module: string | null;
  match: TokenMatch | null;
  /** Tokens seen in this exchange, hidden wherever they appear in the call log. */
  secrets: string[];
  responseBody: unknown;
}

/** Everything an OCPI module's routes need. */
export interface OcpiModuleContext {
  db: Db;
  config: Config;
  client: OcpiClientDeps;
}

declare module 'fastify' {
  interface FastifyRequest {
    ocpi: OcpiRequestContext | null;
  }
  interface FastifyContextConfig {
    /** The OCPI module a route belongs to (call log, routing headers). */
    ocpiModule?: string;
  }
}

export type { PartnerRow };
