import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { roamingPartners } from '../../db/schema/index.js';
import { createTestDatabase } from '../../test/database.js';
import { requirePartner } from './auth.js';
import { credentialsModule } from './credentials-module.js';
import type { OcpiModuleEntry } from './registry.js';
import { registerRoaming } from './routes.js';
import { addPartner } from './partners.js';
import { authorizationHeader, hashToken } from './tokens.js';

// The auth helper the functional modules use, on a module made for this test.
let database: Database;
let app: FastifyInstance;
const emspToken = 'emsp-token-c-0123456789';
const cpoToken = 'cpo-token-c-0123456789';
let tokenA: string;

const echoModule: OcpiModuleEntry = {
  identifier: 'tokens',
  role: 'RECEIVER',
  path: 'tokens',
  register(scope) {
    scope.get('/tokens', { config: { ocpiModule: 'tokens' } }, async (request) => {
      const partner = await requirePartner(request);
      return { status_code: 1000, timestamp: '2026-11-24T00:00:00Z', data: partner.partyId };
    });
    scope.get('/tokens/emsp-only', { config: { ocpiModule: 'tokens' } }, async (request) => {
      await requirePartner(request, 'EMSP');
      return { status_code: 1000, timestamp: '2026-11-24T00:00:00Z' };
    });
  },
};

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', ROAMING_PARTY_ID: 'VPK' });
  app = Fastify();
  registerRoaming(app, { config, db: database.db }, [credentialsModule, echoModule]);
  await app.ready();
  const registered = {
    role: 'EMSP' as const,
    status: 'REGISTERED' as const,
    issuedTokenKind: 'C' as const,
    roles: [
      { role: 'EMSP', party_id: 'EMS', country_code: 'DE', business_details: { name: 'E' } },
      {
        role: 'EMSP',
        party_id: 'WHL',
        country_code: 'DE',
        business_details: { name: 'White label' },
      },
    ],
  };
  await database.db.insert(roamingPartners).values([
    {
      ...registered,
      countryCode: 'DE',
      partyId: 'EMS',
      name: 'eMSP',
      issuedTokenHash: hashToken(emspToken),
    },
    {
      ...registered,
      role: 'CPO',
      roles: [],
      countryCode: 'DE',
      partyId: 'CPO',
      name: 'CPO',
      issuedTokenHash: hashToken(cpoToken),
    },
  ]);
  tokenA = (
    await addPartner(database.db, {
      countryCode: 'AT',
      partyId: 'PEN',
      role: 'EMSP',
      name: 'Pending',
    })
  ).tokenA;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const get = (url: string, token: string | null, headers: Record<string, string> = {}) =>
  app.inject({
    url,
    headers: { ...headers, ...(token ? { authorization: authorizationHeader(token) } : {}) },
  });

describe('requirePartner', () => {
  it('lets a registered partner in and answers with the routing headers back to it', async () => {
    const res = await get('/ocpi/2.2.1/tokens', emspToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBe('EMS');
    expect(res.headers).toMatchObject({
      'ocpi-from-country-code': 'HU',
      'ocpi-from-party-id': 'VPK',
      'ocpi-to-country-code': 'DE',
      'ocpi-to-party-id': 'EMS',
    });
  });

  it('accepts OCPI-from of any party of the credentials and answers to that party', async () => {
    const res = await get('/ocpi/2.2.1/tokens', emspToken, {
      'ocpi-from-country-code': 'de',
      'ocpi-from-party-id': 'whl',
      'ocpi-to-country-code': 'HU',
      'ocpi-to-party-id': 'VPK',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['ocpi-to-party-id']).toBe('whl');
  });

  it('refuses another party in OCPI-from (403) and another receiver in OCPI-to (2001)', async () => {
    const from = await get('/ocpi/2.2.1/tokens', emspToken, {
      'ocpi-from-country-code': 'DE',
      'ocpi-from-party-id': 'CPO',
    });
    expect(from.statusCode).toBe(403);
    expect(from.json().status_code).toBe(2000);
    const to = await get('/ocpi/2.2.1/tokens', emspToken, {
      'ocpi-to-country-code': 'NL',
      'ocpi-to-party-id': 'XYZ',
    });
    expect(to.json().status_code).toBe(2001);
  });

  it('refuses Token A, an unknown token and no token with 401', async () => {
    for (const token of [tokenA, 'unknown-token-123', null]) {
      const res = await get('/ocpi/2.2.1/tokens', token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status_code: 2001 });
    }
    // Token A still opens the versions, as the handshake needs.
    expect((await get('/ocpi/versions', tokenA)).statusCode).toBe(200);
  });

  it('refuses a partner of the other role when the module asks for one', async () => {
    expect((await get('/ocpi/2.2.1/tokens/emsp-only', emspToken)).statusCode).toBe(200);
    const res = await get('/ocpi/2.2.1/tokens/emsp-only', cpoToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().status_code).toBe(2000);
  });

  it('lists the registered modules in the version details', async () => {
    const res = await get('/ocpi/2.2.1', emspToken);
    expect(res.json().data.endpoints).toEqual([
      {
        identifier: 'credentials',
        role: 'SENDER',
        url: 'http://localhost:8080/ocpi/2.2.1/credentials',
      },
      { identifier: 'tokens', role: 'RECEIVER', url: 'http://localhost:8080/ocpi/2.2.1/tokens' },
    ]);
  });

  it('accepts a token sent unencoded, as OCPI 2.1.1 peers do', async () => {
    const res = await app.inject({
      url: '/ocpi/2.2.1/tokens',
      headers: { authorization: `Token ${emspToken}` },
    });
    expect(res.statusCode).toBe(200);
  });
});
