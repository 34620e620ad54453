import { describe, expect, it } from 'vitest';
import type { FastifyReply } from 'fastify';
import { pagingHeaders, parsePaging } from './paging.js';

const limits = { defaultLimit: 100, maxLimit: 500 };

describe('OCPI paging parameters', () => {
  it('defaults, and a limit above the server maximum is lowered to it', () => {
    expect(parsePaging({}, limits)).toEqual({ ok: true, paging: { offset: 0, limit: 100 } });
    expect(parsePaging({ offset: '20', limit: '9999' }, limits)).toEqual({
      ok: true,
      paging: { offset: 20, limit: 500 },
    });
  });

  it('reads date_from and date_to as UTC, with or without the Z', () => {
    const r = parsePaging(
      { date_from: '2026-11-24T09:00:00Z', date_to: '2026-11-24T10:00:00.5' },
      limits,
    );
    expect(r).toEqual({
      ok: true,
      paging: {
        offset: 0,
        limit: 100,
        dateFrom: new Date('2026-11-24T09:00:00Z'),
        dateTo: new Date('2026-11-24T10:00:00.500Z'),
      },
    });
  });

  it.each([
    [{ offset: '-1' }, /offset/],
    [{ offset: '1.5' }, /offset/],
    [{ offset: 'abc' }, /offset/],
    [{ offset: '99999999999' }, /offset/],
    [{ offset: ['1', '2'] }, /offset/],
    [{ limit: '0' }, /limit/],
    [{ limit: '' }, /limit/],
    [{ limit: ' 5' }, /limit/],
    [{ date_from: 'yesterday' }, /date_from/],
    [{ date_from: '2026-11-24T09:00:00+01:00' }, /date_from/],
    [{ date_to: '2026-11-24' }, /date_to/],
    [{ date_to: '2026-13-45T99:00:00Z' }, /date_to/],
  ])('refuses %j', (query, message) => {
    const r = parsePaging(query, limits);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.message).toMatch(message);
  });
});

describe('OCPI paging headers', () => {
  const capture = () => {
    const headers: Record<string, string> = {};
    const reply = { header: (k: string, v: string) => (headers[k] = v) } as unknown as FastifyReply;
    return { headers, reply };
  };

  it('a next link keeps the limit and the filters', () => {
    const { headers, reply } = capture();
    pagingHeaders(reply, {
      url: 'https://voltpark.hu/ocpi/cpo/2.2.1/locations',
      paging: { offset: 10, limit: 10, dateFrom: new Date('2026-11-24T09:00:00Z') },
      returned: 10,
      total: 25,
      maxLimit: 500,
    });
    expect(headers).toEqual({
      'X-Total-Count': '25',
      'X-Limit': '500',
      Link: '<https://voltpark.hu/ocpi/cpo/2.2.1/locations?offset=20&limit=10&date_from=2026-11-24T09%3A00%3A00.000Z>; rel="next"',
    });
  });

  it('the last page has no next link', () => {
    const { headers, reply } = capture();
    pagingHeaders(reply, {
      url: 'https://x/y',
      paging: { offset: 20, limit: 10 },
      returned: 5,
      total: 25,
      maxLimit: 500,
    });
    expect(headers.Link).toBeUndefined();
    expect(headers['X-Total-Count']).toBe('25');
  });
});
