import type { FastifyReply, FastifyRequest } from 'fastify';
import { ocpiStatus } from '@voltpark/contract/ocpi/envelope';
import type { Config } from '../../../config.js';
import { OcpiError } from '../errors.js';
import { ocpiVersionUrl } from '../handshake.js';
import { pagingHeaders, parsePaging, type Paging } from '../paging.js';

/** Objects one page of an OCPI list holds unless the partner asks for fewer (X-Limit). */
export const OCPI_MAX_LIMIT = 500;
const DEFAULT_LIMIT = 100;

/**
 * An OCPI GET list (transport_and_format, Pagination): the page asked for, with X-Total-Count,
 * X-Limit and the Link to the next page under our own module URL. Malformed paging is 2001.
 */
export async function pagedList<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  path: string,
  page: (p: Paging) => Promise<{ items: T[]; total: number }>,
): Promise<T[]> {
  const parsed = parsePaging(request.query, {
    defaultLimit: DEFAULT_LIMIT,
    maxLimit: OCPI_MAX_LIMIT,
  });
  if (!parsed.ok) throw new OcpiError(400, ocpiStatus.INVALID_PARAMETERS, parsed.message);
  const { items, total } = await page(parsed.paging);
  pagingHeaders(reply, {
    url: `${ocpiVersionUrl(config)}/${path}`,
    paging: parsed.paging,
    returned: items.length,
    total,
    maxLimit: OCPI_MAX_LIMIT,
  });
  return items;
}
