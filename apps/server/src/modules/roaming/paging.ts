import type { FastifyReply } from 'fastify';
import { ocpiDateTime } from '@voltpark/contract/ocpi/datatypes';

export interface Paging {
  offset: number;
  limit: number;
  /** Inclusive, on last_updated. */
  dateFrom?: Date;
  /** Exclusive, on last_updated. */
  dateTo?: Date;
}

export type PagingResult = { ok: true; paging: Paging } | { ok: false; message: string };

const INT = /^\d{1,9}$/;

function single(query: Record<string, unknown>, name: string): string | undefined | null {
  const v = query[name];
  if (v === undefined) return undefined;
  // A repeated parameter (?offset=1&offset=2) is ambiguous: refused, not guessed.
  return typeof v === 'string' ? v : null;
}

function time(query: Record<string, unknown>, name: string): Date | undefined | string {
  const v = single(query, name);
  if (v === undefined) return undefined;
  if (v === null || !ocpiDateTime.safeParse(v).success) {
    return `${name} must be one UTC DateTime such as 2026-11-24T09:00:00Z`;
  }
  const d = new Date(v.endsWith('Z') ? v : `${v}Z`);
  return Number.isNaN(d.getTime()) ? `${name} is not a real date and time` : d;
}

/**
 * The paging parameters of an OCPI GET list (OCPI 2.2.1 transport: offset, limit, date_from,
 * date_to). A limit above the server's maximum is lowered to it (X-Limit tells the client);
 * anything malformed is refused with a message for status code 2001.
 */
export function parsePaging(
  query: unknown,
  limits: { defaultLimit: number; maxLimit: number },
): PagingResult {
  const q = (query && typeof query === 'object' ? query : {}) as Record<string, unknown>;
  const offsetRaw = single(q, 'offset');
  const limitRaw = single(q, 'limit');
  if (offsetRaw === null || (offsetRaw !== undefined && !INT.test(offsetRaw))) {
    return { ok: false, message: 'offset must be a whole number, 0 or more' };
  }
  if (limitRaw === null || (limitRaw !== undefined && (!INT.test(limitRaw) || +limitRaw < 1))) {
    return { ok: false, message: 'limit must be a whole number, 1 or more' };
  }
  const dateFrom = time(q, 'date_from');
  if (typeof dateFrom === 'string') return { ok: false, message: dateFrom };
  const dateTo = time(q, 'date_to');
  if (typeof dateTo === 'string') return { ok: false, message: dateTo };
  return {
    ok: true,
    paging: {
      offset: offsetRaw === undefined ? 0 : Number(offsetRaw),
      limit: Math.min(
        limitRaw === undefined ? limits.defaultLimit : Number(limitRaw),
        limits.maxLimit,
      ),
      ...(dateFrom ? { dateFrom } : {}),
      ...(dateTo ? { dateTo } : {}),
    },
  };
}

/**
 * The paging headers of a list answer: X-Total-Count, X-Limit (the server maximum) and, when
 * more objects follow, `Link: <url>; rel="next"` with the same filters and limit.
 */
export function pagingHeaders(
  reply: FastifyReply,
  p: {
    /** Absolute URL of the list endpoint, without a query. */
    url: string;
    paging: Paging;
    returned: number;
    total: number;
    maxLimit: number;
  },
): void {
  reply.header('X-Total-Count', String(p.total));
  reply.header('X-Limit', String(p.maxLimit));
  const nextOffset = p.paging.offset + p.returned;
  if (p.returned > 0 && nextOffset < p.total) {
    const params = new URLSearchParams();
    params.set('offset', String(nextOffset));
    params.set('limit', String(p.paging.limit));
    if (p.paging.dateFrom) params.set('date_from', p.paging.dateFrom.toISOString());
    if (p.paging.dateTo) params.set('date_to', p.paging.dateTo.toISOString());
    reply.header('Link', `<${p.url}?${params.toString()}>; rel="next"`);
  }
}
