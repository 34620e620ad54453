import type { FastifyRequest } from 'fastify';
import type { Lang } from '@voltpark/contract';

/** X-Lang selects hu/en (SPEC §7 headers); anything else falls back to hu. */
export function requestLang(req: FastifyRequest): Lang {
  const header = req.headers['x-lang'];
  const value = (Array.isArray(header) ? header[0] : header)?.toLowerCase() ?? '';
  return value.startsWith('en') ? 'en' : 'hu';
}
