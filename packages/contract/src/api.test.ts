import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import FindMyWay from 'find-my-way';
import { apiRouteList, apiRoutes, routeGroups, routesOfOwner } from './api.js';
import type { AnyRoute } from './route.js';

const entries = apiRouteList;
const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z0-9_-]+)/g)].map((m) => m[1]);
const shapeKeys = (schema: z.ZodType | undefined): string[] => {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: object;
  };
  return Object.keys(json.properties ?? {}).sort();
};
const inputJson = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

describe('the route table', () => {
  it('has no name twice across the domain groups (a spread would hide one)', () => {
    const total = Object.values(routeGroups).reduce((n, g) => n + Object.keys(g).length, 0);
    expect(Object.keys(apiRoutes)).toHaveLength(total);
  });

  it('puts every path under /api/ and each method + path once', () => {
    const seen = new Set<string>();
    for (const [name, r] of entries) {
      expect(r.path, name).toMatch(/^\/api\/[A-Za-z0-9/:_-]+$/);
      const key = `${r.method} ${r.path}`;
      expect(seen.has(key), `${name}: ${key} twice`).toBe(false);
      seen.add(key);
    }
  });

  it('declares a params schema with exactly the :params of the path', () => {
    for (const [name, r] of entries) {
      expect(shapeKeys(r.params), name).toEqual(pathParams(r.path).sort());
    }
  });

  it('sends bodies only with POST, PUT and PATCH, and says how they are encoded', () => {
    for (const [name, r] of entries) {
      if (r.method === 'GET' || r.method === 'DELETE') expect(r.body, name).toBeUndefined();
      if (r.body) expect(['form', 'json'], name).toContain(r.bodyType);
    }
  });

  it('keeps form bodies flat (no nested objects or arrays in a form post)', () => {
    const nested = (s: unknown): boolean => {
      if (!s || typeof s !== 'object') return false;
      const o = s as { type?: unknown; anyOf?: unknown[]; oneOf?: unknown[] };
      if (o.type === 'object' || o.type === 'array') return true;
      return [...(o.anyOf ?? []), ...(o.oneOf ?? [])].some(nested);
    };
    for (const [name, r] of entries) {
      if (r.bodyType !== 'form' || !r.body) continue;
      const json = inputJson(r.body) as {
        properties?: Record<string, unknown>;
        oneOf?: { properties?: object }[];
        anyOf?: { properties?: object }[];
      };
      const variants = [json, ...(json.oneOf ?? []), ...(json.anyOf ?? [])] as {
        properties?: Record<string, unknown>;
      }[];
      for (const v of variants) {
        for (const [field, s] of Object.entries(v.properties ?? {}))
          expect(nested(s), `${name}.${field}`).toBe(false);
      }
    }
  });

  it('turns every schema into JSON Schema (the server builds OpenAPI from them)', () => {
    for (const [name, r] of entries) {
      for (const s of [r.params, r.query, r.body, r.response]) {
        if (s) expect(() => inputJson(s), name).not.toThrow();
      }
    }
  });

  it('routes every path to itself in the Fastify router, with no conflicts', () => {
    const router = FindMyWay();
    for (const [name, r] of entries) router.on(r.method, r.path, () => name, { name });
    for (const [name, r] of entries) {
      const url = r.path.replace(/:direction/, 'in').replace(/:[A-Za-z0-9_-]+/g, '12');
      const found = router.find(r.method, url);
      expect(found?.store, `${r.method} ${url}`).toEqual({ name });
    }
  });

  it('opens only these calls to visitors; every other call needs a user', () => {
    const open = entries
      .filter(([, r]) => r.auth !== 'user')
      .map(([name, r]) => `${name}:${r.auth}`);
    expect(open.sort()).toEqual(
      [
        'locations:none',
        'filteredLocations:none',
        'mapPoints:none',
        'mapLabels:none',
        'closestLocation:none',
        'location:none',
        'locationChargerPoi:none',
        'categories:none',
        'category:none',
        'charger:optional',
        'parkingByLocation:optional',
        'parkingLot:optional',
        'news:none',
        'newsFiltered:none',
        'newsPost:none',
        'frontPageAd:none',
        'frontPageAdRedirect:none',
        'footerRandom:none',
        'file:optional',
        'userSettings:none',
        'login:none',
        'googleLogin:none',
        'facebookLogin:none',
        'activate:none',
        'loginTicket:none',
        'appleLogin:none',
        'appleReturn:none',
        'register:none',
        'forgetPassword:none',
        'forgetPasswordChange:none',
        'oauthClient:none',
        'oauthToken:none',
        'captchaGenerate:none',
        'captchaImage:none',
        'chargerPorts:none',
        'billingCountries:none',
        'billingAddressTypes:none',
        'startCasualCharging:optional',
        'parkingStartCasual:optional',
        'surchargeStartCasual:none',
        'paymentReturn:none',
        'guestChargeAccess:none',
        'parkingGuestAccess:none',
      ].sort(),
    );
  });

  it('gives the account, wallet, history and session calls to a user', () => {
    const userPaths = [
      /^\/api\/v1\/user\/(loggedin-user|delete|lang|update|logout|credit-cards|default-card|delete-card|price-settings|skip-)/,
      /^\/api\/v1\/(car|coupon|wallet|billing-data\/(list|save|delete)|invoice|receipt|simplepay|online-wallet)/,
      /^\/api\/v1\/(charge|parking)\/(current|history|last-finished|stop|cancel)/,
    ];
    for (const [name, r] of entries) {
      if (userPaths.some((p) => p.test(r.path))) expect(r.auth, name).toBe('user');
    }
  });

  it('marks non-JSON answers raw and JSON answers with an envelope', () => {
    for (const [name, r] of entries) {
      if (r.raw) continue;
      const json = inputJson(r.response) as { properties?: object };
      if (name === 'oauthToken')
        expect(Object.keys(json.properties ?? {}), name).toContain('access_token');
      else
        expect(Object.keys(json.properties ?? {}).sort(), name).toEqual(
          ['data', 'extraData', 'message', 'messages', 'result', 'useAlert'].sort(),
        );
    }
  });

  it('keeps the wire names of SPEC §7, historical spellings included', () => {
    const byName = apiRoutes as Record<string, AnyRoute>;
    const paths = entries.map(([, r]) => `${r.method} ${r.path}`);
    for (const p of [
      'GET /api/v1/wallet/wallet-ballance',
      'GET /api/v1/wallet/wallet-balance',
      'POST /api/v1/user/forget-password',
      'POST /api/v1/user/forget-password-change',
      'GET /api/v1/invoice/invoices-of-billingdata',
      'POST /api/security/generate',
      'GET /api/security/image',
      'POST /api/v1/oauth/token',
      'POST /api/v1/parking/parking-lot/:lotId/:direction/open',
      'GET /api/v1/parking/:parkingId/car-plate/:plate',
      'POST /api/v1/parking-surcharge/:id/pay',
      'GET /api/v1/vehicle/switch-to-vehicle-from-list',
      'GET /api/v1/charger/cancel-charge-before-start',
    ]) {
      expect(paths).toContain(p);
    }
    expect(shapeKeys(byName.carCreate?.body)).toEqual(['licencePlate', 'vehicleId']);
    expect(shapeKeys(byName.carUpdate?.body)).toEqual(['id', 'licensePlate']);
    expect(shapeKeys(byName.keepCustomVehicle?.query)).toEqual(['vehicle-id']);
    expect(shapeKeys(byName.chargeWallet?.query)).toEqual(
      ['amount', 'billing-data-id', 'fcmToken', 'platform'].sort(),
    );
    expect(shapeKeys(byName.startCasualCharging?.query)).toEqual(
      ['amount', 'charger-id', 'email', 'fcmToken', 'parkCode', 'platform'].sort(),
    );
    expect(shapeKeys(byName.startChargingCard?.query)).toEqual(
      expect.arrayContaining([
        'card-id',
        'lang',
        'java',
        'color',
        'height',
        'width',
        'tz',
        'platform',
      ]),
    );
    expect(shapeKeys(byName.register?.body)).toEqual(
      [
        'accepted',
        'chargerId',
        'code',
        'email',
        'gateId',
        'inputCode',
        'password',
        'password2',
        'phone',
      ].sort(),
    );
    expect(shapeKeys(byName.parkingStop?.body)).toEqual(
      [
        'billingDataId',
        'card-id',
        // Added to SPEC's call (decision 0019): a saved card pays only with its secret code.
        'cardSecret',
        'color',
        'email',
        'height',
        'java',
        'lang',
        'paymentMethod',
        'tz',
        'width',
      ].sort(),
    );
  });

  it('lists the calls of one issue', () => {
    const names = routesOfOwner('billing').map(([n]) => n);
    expect(names).toContain('billingDataSave');
    expect(
      names.every((n) => (apiRoutes as Record<string, AnyRoute>)[n]?.owner === 'billing'),
    ).toBe(true);
  });
});
