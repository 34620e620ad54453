import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ocppTransactions } from '../../db/schema/index.js';
import { createActiveUser } from '../../test/users.js';
import { ChargingHarness, TARIFF, until, untilStatus, type Caller } from './test-helpers.js';

/** Saved card (OneClick), guest charging and paying an open receipt, end to end. */
let h: ChargingHarness;
let anna: Awaited<ReturnType<typeof createActiveUser>>;

beforeAll(async () => {
  h = await ChargingHarness.start();
  anna = await createActiveUser(h.db, 'anna.modes@example.hu');
});
afterAll(() => h.close());

async function meteredWh(chargeId: number) {
  const c = await h.charge(chargeId);
  const [tx] = await h.db
    .select()
    .from(ocppTransactions)
    .where(eq(ocppTransactions.id, c.ocppTransactionId!));
  return tx!.meterStopWh! - tx!.meterStartWh;
}
const expectedPrice = (wh: number) =>
  Math.round((wh * TARIFF.unitChargingGross) / 1000) + TARIFF.convenienceFeeGross;

async function finished(user: Caller) {
  await until(async () => (await h.api('/api/v1/charge/current', user)).body.data === null);
  return (await h.api('/api/v1/charge/last-finished', user)).body.data;
}

async function registerCard(user: Caller, secret: string) {
  const reg = await fetch(`${h.base}/api/v1/simplepay/card-registration`, {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardSecret: secret }),
  }).then((r) => r.json() as Promise<{ data: string }>);
  await h.payOnPage(reg.data);
  const cards = await until(async () => {
    const list = (await h.api('/api/v1/user/credit-cards', user)).body.data as {
      cardId: number;
      cardMask: string;
    }[];
    return list[0]?.cardMask ? list : null;
  });
  return cards[0]!.cardId;
}

describe('saved card (OneClick)', () => {
  it('a wrong secret code is refused with SIMPLEPAY_INVALID_PASSWORD and starts nothing', async () => {
    const { chargerId } = await h.charger('CP-ONECLICK-BAD');
    const cardId = await registerCard(anna, 'titok1234');
    const bad = await h.api(
      `/api/v1/charger/start-charging-card?charger-id=${chargerId}&card-id=${cardId}&cardSecret=rossz9999&charging-energy=2`,
      anna,
    );
    expect(bad.status).toBe(402);
    expect(bad.body.data.responseCode).toBe('SIMPLEPAY_INVALID_PASSWORD');
    expect((await h.api('/api/v1/charge/current', anna)).body.data).toBeNull();
    const missing = await h.api(
      `/api/v1/charger/start-charging-card?charger-id=${chargerId}&card-id=${cardId}&charging-energy=2`,
      anna,
    );
    expect(missing.status).toBe(400);
  });

  it('holds on the saved card, starts after the IPN, stops at the booked energy and captures the metered cost', async () => {
    const { chargerId, sim } = await h.charger('CP-ONECLICK');
    const [card] = (await h.api('/api/v1/user/credit-cards', anna)).body.data as {
      cardId: number;
    }[];
    const other = await createActiveUser(h.db, 'other.modes@example.hu');
    const foreign = await h.api(
      `/api/v1/charger/start-charging-card?charger-id=${chargerId}&card-id=${card!.cardId}&cardSecret=titok1234&charging-energy=2`,
      other,
    );
    expect(foreign.status).toBe(404);

    const start = await h.api(
      `/api/v1/charger/start-charging-card?charger-id=${chargerId}&card-id=${card!.cardId}&cardSecret=titok1234&charging-energy=2`,
      anna,
    );
    expect(start.status).toBe(200);
    expect(start.body.data).toBeNull();
    const started = await untilStatus(h, anna, 'STARTED');
    expect(started.bookedEnergy).toBe(2);
    await h.meterUntilStopped(sim, started.id);
    const record = await finished(anna);
    const wh = await meteredWh(started.id);
    expect(wh).toBeGreaterThanOrEqual(2000);
    expect(record.grossPrice).toBe(expectedPrice(wh));
    const hold = await h.hold(started.id);
    expect(hold!.amount).toBe(Math.ceil(2 * 150) + 200);
    // Capped at the hold; anything metered above it stays open on the receipt.
    expect(hold).toMatchObject({
      status: 'captured',
      capturedAmount: Math.min(hold!.amount, expectedPrice(wh)),
    });
  });
});

/** The emulator's 3-D Secure page answered with a code (1234 succeeds). */
async function confirmChallenge(address: string, code = '1234') {
  const u = new URL(address, h.base);
  const page = `${h.base}${u.pathname}`;
  const html = await (await fetch(page)).text();
  const formToken = /name="formToken" value="([^"]+)"/.exec(html)![1]!;
  const res = await fetch(page, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ formToken, action: 'confirm', code }),
  });
  return res.headers.get('location') ?? '';
}

describe('saved card with a 3-D Secure challenge', () => {
  it('returns the challenge page, waits in NEW with it, and starts once the bank confirms', async () => {
    const { chargerId, sim } = await h.charger('CP-3DS');
    const cecil = await createActiveUser(h.db, 'cecil.modes@example.hu');
    const reg = await fetch(`${h.base}/api/v1/simplepay/card-registration`, {
      method: 'POST',
      headers: { ...cecil.headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardSecret: 'titok3ds' }),
    }).then((r) => r.json() as Promise<{ data: string }>);
    await confirmChallenge(await h.payOnPage(reg.data, '4111111111111111'));
    const [card] = await until(async () => {
      const list = (await h.api('/api/v1/user/credit-cards', cecil)).body.data as {
        cardId: number;
        cardMask: string;
      }[];
      return list[0]?.cardMask ? list : null;
    });

    const start = await h.api(
      `/api/v1/charger/start-charging-card?charger-id=${chargerId}&card-id=${card!.cardId}&cardSecret=titok3ds&charging-amount=2000&java=false&color=24&height=800&width=400&tz=-60&lang=hu`,
      cecil,
    );
    expect(start.status).toBe(200);
    expect(start.body.data).toMatch(/\/challenge$/);
    const waiting = (await h.api('/api/v1/charge/current', cecil)).body.data;
    expect(waiting).toMatchObject({ chargingStatus: 'NEW', paymentUrl: start.body.data });

    await confirmChallenge(start.body.data);
    const started = await untilStatus(h, cecil, 'STARTED');
    // Some charging time passes before the meter reading.
    await new Promise((r) => setTimeout(r, 50));
    await sim.tickAll();
    await h.api(
      `/api/v1/charger/stop-charging?chargerId=${chargerId}&chargeId=${started.id}`,
      cecil,
    );
    const record = await finished(cecil);
    const wh = await meteredWh(started.id);
    expect(record.grossPrice).toBe(expectedPrice(wh));
    expect(await h.hold(started.id)).toMatchObject({
      status: 'captured',
      capturedAmount: Math.min(2000, expectedPrice(wh)),
    });
  });
});

describe('guest (casual) charging', () => {
  it('makes a guest for the e-mail, returns user and token, pays on the pay page and bills the card', async () => {
    const { chargerId, sim } = await h.charger('CP-GUEST');
    const start = await h.api(
      `/api/v1/charger/start-casual-charging?charger-id=${chargerId}&amount=5000&email=Guest.One@Example.hu`,
    );
    expect(start.status).toBe(200);
    expect(start.body.data).toMatch(/\/sandbox\/simplepay\/pay\//);
    const { user, token } = start.body.extraData.data;
    expect(user).toMatchObject({ email: 'guest.one@example.hu', casualUser: true });
    const guest = {
      headers: { authorization: `Basic ${Buffer.from(`${user.id}:${token}`).toString('base64')}` },
    };
    const waiting = (await h.api('/api/v1/charge/current', guest)).body.data;
    expect(waiting).toMatchObject({ chargingStatus: 'NEW', paymentUrl: start.body.data });

    await h.payOnPage(start.body.data);
    const started = await untilStatus(h, guest, 'STARTED');
    // Some charging time passes before the meter reading.
    await new Promise((r) => setTimeout(r, 50));
    await sim.tickAll();
    await h.api(
      `/api/v1/charger/stop-charging?chargerId=${chargerId}&chargeId=${started.id}`,
      guest,
    );
    const record = await finished(guest);
    const wh = await meteredWh(started.id);
    expect(record.grossPrice).toBe(expectedPrice(wh));
    expect((await h.hold(started.id))!.capturedAmount).toBe(expectedPrice(wh));

    // The same e-mail again without the guest's session: a charge, and for the stranger only a
    // session that sees this one charge (not the guest's history).
    const again = await h.api(
      `/api/v1/charger/start-casual-charging?charger-id=${chargerId}&amount=10000&email=guest.one@example.hu`,
    );
    expect(again.status).toBe(200);
    const stranger = again.body.extraData.data;
    const scoped = {
      headers: {
        authorization: `Basic ${Buffer.from(`${stranger.user.id}:${stranger.token}`).toString('base64')}`,
      },
    };
    expect((await h.api('/api/v1/charge/last-finished', scoped)).body.data).toBeNull();
    expect((await h.api('/api/v1/charge/history', scoped)).body.data).toEqual([]);
    const second = (await h.api('/api/v1/charge/current', guest)).body.data;
    expect((await h.api('/api/v1/charge/current', scoped)).body.data.id).toBe(second.id);
    await h.api(`/api/v1/charger/cancel-charge-before-start?chargeId=${second.id}`, guest);
  });

  it('refuses a registered user’s e-mail and amounts not offered', async () => {
    const { chargerId } = await h.charger('CP-GUEST-BAD');
    const registered = await h.api(
      `/api/v1/charger/start-casual-charging?charger-id=${chargerId}&amount=5000&email=anna.modes@example.hu`,
    );
    expect(registered.status).toBe(409);
    expect(registered.body.data.responseCode).toBe('CASUAL_EMAIL_REGISTERED');
    const odd = await h.api(
      `/api/v1/charger/start-casual-charging?charger-id=${chargerId}&amount=7000&email=guest.two@example.hu`,
    );
    expect(odd.status).toBe(400);
    expect(await h.count('users', sqlEmail('guest.two@example.hu'))).toBe(0);
  });
});

describe('an open receipt', () => {
  it('metered above a card hold: the receipt stays unpaid until paid through v1/simplepay/start', async () => {
    const { chargerId, sim } = await h.charger('CP-OPEN', {}, { speed: 36_000 });
    const start = await h.api(
      `/api/v1/charger/start-charging?charger-id=${chargerId}&charging-energy=4`,
      anna,
    );
    await h.payOnPage(start.body.data);
    const started = await untilStatus(h, anna, 'STARTED');
    await new Promise((r) => setTimeout(r, 100));
    // One reading far past the booked energy (the charger reports late): the cost exceeds the
    // hold of 4 × 150 + 200 Ft. (An amount booking is never billed above it: decision 0063.)
    await h.meterUntilStopped(sim, started.id);
    const record = await finished(anna);
    expect(record.grossPrice).toBeGreaterThan(800);
    const receipt = (await h.api(`/api/v1/receipt/${record.rowNumber}`, anna)).body.data;
    expect(receipt).toMatchObject({ grossPrice: record.grossPrice, paid: false });

    const pay = await h.api(`/api/v1/simplepay/start/${record.rowNumber}`, anna);
    expect(pay.status).toBe(200);
    await h.payOnPage(pay.body.data);
    await until(
      async () => (await h.api(`/api/v1/receipt/${record.rowNumber}`, anna)).body.data.paid,
    );
    expect((await h.api(`/api/v1/simplepay/start/${record.rowNumber}`, anna)).status).toBe(409);
  });
});

const sqlEmail = (email: string) => sql`email = ${email}`;
