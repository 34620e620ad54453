import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Location } from '@voltpark/contract/ocpi/locations';
import type { Tariff } from '@voltpark/contract/ocpi/tariffs';
import { authorizationHeader } from '../tokens.js';

// Test scaffolding: a partner CPO on port 0 that speaks just enough OCPI 2.2.1 for our eMSP
// side: versions, version details, credentials (POST, DELETE) and paged Locations and Tariffs
// Sender lists, with switches for the ways a real partner misbehaves.

export interface FakeCpo {
  url: string;
  countryCode: string;
  partyId: string;
  tokenA: string;
  /** The token we gave it (it pushes to us with it). */
  ourToken: string | null;
  locations: Location[];
  tariffs: Tariff[];
  /** Every list request: module, query. */
  requests: { module: 'locations' | 'tariffs'; query: Record<string, string> }[];
  /** ok; loop: Link back to the first page; foreign: Link to another host; broken: no <url>. */
  linkMode: 'ok' | 'loop' | 'foreign' | 'broken';
  close(): Promise<void>;
}

const pad = (i: number) => String(i).padStart(4, '0');
export const at = (d: Date) => d.toISOString().slice(0, 19) + 'Z';

export function fakeLocation(cc: string, pty: string, i: number, lastUpdated: string): Location {
  return {
    country_code: cc,
    party_id: pty,
    id: `LOC-${pad(i)}`,
    publish: true,
    name: `Station ${i}`,
    address: `Ring ${i}`,
    city: 'Wien',
    postal_code: '1010',
    country: 'AUT',
    coordinates: {
      latitude: (48.1 + i * 0.0001).toFixed(6),
      longitude: (16.3 + i * 0.0001).toFixed(6),
    },
    time_zone: 'Europe/Vienna',
    operator: { name: `Operator ${pty}` },
    evses: [
      {
        uid: `EVSE-${pad(i)}-1`,
        evse_id: `AT*${pty}*E${pad(i)}1`,
        status: 'AVAILABLE',
        connectors: [
          {
            id: '1',
            standard: 'IEC_62196_T2',
            format: 'SOCKET',
            power_type: 'AC_3_PHASE',
            max_voltage: 230,
            max_amperage: 32,
            tariff_ids: ['AC-1'],
            last_updated: lastUpdated,
          },
        ],
        last_updated: lastUpdated,
      },
      {
        uid: `EVSE-${pad(i)}-2`,
        status: 'CHARGING',
        connectors: [
          {
            id: '1',
            standard: 'IEC_62196_T2_COMBO',
            format: 'CABLE',
            power_type: 'DC',
            max_voltage: 920,
            max_amperage: 200,
            max_electric_power: 150_000,
            tariff_ids: ['DC-1'],
            last_updated: lastUpdated,
          },
        ],
        last_updated: lastUpdated,
      },
    ],
    last_updated: lastUpdated,
  };
}

export function fakeTariff(cc: string, pty: string, id: string, lastUpdated: string): Tariff {
  return {
    country_code: cc,
    party_id: pty,
    id,
    currency: 'EUR',
    elements: [
      {
        price_components: [
          { type: 'ENERGY', price: id.startsWith('DC') ? 0.59 : 0.39, vat: 20, step_size: 1 },
        ],
      },
    ],
    last_updated: lastUpdated,
  };
}

const MAX_LIMIT = 100;

export async function startFakeCpo(input: {
  countryCode: string;
  partyId: string;
  locations: number;
}): Promise<FakeCpo> {
  const app: FastifyInstance = Fastify();
  const t0 = at(new Date(Date.now() - 3600_000));
  const cc = input.countryCode;
  const pty = input.partyId;
  const tokenForUs = `fake-token-for-us-${pty}`;
  const state: FakeCpo = {
    url: '',
    countryCode: cc,
    partyId: pty,
    tokenA: `fake-token-a-${pty}`,
    ourToken: null,
    locations: Array.from({ length: input.locations }, (_, i) => fakeLocation(cc, pty, i + 1, t0)),
    tariffs: ['AC-1', 'DC-1', 'IDLE-1'].map((id) => fakeTariff(cc, pty, id, t0)),
    requests: [],
    linkMode: 'ok',
    close: () => app.close(),
  };
  const ok = (data: unknown) => ({
    data,
    status_code: 1000,
    timestamp: at(new Date()),
  });
  const authorized = (request: FastifyRequest, tokens: string[]) =>
    tokens.some((t) => request.headers.authorization === authorizationHeader(t));
  const refuse = { status_code: 2001, status_message: 'unknown token', timestamp: at(new Date()) };

  app.get('/ocpi/versions', async (request, reply) => {
    if (!authorized(request, [state.tokenA, tokenForUs])) return reply.status(401).send(refuse);
    return ok([{ version: '2.2.1', url: `${state.url}/ocpi/2.2.1` }]);
  });
  app.get('/ocpi/2.2.1', async (request, reply) => {
    if (!authorized(request, [state.tokenA, tokenForUs])) return reply.status(401).send(refuse);
    return ok({
      version: '2.2.1',
      endpoints: ['credentials', 'locations', 'tariffs'].map((identifier) => ({
        identifier,
        role: 'SENDER',
        url: `${state.url}/ocpi/2.2.1/${identifier}`,
      })),
    });
  });
  app.post('/ocpi/2.2.1/credentials', async (request, reply) => {
    if (!authorized(request, [state.tokenA])) return reply.status(401).send(refuse);
    state.ourToken = (request.body as { token: string }).token;
    return ok({
      token: tokenForUs,
      url: `${state.url}/ocpi/versions`,
      roles: [
        { role: 'CPO', party_id: pty, country_code: cc, business_details: { name: `CPO ${pty}` } },
      ],
    });
  });
  app.delete('/ocpi/2.2.1/credentials', async (request, reply) => {
    if (!authorized(request, [tokenForUs])) return reply.status(401).send(refuse);
    state.ourToken = null;
    return { status_code: 1000, timestamp: at(new Date()) };
  });

  const list = (module: 'locations' | 'tariffs') =>
    app.get(`/ocpi/2.2.1/${module}`, async (request, reply) => {
      if (!authorized(request, [tokenForUs])) return reply.status(401).send(refuse);
      const q = request.query as Record<string, string>;
      state.requests.push({ module, query: { ...q } });
      const all: { last_updated: string }[] =
        module === 'locations' ? state.locations : state.tariffs;
      const from = q.date_from ? new Date(q.date_from).getTime() : -Infinity;
      const items = all.filter((o) => new Date(o.last_updated).getTime() >= from);
      const offset = Number(q.offset ?? 0);
      const limit = Math.min(Number(q.limit ?? MAX_LIMIT), MAX_LIMIT);
      const page = items.slice(offset, offset + limit);
      reply.header('X-Total-Count', String(items.length)).header('X-Limit', String(MAX_LIMIT));
      if (offset + page.length < items.length) {
        const base = `${state.url}/ocpi/2.2.1/${module}`;
        // An honest Link, but asking for more than its own X-Limit: we must lower it.
        const next = new URLSearchParams({ offset: String(offset + page.length), limit: '250' });
        if (q.date_from) next.set('date_from', q.date_from);
        const link = {
          ok: `<${base}?${next.toString()}>; rel="next"`,
          loop: `<${base}>; rel="next"`,
          foreign: `<http://127.0.0.2:9/ocpi/2.2.1/${module}?${next.toString()}>; rel="next"`,
          broken: `${base}?${next.toString()}; rel=next`,
        }[state.linkMode];
        reply.header('Link', link);
      }
      return ok(page);
    });
  list('locations');
  list('tariffs');

  state.url = await app.listen({ port: 0, host: '127.0.0.1' });
  return state;
}
