import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { pointsLedger, serviceProviders } from '../../db/schema/loyalty.js';
import { createTestDatabase } from '../../test/database.js';
import { createActiveUser, userRow } from '../../test/users.js';
import { runLoyaltyCli } from './cli.js';
import { pointsBalance } from './points.js';
import { addShop } from './test-helpers.js';

let database: Database;
const open = async () => ({ ...database, close: async () => {} });
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function run(...argv: string[]) {
  const lines: string[] = [];
  const code = await runLoyaltyCli(
    argv,
    open,
    (s) => lines.push(s),
    (s) => lines.push(`ERR ${s}`),
  );
  return { code, text: lines.join('\n') };
}

describe('npm run loyalty', () => {
  it('grant books an adjustment with its reason; a negative grant never goes below zero', async () => {
    const user = await createActiveUser(database.db, 'granted@example.hu');
    const r = await run(
      'grant',
      '--email',
      'Granted@Example.hu',
      '--points',
      '500',
      '--reason',
      'Panasz',
    );
    expect(r).toMatchObject({ code: 0 });
    expect(r.text).toContain('500');
    expect(await pointsBalance(database.db, user.id)).toBe(500);
    const [row] = await database.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, user.id));
    expect(row).toMatchObject({ amount: 500, reason: 'ADJUSTMENT', description: 'Panasz' });

    const back = await run(
      'grant',
      '--email',
      'granted@example.hu',
      '--points',
      '-200',
      '--reason',
      'Tévedés',
    );
    expect(back.code).toBe(0);
    expect(await pointsBalance(database.db, user.id)).toBe(300);
    const tooMuch = await run(
      'grant',
      '--email',
      'granted@example.hu',
      '--points',
      '-301',
      '--reason',
      'x',
    );
    expect(tooMuch.code).toBe(1);
    expect(tooMuch.text).toContain('300');
    expect(await pointsBalance(database.db, user.id)).toBe(300);
  });

  it('refuses bad usage and unknown users', async () => {
    expect(
      (await run('grant', '--email', 'x@example.hu', '--points', 'lots', '--reason', 'r')).code,
    ).toBe(2);
    expect((await run('grant', '--email', 'x@example.hu', '--points', '5')).code).toBe(2);
    expect((await run('frobnicate')).code).toBe(2);
    const unknown = await run(
      'grant',
      '--email',
      'nobody@example.hu',
      '--points',
      '5',
      '--reason',
      'r',
    );
    expect(unknown).toEqual({
      code: 1,
      text: 'ERR No user has the e-mail address nobody@example.hu.',
    });
  });

  it('provider ties a user to the shop named and marks them SERVICE_PROVIDER', async () => {
    const shop = await addShop(database.db, 'Napfény Wellness');
    const user = await createActiveUser(database.db, 'recepcio@napfeny.hu');
    const r = await run('provider', '--email', 'recepcio@napfeny.hu', '--shop', 'Napfény Wellness');
    expect(r.code).toBe(0);
    expect((await userRow(database.db, user.id))!.types).toEqual(['USER', 'SERVICE_PROVIDER']);
    const [link] = await database.db
      .select()
      .from(serviceProviders)
      .where(eq(serviceProviders.userId, user.id));
    expect(link!.shopId).toBe(shop.id);
    // Again: still one type entry.
    expect(
      (await run('provider', '--email', 'recepcio@napfeny.hu', '--shop', 'Napfény Wellness')).code,
    ).toBe(0);
    expect((await userRow(database.db, user.id))!.types).toEqual(['USER', 'SERVICE_PROVIDER']);
    const noShop = await run('provider', '--email', 'recepcio@napfeny.hu', '--shop', 'Nincs Ilyen');
    expect(noShop.code).toBe(1);
    expect(noShop.text).toContain('Nincs Ilyen');
  });

  it('provider --remove takes the role and the shop back; the user stays a driver', async () => {
    await addShop(database.db, 'Kávé Sarok');
    const user = await createActiveUser(database.db, 'pult@kavesarok.hu');
    expect(
      (await run('provider', '--email', 'pult@kavesarok.hu', '--shop', 'Kávé Sarok')).code,
    ).toBe(0);
    const removed = await run('provider', '--email', 'Pult@KaveSarok.hu', '--remove');
    expect(removed).toEqual({
      code: 0,
      text: 'pult@kavesarok.hu no longer redeems coupons (was Kávé Sarok).',
    });
    expect((await userRow(database.db, user.id))!.types).toEqual(['USER']);
    expect(
      await database.db.select().from(serviceProviders).where(eq(serviceProviders.userId, user.id)),
    ).toEqual([]);
    // Again, and with a shop too: refused as a usage error, nothing changes.
    expect((await run('provider', '--email', 'pult@kavesarok.hu', '--remove')).code).toBe(0);
    expect(
      (await run('provider', '--email', 'pult@kavesarok.hu', '--shop', 'Kávé Sarok', '--remove'))
        .code,
    ).toBe(2);
    expect((await userRow(database.db, user.id))!.types).toEqual(['USER']);
  });
});
