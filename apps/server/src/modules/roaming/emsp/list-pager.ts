import { ocpiStatus } from '@voltpark/contract/ocpi/envelope';
import { ocpiCall, OcpiUnreachableError, type OcpiClientDeps, type Party } from '../client.js';

/** Pages one pull follows at most (at the Sender's maximum of, say, 100 a page: 1 million). */
export const MAX_PAGES = 10_000;

export interface ListPull<T> {
  client: OcpiClientDeps;
  partnerId: number;
  token: string;
  module: 'locations' | 'tariffs';
  /** The partner's Sender endpoint, from its version details. */
  url: string;
  /** Incremental: objects changed since then (inclusive). */
  dateFrom?: Date;
  routing: { from: Party; to: Party };
  correlationId: string;
  /** The object if it is a valid one of the partner's, else null (skipped, counted). */
  parse: (item: unknown) => T | null;
  /** Stores one page; false stops the pull (the claim was lost, the partner removed). */
  onPage: (items: T[]) => Promise<boolean>;
}

export interface ListPullResult {
  /** Every page was read, up to the last one (no `Link` left to follow). */
  complete: boolean;
  /** Why the pull stopped early (the partner down, a bad Link, a page loop…). */
  problem: string | null;
  received: number;
  skipped: number;
  pages: number;
}

/**
 * A paged GET list of a partner's Sender interface (transport_and_format, Pagination): the
 * first page, then each `Link: <…>; rel="next"` until none is left. A Link to another host
 * (our token would go with it), one already followed (a loop), a page that is empty but links
 * on, an error answer or an unreachable partner stop it with `complete: false`; what was read
 * until then is kept. We never ask for more than the partner's X-Limit.
 */
export async function pullList<T>(p: ListPull<T>): Promise<ListPullResult> {
  const first = new URL(p.url);
  if (p.dateFrom) first.searchParams.set('date_from', p.dateFrom.toISOString().slice(0, 19) + 'Z');
  const origin = first.origin;
  const visited = new Set<string>();
  let next: URL | null = first;
  const result: ListPullResult = {
    complete: false,
    problem: null,
    received: 0,
    skipped: 0,
    pages: 0,
  };
  const stop = (problem: string) => ({ ...result, problem });

  while (next) {
    if (result.pages >= MAX_PAGES) return stop(`more than ${MAX_PAGES} pages`);
    visited.add(next.href);
    result.pages += 1;
    let answer;
    try {
      answer = await ocpiCall(p.client, {
        partnerId: p.partnerId,
        method: 'GET',
        url: next.href,
        token: p.token,
        module: p.module,
        routing: p.routing,
        correlationId: p.correlationId,
      });
    } catch (err) {
      if (err instanceof OcpiUnreachableError) return stop(err.message);
      throw err;
    }
    const { httpStatus, envelope, headers } = answer;
    if (httpStatus !== 200 || envelope.status_code !== ocpiStatus.SUCCESS)
      return stop(
        `GET ${next.origin}${next.pathname} answered HTTP ${httpStatus}, OCPI ${envelope.status_code}${
          envelope.status_message ? ` (${envelope.status_message})` : ''
        }`,
      );
    if (!Array.isArray(envelope.data))
      return stop(`GET ${next.origin}${next.pathname} answered no list`);
    const items: T[] = [];
    for (const raw of envelope.data as unknown[]) {
      const item = p.parse(raw);
      if (item === null) result.skipped += 1;
      else items.push(item);
    }
    result.received += items.length;
    if (!(await p.onPage(items))) return stop('stopped: the pull is no longer ours');

    const header = headers.get('link');
    const link = nextLink(header);
    if (link === null) {
      if (header && !/<[^>]*>/.test(header))
        return stop(`bad Link header: ${header.slice(0, 200)}`);
      return { ...result, complete: true };
    }
    let target: URL;
    try {
      target = new URL(link, next);
    } catch {
      return stop(`bad Link header: ${link.slice(0, 200)}`);
    }
    if (target.origin !== origin)
      return stop(`bad Link header: it leads to ${target.origin}, not ${origin}`);
    if (envelope.data.length === 0) return stop('a page with no objects links to another');
    const maxLimit = Number(headers.get('x-limit'));
    const asked = Number(target.searchParams.get('limit'));
    if (Number.isInteger(maxLimit) && maxLimit > 0 && asked > maxLimit)
      target.searchParams.set('limit', String(maxLimit));
    if (visited.has(target.href)) return stop(`page loop: the Link leads back to ${target.href}`);
    next = target;
  }
  return { ...result, complete: true };
}

/** The URL of `rel="next"` in a Link header (RFC 8288), if there is one. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(/,(?=\s*<)/)) {
    const m = /^\s*<([^>]*)>\s*(.*)$/.exec(part);
    if (!m) continue;
    const params = m[2]!.split(';').map((s) => s.trim().toLowerCase());
    if (params.some((s) => /^rel\s*=\s*"?([^"]*)"?$/.exec(s)?.[1]?.split(/\s+/).includes('next')))
      return m[1]!;
  }
  return null;
}
