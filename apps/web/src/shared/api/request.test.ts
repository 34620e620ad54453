import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, buildInit, buildPath, buildUrl, request } from './request';

describe('request building', () => {
  it('fills :params and encodes the query', () => {
    expect(buildPath('/api/v1/news/:id', { id: 5 })).toBe('/api/v1/news/5');
    expect(() => buildPath('/api/v1/news/:id', {})).toThrow(/id/);
    expect(
      buildUrl({ method: 'GET', path: '/api/v1/location/filtered-locations' }, undefined, {
        city: 'Gödöllő',
        searchCharger: true,
        x: undefined,
      }),
    ).toBe('/api/v1/location/filtered-locations?city=G%C3%B6d%C3%B6ll%C5%91&searchCharger=true');
  });

  it('form-encodes form bodies, JSON-encodes the rest, and sends X-Lang', () => {
    const form = buildInit({ method: 'POST', path: '/x', bodyType: 'form' }, 'en', {
      email: 'a@b.hu',
      n: 1,
    });
    expect(form.body).toBe('email=a%40b.hu&n=1');
    expect((form.headers as Record<string, string>)['Content-Type']).toBe(
      'application/x-www-form-urlencoded',
    );
    expect((form.headers as Record<string, string>)['X-Lang']).toBe('en');
    const json = buildInit({ method: 'POST', path: '/x', bodyType: 'json' }, 'hu', {
      shownNews: ['a'],
    });
    expect(json.body).toBe('{"shownNews":["a"]}');
    expect(buildInit({ method: 'GET', path: '/x' }, 'hu', { a: 1 }).body).toBeUndefined();
  });
});

describe('request', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('returns the envelope and raises ApiError with the envelope on 4xx', async () => {
    const env = {
      result: false,
      data: null,
      messages: [{ severity: 'error', messageKey: 'x', text: 'Nincs ilyen' }],
      useAlert: true,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(env), { status: 404 })),
    );
    const err = await request({ method: 'GET', path: '/api/v1/news/:id' }, 'hu', {
      params: { id: 9 },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(404);
    expect((err as ApiError).envelope?.messages[0]?.text).toBe('Nincs ilyen');
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const err = (await request({ method: 'GET', path: '/api/v1/news' }, 'hu').catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(err.network).toBe(true);
  });
});
