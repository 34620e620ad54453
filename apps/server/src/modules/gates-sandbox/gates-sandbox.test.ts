import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { parkingSessions } from '../../db/schema/index.js';
import { createActiveUser } from '../../test/users.js';
import { seedDemoData } from '../../db/seed/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { collect, gateRow, until } from '../gates/test-helpers.js';
import { productionEnv } from '../../test/production-env.js';

let t: TestApp;
let gateIds: number[];

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestApp({
    seed: (d) => seedDemoData(d.db),
    env: {
      HOST: '127.0.0.1',
      GATES_MQTT_PORT: '0',
      SIMULATE_GATES: '1',
      SANDBOX_AUTO_CAR: '0',
      SIMULATE_CHARGERS: '0',
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.app.gates.whenStarted();
  gateIds = [...t.app.gates.sims!.controllers.keys()].sort((a, b) => a - b);
  await until(async () => {
    const [r] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from gates where online`),
    );
    return r!.n === gateIds.length;
  }, 'every demo gate online');
});
afterAll(() => t?.close());

const page = (lang?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/sandbox/gates${lang ? `?lang=${lang}` : ''}`, headers });

/** Posts the page's form for a gate as a browser on this site would. */
const act = (gateId: number | string, form: Record<string, string>, headers = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/sandbox/gates/${gateId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ lang: 'en', ...form }).toString(),
  });

/** The outcome message key the answer's redirect carries. */
const outcome = (res: { statusCode: number; headers: Record<string, unknown> }) => {
  expect(res.statusCode).toBe(303);
  return new URL(String(res.headers.location), 'http://x').searchParams.get('msg');
};

describe('/sandbox/gates page', () => {
  it('lists every demo gate by lot in Hungarian and in English, marked as a sandbox, without scripts', async () => {
    expect(gateIds.length).toBeGreaterThan(1);
    const hu = await page('hu');
    expect(hu.statusCode).toBe(200);
    expect(hu.headers['content-security-policy']).toContain("default-src 'none'");
    expect(hu.body).toContain('<html lang="hu">');
    expect(hu.body).toContain('SANDBOX');
    expect(hu.body).toContain('Sorompók – sandbox');
    expect(hu.body).toContain('Autó érkezik');
    expect(hu.body).not.toMatch(/<script/i);
    const en = await page('en');
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('Car arrives');
    const lots = rowsOf<{ name: string }>(
      await t.database.db.execute(
        sql`select distinct l.name from parking_lots l join gates g on g.parking_lot_id = l.id`,
      ),
    );
    for (const body of [hu.body, en.body]) {
      for (const id of gateIds) expect(body).toContain(`id="gate-${id}"`);
      for (const l of lots) expect(body).toContain(l.name.replace(/&/g, '&amp;'));
    }
    // The lots in Hungarian alphabetical order ("Árkád" with the A's, not after "Zsolnay").
    const names = lots.map((l) => l.name.replace(/&/g, '&amp;'));
    const shown = [...names].sort((a, b) => hu.body.indexOf(a) - hu.body.indexOf(b));
    expect(shown).toEqual([...names].sort(new Intl.Collator('hu').compare));
    expect(names.some((n) => /^[ÁÉÍÓÖŐÚÜŰ]/.test(n))).toBe(true);
    // Accept-Language chooses when ?lang= is not given; Hungarian is the default.
    expect((await page(undefined, { 'accept-language': 'en-GB,en;q=0.8' })).body).toContain(
      '<html lang="en">',
    );
    expect((await page()).body).toContain('<html lang="hu">');
  });

  it('shows one lot when asked, and an action brings the tester back to it', async () => {
    const [lot] = rowsOf<{ lot: number; ids: number[] }>(
      await t.database.db.execute(
        sql`select parking_lot_id as lot, array_agg(id order by id) as ids from gates group by 1 having count(*) > 1 limit 1`,
      ),
    );
    const one = await t.app.inject({ url: `/sandbox/gates?lang=en&lot=${lot!.lot}` });
    const shownIds = [...one.body.matchAll(/<section class="gate" id="gate-(\d+)"/g)].map((x) =>
      Number(x[1]),
    );
    expect(shownIds).toEqual(lot!.ids);
    expect(one.body).toContain(`href="/sandbox/gates?lang=hu&amp;lot=${lot!.lot}"`);
    expect(one.body).toContain(`<input type="hidden" name="lot" value="${lot!.lot}">`);
    const res = await act(lot!.ids[0]!, { action: 'silent', lot: String(lot!.lot) });
    expect(String(res.headers.location)).toMatch(
      new RegExp(`^/sandbox/gates\\?lang=en&lot=${lot!.lot}&`),
    );
    await act(lot!.ids[0]!, { action: 'answer' });
    // An unknown lot shows every lot.
    const all = await t.app.inject({ url: '/sandbox/gates?lang=en&lot=999999' });
    for (const id of gateIds) expect(all.body).toContain(`id="gate-${id}"`);
  });

  it('gives every field a label and every section a heading', async () => {
    const { body } = await page('en');
    const inputs = [...body.matchAll(/<input id="([^"]+)"/g)].map((m) => m[1]);
    expect(inputs.length).toBe(gateIds.length);
    for (const id of inputs) expect(body).toContain(`<label for="${id}">`);
    expect(body.match(/<h1>/g)).toHaveLength(1);
    const sections = body.match(/<section [^>]*aria-labelledby="([^"]+)"/g) ?? [];
    for (const s of sections) {
      const id = /aria-labelledby="([^"]+)"/.exec(s)![1]!;
      expect(body).toMatch(new RegExp(`<h[23] id="${id}">`));
    }
    for (const b of body.match(/<button[^>]*>([^<]*)<\/button>/g) ?? []) {
      expect(b.replace(/<[^>]+>/g, '').trim()).not.toBe('');
    }
  });
});

describe('tester actions reach the server over MQTT', () => {
  it('a car arrives with a plate, then drives away', async () => {
    const gateId = gateIds[0]!;
    expect(outcome(await act(gateId, { action: 'arrive', plate: 'abc-123' }))).toBe(
      'sandboxGates.done.arrive',
    );
    await until(async () => (await gateRow(t.database.db, gateId)).carPresent, 'car present');
    expect((await gateRow(t.database.db, gateId)).plate).toBe('ABC123');
    expect((await t.app.gates.service.canOpen(gateId)).canOpen).toBe(true);
    const shown = await page('en');
    expect(shown.body).toContain('ABC123');
    expect(outcome(await act(gateId, { action: 'leave' }))).toBe('sandboxGates.done.leave');
    await until(async () => !(await gateRow(t.database.db, gateId)).carPresent, 'car gone');
    expect((await gateRow(t.database.db, gateId)).plate).toBeNull();
    expect((await t.app.gates.service.canOpen(gateId)).error?.code).toBe('NO_CAR_AT_GATE');
  });

  it('drives through only an open barrier, and the server hears `passed`', async () => {
    const gateId = gateIds[1]!;
    const passed = collect(t.app.gates.service, 'passed');
    await act(gateId, { action: 'arrive' });
    await until(async () => (await gateRow(t.database.db, gateId)).carPresent, 'car present');
    expect(outcome(await act(gateId, { action: 'pass' }))).toBe('sandboxGates.error.barrierClosed');
    expect((await gateRow(t.database.db, gateId)).carPresent).toBe(true);
    await t.app.gates.service.openGate(gateId, 'sandbox page test', {
      subject: 'test:pass',
      requireCar: true,
    });
    await t.app.gates.service.settled();
    expect((await page('en')).body).toContain('open, waiting for the car to pass');
    expect(outcome(await act(gateId, { action: 'pass' }))).toBe('sandboxGates.done.pass');
    await until(() => passed.some((p) => p.gateId === gateId), 'passed');
    expect(passed.find((p) => p.gateId === gateId)?.subject).toBe('test:pass');
    expect((await gateRow(t.database.db, gateId)).carPresent).toBe(false);
    expect(await t.app.gates.service.pendingRequest(gateId)).toBeNull();
  });

  it('the sensor fails and is repaired', async () => {
    const gateId = gateIds[0]!;
    expect(outcome(await act(gateId, { action: 'sensorFault' }))).toBe(
      'sandboxGates.done.sensorFault',
    );
    await until(async () => (await gateRow(t.database.db, gateId)).sensor === 'fault', 'fault');
    expect((await t.app.gates.service.canOpen(gateId)).error?.code).toBe('SENSOR_NOT_ACTIVE');
    expect((await page('en')).body).toContain('Sensor repaired');
    await act(gateId, { action: 'sensorOk' });
    await until(async () => (await gateRow(t.database.db, gateId)).sensor === 'ok', 'sensor ok');
  });

  it('the controller drops out (last will) and comes back', async () => {
    const gateId = gateIds[0]!;
    expect(outcome(await act(gateId, { action: 'offline' }))).toBe('sandboxGates.done.offline');
    await until(async () => !(await gateRow(t.database.db, gateId)).online, 'offline');
    expect((await t.app.gates.service.canOpen(gateId)).error?.code).toBe('GATE_OFFLINE');
    expect(outcome(await act(gateId, { action: 'arrive' }))).toBe('sandboxGates.error.offline');
    expect((await page('en')).body).toContain('Controller comes back');
    expect(outcome(await act(gateId, { action: 'online' }))).toBe('sandboxGates.done.online');
    await until(async () => (await gateRow(t.database.db, gateId)).online, 'online again');
  });

  it('the controller stops and resumes acknowledging commands', async () => {
    const gateId = gateIds[0]!;
    const sim = t.app.gates.sims!.controllers.get(gateId)!;
    expect(outcome(await act(gateId, { action: 'silent' }))).toBe('sandboxGates.done.silent');
    expect(sim.ackMode).toBe('silent');
    expect(outcome(await act(gateId, { action: 'answer' }))).toBe('sandboxGates.done.answer');
    expect(sim.ackMode).toBe('normal');
  });

  it('the leave time runs out at an exit: a parking still inside restarts (an overstay), nothing else changes', async () => {
    const db = t.database.db;
    const gates = rowsOf<{ id: number; direction: string; lot: number }>(
      await db.execute(
        sql`select id, direction::text as direction, parking_lot_id as lot from gates order by id`,
      ),
    ).filter((g) => gateIds.includes(g.id));
    const exit = gates.find((g) => g.direction !== 'IN')!;
    const entry = gates.find((g) => g.direction === 'IN' && g.lot === exit.lot);
    const user = await createActiveUser(db, 'overstay.sandbox@example.hu');
    const second = await createActiveUser(db, 'overstay.sandbox2@example.hu');
    const insert = (lot: number, code: string, userId = user.id) =>
      db
        .insert(parkingSessions)
        .values({
          userId,
          parkingLotId: lot,
          status: 'FINISHING',
          chargeCode: code,
          tariffName: 'Teszt',
          freeParking: false,
          grossUnitParking: 600,
          freeMinutes: 0,
          grossSurchargeFeePerDay: 5000,
          convenienceFeeGross: 0,
          parkingFrom: new Date(Date.now() - 3_600_000),
          parkingTo: new Date(),
          parkingWillFinishAt: new Date(Date.now() + 15 * 60_000),
        })
        .returning();
    const [here] = await insert(exit.lot, 'OVST1');
    const other = gates.find((g) => g.lot !== exit.lot)!;
    const [elsewhere] = await insert(other.lot, 'OVST2', second.id);
    const statusOf = async (id: number) =>
      (await db.select().from(parkingSessions).where(eq(parkingSessions.id, id)))[0]!;

    // An entry gate offers no such button and does nothing.
    if (entry) {
      expect(outcome(await act(entry.id, { action: 'overstay' }))).toBe(
        'sandboxGates.error.nobodyLeaving',
      );
      expect((await statusOf(here!.id)).status).toBe('FINISHING');
    }
    const shown = await t.app.inject({ url: `/sandbox/gates?lang=hu&lot=${exit.lot}` });
    expect(shown.body).toContain('Lejár a kihajtási idő (az autó bent marad)');

    expect(outcome(await act(exit.id, { action: 'overstay' }))).toBe('sandboxGates.done.overstay');
    expect(await statusOf(here!.id)).toMatchObject({ status: 'STARTED', round: 1 });
    // Another lot's parking is not touched.
    expect(await statusOf(elsewhere!.id)).toMatchObject({ status: 'FINISHING', round: 0 });
    // Nobody left to leave: said so.
    expect(outcome(await act(exit.id, { action: 'overstay' }))).toBe(
      'sandboxGates.error.nobodyLeaving',
    );
    await db
      .update(parkingSessions)
      .set({ status: 'FINISHED' })
      .where(sql`${parkingSessions.userId} in (${user.id}, ${second.id})`);
  });

  it('refuses bad input with a translated message, never a 500, and changes nothing', async () => {
    const gateId = gateIds[0]!;
    const bad = await act(gateId, { action: 'arrive', plate: 'ABC<1>' });
    expect(outcome(bad)).toBe('sandboxGates.error.plate');
    const shown = await t.app.inject({ url: String(bad.headers.location) });
    expect(shown.body).toContain(`id="plate-${gateId}" `);
    expect(shown.body).toMatch(new RegExp(`id="plate-${gateId}"[^>]*aria-invalid="true"`));
    expect(shown.body).toContain('A plate may hold only letters');
    // The outcome leads the title, so it is read first when the page loads.
    expect(shown.body).toMatch(/<title>A plate may hold only letters[^<]*Gates – sandbox/);
    expect(outcome(await act(gateId, { action: 'explode' }))).toBe('sandboxGates.error.action');
    expect(outcome(await act(999_999, { action: 'arrive' }))).toBe(
      'sandboxGates.error.unknownGate',
    );
    expect(outcome(await act('x', { action: 'arrive' }))).toBe('sandboxGates.error.unknownGate');
    const foreign = await act(gateId, { action: 'arrive' }, { origin: 'https://evil.example' });
    expect(outcome(foreign)).toBe('sandboxGates.error.foreign');
    const hu = await t.app.inject({
      url: '/sandbox/gates?lang=hu&gate=0&msg=sandboxGates.error.foreign',
    });
    expect(hu.body).toContain('Ez a kérés más oldalról jött');
    // A message key that is not one of the page's outcomes is not shown.
    const other = await t.app.inject({ url: '/sandbox/gates?lang=en&gate=0&msg=invalid.required' });
    expect(other.body).not.toContain('role="alert"');
    expect((await gateRow(t.database.db, gateId)).carPresent).toBe(false);
  });
});

describe('outside the sandbox', () => {
  it('answers 404 without simulated gates', async () => {
    const off = await createTestApp({ env: { SIMULATE_GATES: '0' } });
    try {
      const get = await off.app.inject({ url: '/sandbox/gates?lang=en' });
      expect(get.statusCode).toBe(404);
      expect(get.body).toContain('only in sandbox mode');
      const post = await off.app.inject({
        method: 'POST',
        url: '/sandbox/gates/1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'action=arrive',
      });
      expect(post.statusCode).toBe(404);
      expect(off.app.gatesSandbox).toBeUndefined();
    } finally {
      await off.close();
    }
  });

  it('answers 404 in production', async () => {
    const prod = await createTestApp({
      env: { ...productionEnv, DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused' },
    });
    try {
      expect((await prod.app.inject({ url: '/sandbox/gates' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
