import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TestSocket } from '../realtime/test-client.js';
import { addOffer, addShop, driverWithPoints } from './test-helpers.js';

/**
 * A role given or taken by the operator's CLI, which runs in a process of its own: nothing in
 * the server's process is told. These tests change the database as that process does (plain
 * SQL, no cache invalidation here) and check what the server and a signed-in socket see.
 */
let t: TestApp;
let base: string;
let shop: { id: number };
let offer: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  shop = await addShop(t.database.db, 'Sarok Pékség');
  offer = await addOffer(t.database.db, shop.id, { price: 100 });
});
afterAll(() => t?.close());

async function giveRoleElsewhere(userId: number) {
  await t.database.db.execute(
    sql`update users set types = array_append(types, 'SERVICE_PROVIDER') where id = ${userId}`,
  );
  await t.database.db.execute(
    sql`insert into service_providers (user_id, shop_id) values (${userId}, ${shop.id})`,
  );
}

async function takeRoleElsewhere(userId: number) {
  await t.database.db.execute(
    sql`update users set types = array_remove(types, 'SERVICE_PROVIDER') where id = ${userId}`,
  );
  await t.database.db.execute(sql`delete from service_providers where user_id = ${userId}`);
}

const types = async (headers: Record<string, string>) =>
  (await t.app.inject({ url: '/api/v1/user/loggedin-user', headers })).json().data.types;

async function boughtCode(email: string): Promise<string> {
  const driver = await driverWithPoints(t.database.db, email, 500);
  const res = await t.app.inject({
    url: `/api/v1/coupon/buy-coupon/${offer.id}`,
    headers: driver.headers,
  });
  return res.json().data.couponCode as string;
}

const redeem = (headers: Record<string, string>, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/coupon/redeem',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `couponCode=${code}`,
  });

describe('a role change reaches signed-in sessions (decision 0031)', () => {
  it('redemption checks the role in the database on every call, whatever the session cached', async () => {
    const staff = await driverWithPoints(t.database.db, 'pult@sarokpekseg.hu', 0);
    // The session is resolved (and cached) as a plain driver's.
    expect(await types(staff.headers)).toEqual(['USER']);
    await giveRoleElsewhere(staff.id);
    const ok = await redeem(staff.headers, await boughtCode('vevo1@example.hu'));
    expect(ok.statusCode).toBe(200);

    await redeem(staff.headers, 'ZZZZZZZZZZ'); // the session is cached as a provider's now
    await takeRoleElsewhere(staff.id);
    const refused = await redeem(staff.headers, await boughtCode('vevo2@example.hu'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data.responseCode).toBe('NOT_SERVICE_PROVIDER');
  });

  it('a signed-in socket is told of the new types, and the next call shows them', async () => {
    const staff = await driverWithPoints(t.database.db, 'polc@sarokpekseg.hu', 0);
    const other = await driverWithPoints(t.database.db, 'masik@example.hu', 0);
    expect(await types(staff.headers)).toEqual(['USER']);
    const s = await TestSocket.open(`${base}/ws`);
    expect((await s.ask({ command: 'auth', accessToken: staff.accessToken })).topic).toBe(
      '/user/parkingSession',
    );
    const bystander = await TestSocket.open(`${base}/ws`);
    expect((await bystander.ask({ command: 'auth', accessToken: other.accessToken })).topic).toBe(
      '/user/parkingSession',
    );

    await giveRoleElsewhere(staff.id);
    expect(await s.next()).toEqual({
      topic: '/user/types',
      data: { types: ['USER', 'SERVICE_PROVIDER'] },
    });
    expect(await types(staff.headers)).toEqual(['USER', 'SERVICE_PROVIDER']);

    await takeRoleElsewhere(staff.id);
    expect(await s.next()).toEqual({ topic: '/user/types', data: { types: ['USER'] } });
    expect(await types(staff.headers)).toEqual(['USER']);

    // Another user's socket heard nothing of it.
    expect(await bystander.ask({ command: 'ping', requestId: 'p' })).toEqual({
      topic: '/pong',
      requestId: 'p',
      data: null,
    });
    s.close();
    bystander.close();
  });
});
