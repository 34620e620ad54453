import { vi } from 'vitest';
import type { CouponOffer, User, UserCoupon } from '@voltpark/contract';

/** Test helpers: a fake API for the coupon screens that records the calls it gets. */

export function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
export const ok = (data: unknown) =>
  json(200, { result: true, data, messages: [], useAlert: false });
export const refused = (status: number, text: string) =>
  json(status, {
    result: false,
    data: null,
    messages: [{ severity: 'error', messageKey: 'x', text }],
    useAlert: true,
  });

export function offer(p: Partial<CouponOffer>): CouponOffer {
  return {
    id: 1,
    shopName: 'Kávé Sarok',
    shopUrl: null,
    type: 'SHOP',
    name: 'Egy kávé ajándékba',
    price: 300,
    priceUnit: 'POINTS',
    discountPercent: 100,
    couponCondition: null,
    description: null,
    categories: ['food'],
    cities: ['Budapest'],
    styleClass: null,
    activeTimeInMinutes: 60,
    activationUrl: null,
    activationUrlDescription: null,
    ...p,
  };
}

export function coupon(p: Partial<UserCoupon>): UserCoupon {
  return {
    couponCodeId: 1,
    couponCode: 'ABCDE23456',
    expire: null,
    expireDt: null,
    expireDiff: null,
    expireSec: null,
    usedAt: null,
    state: 'REDEEMABLE',
    offer: offer({}),
    points: 300,
    ...p,
  };
}

export function user(p: Partial<User> = {}): User {
  return {
    id: 1,
    email: 'anna@example.com',
    types: [],
    casualUser: false,
    casualCharge: false,
    preferedLanguage: 'hu',
    firstName: 'Anna',
    lastName: 'Kovács',
    phone: null,
    hasPassword: true,
    usedApple: false,
    usedFacebook: false,
    usedGoogle: false,
    ...p,
  };
}

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: URLSearchParams;
}

/**
 * Installs a fake `fetch`: `routes` maps "METHOD /path" (or "METHOD /path/*" for a trailing id)
 * to a function answering it. Unknown calls fail the way a missing server would (404).
 */
export function fakeServer(routes: Record<string, (c: Call) => Response | Promise<Response>>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const call: Call = {
        method,
        path: url.pathname,
        query: url.searchParams,
        body: new URLSearchParams(typeof init?.body === 'string' ? init.body : ''),
      };
      calls.push(call);
      const exact = routes[`${method} ${url.pathname}`];
      const wild = routes[`${method} ${url.pathname.replace(/\/[^/]+$/, '/*')}`];
      const handler = exact ?? wild;
      return handler
        ? handler(call)
        : json(404, { result: false, data: null, messages: [], useAlert: false });
    }),
  );
  return calls;
}
