import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { redactQuery } from './logger.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('server core', () => {
  it('reports health and readiness with the database kind', async () => {
    const health = await t.app.inject({ url: '/healthz' });
    expect(health.json()).toMatchObject({ status: 'ok', mode: 'sandbox' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().database).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('answers an unknown API call with a translated 404 in the SPEC envelope', async () => {
    const hu = await t.app.inject({ url: '/api/v1/no-such-call' });
    expect(hu.statusCode).toBe(404);
    expect(hu.json()).toMatchObject({
      result: false,
      useAlert: true,
      data: { responseCode: 'ROUTE_NOT_FOUND' },
      messages: [
        { severity: 'error', messageKey: 'error.routeNotFound', text: 'Ismeretlen hívás.' },
      ],
    });
    const en = await t.app.inject({ url: '/api/v1/no-such-call', headers: { 'x-lang': 'en' } });
    expect(en.json().messages[0].text).toBe('Unknown call.');
  });

  it('rejects malformed JSON with a 400 envelope, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/news/filtered',
      headers: { 'content-type': 'application/json' },
      payload: '{"shownNews": [',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toBe(false);
  });

  it('publishes OpenAPI docs for every contract call, marking which are served', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/v1/location/locations'].get).toBeDefined();
    expect(doc.paths['/api/v1/news/{id}'].get.parameters[0]).toMatchObject({
      name: 'id',
      in: 'path',
    });
  });

  it('keeps secrets out of logged URLs', () => {
    expect(redactQuery('/api/file?type=invoice&name=a.pdf&token=abc123')).toBe(
      '/api/file?type=invoice&name=a.pdf&token=[hidden]',
    );
  });
});
