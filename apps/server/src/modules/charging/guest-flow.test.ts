import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { holdBreakdown } from '@voltpark/contract';
import {
  chargeReceipts,
  chargers,
  charges,
  chargingTariffs,
  mailOutbox,
  moneyHolds,
  payments,
} from '../../db/schema/index.js';
import { chargerTariffView } from '../chargers/tariff.js';
import { createActiveUser } from '../../test/users.js';
import { settlePayment } from '../payments/payments.js';
import { queueReceiptMail } from './guest-link.js';
import { settle } from './lifecycle.js';
import { sweep } from './sweeper.js';
import { ChargingHarness, until, untilStatus, type Caller } from './test-helpers.js';

/**
 * What a guest (casual) driver meets: the hold shown before the pay page, the e-mailed link back
 * to the running charge, the receipt by e-mail, and a new payment after a declined card.
 */
let h: ChargingHarness;

beforeAll(async () => {
  h = await ChargingHarness.start();
});
afterAll(() => h.close());

const basic = (id: number, token: string): Caller => ({
  headers: { authorization: `Basic ${Buffer.from(`${id}:${token}`).toString('base64')}` },
});

async function startGuest(chargerId: number, email: string, amount = 5000, lang = 'hu') {
  const r = await fetch(
    `${h.base}/api/v1/charger/start-casual-charging?charger-id=${chargerId}&amount=${amount}&email=${encodeURIComponent(email)}`,
    { headers: { 'x-lang': lang } },
  );
  const body = (await r.json()) as {
    data: string;
    extraData: { data: { user: { id: number }; token: string } | null };
  };
  expect(r.status).toBe(200);
  const login = body.extraData.data!;
  return { url: body.data, guest: basic(login.user.id, login.token), userId: login.user.id };
}

async function mailsTo(email: string, template: string) {
  return h.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, template)));
}

async function openLink(token: string) {
  const r = await fetch(`${h.base}/api/v1/charge/guest-access`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  return { status: r.status, body: (await r.json()) as { data: Record<string, unknown> } };
}

const accessOf = (link: string) => new URL(link).searchParams.get('access')!;
const linkIn = (text: string) => /https?:\/\/\S+access=\S+/.exec(text)![0];

/** The pay page with the 3-D Secure test card, and the challenge answered with `code`. */
async function payWithChallenge(paymentUrl: string, code: string): Promise<string> {
  const challenge = await h.payOnPage(paymentUrl, '4111111111111111');
  const page = `${h.base}${new URL(challenge, h.base).pathname}`;
  const html = await (await fetch(page)).text();
  const formToken = /name="formToken" value="([^"]+)"/.exec(html)![1]!;
  const res = await fetch(page, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ formToken, action: 'confirm', code }),
  });
  return res.headers.get('location') ?? '';
}

async function chargePayments(chargeId: number) {
  return h.db
    .select()
    .from(payments)
    .where(and(eq(payments.purpose, 'charge'), eq(payments.causeId, chargeId)))
    .orderBy(payments.id);
}

describe('the guest form’s hold', () => {
  it('holds exactly the breakdown the form shows: the amount plus the parking hold', async () => {
    const { chargerId } = await h.charger('CP-G-HOLD', {
      parkingEnabled: true,
      parkingToHoldGross: 2000,
    });
    // The form reads the prices from the charger's tariff view (v1/charger/charger), no login.
    const [tariff] = await h.db
      .select({ t: chargingTariffs })
      .from(chargers)
      .innerJoin(chargingTariffs, eq(chargingTariffs.id, chargers.tariffId))
      .where(eq(chargers.id, chargerId));
    const shown = holdBreakdown(chargerTariffView(tariff!.t, 'hu'), 10_000);
    expect(shown).toEqual({ charging: 10_000, parking: 2000, total: 12_000 });

    const { guest } = await startGuest(chargerId, 'hold.guest@example.hu', 10_000);
    const waiting = (await h.api('/api/v1/charge/current', guest)).body.data;
    const [payment] = await chargePayments(waiting.id);
    expect(payment!.total).toBe(shown.total);
    expect((await h.hold(waiting.id))!.amount).toBe(shown.total);
    await h.api(`/api/v1/charger/cancel-charge-before-start?chargeId=${waiting.id}`, guest);
  });
});

describe('the guest’s link to the running charge', () => {
  it('is e-mailed once when the payment is in; it sees and stops only its own charge', async () => {
    const { chargerId } = await h.charger('CP-G-LINK');
    const email = 'link.guest@example.hu';
    const { url, guest, userId } = await startGuest(chargerId, email);
    // Nothing is mailed before the payment went through.
    expect(await mailsTo(email, 'chargeLink')).toHaveLength(0);
    await h.payOnPage(url);
    const started = await untilStatus(h, guest, 'STARTED');
    const [mail] = await until(async () => {
      const m = await mailsTo(email, 'chargeLink');
      return m.length ? m : null;
    });
    expect(mail!.subject).toBe('Elindult a töltése – Voltpark');
    const token = accessOf(linkIn(mail!.textBody));
    // Stored only as a hash.
    expect(await h.count('user_sessions', sql`token_hash = ${token}`)).toBe(0);
    expect(
      await h.count('user_sessions', sql`charge_id = ${started.id} and user_id = ${userId}`),
    ).toBe(1);

    // A sweep or a replayed payment event sends no second mail.
    await sweep(h.deps());
    expect(await mailsTo(email, 'chargeLink')).toHaveLength(1);

    const opened = await openLink(token);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ chargeId: started.id, token });
    const link = basic(userId, token);
    expect((await h.api('/api/v1/charge/current', link)).body.data.id).toBe(started.id);
    expect((await h.api('/api/v1/user/loggedin-user', link)).body.data.casualUser).toBe(true);
    // Nothing else of the account: other calls treat the link as no login.
    const other = await h.api('/api/v1/billing-data/list-current-user', link);
    expect(other.status).toBe(403);
    expect(other.body.data.responseCode).toBe('CHARGE_LINK_SCOPE');

    // A registered user cannot see or stop it; a made-up token opens nothing.
    const stranger = await createActiveUser(h.db, 'stranger.link@example.hu');
    expect((await h.api('/api/v1/charge/current', stranger)).body.data).toBeNull();
    expect(
      (
        await h.api(
          `/api/v1/charger/stop-charging?chargerId=${chargerId}&chargeId=${started.id}`,
          stranger,
        )
      ).status,
    ).toBe(404);
    expect((await openLink('x'.repeat(43))).status).toBe(404);

    // The link stops the charge.
    const stop = await h.api(
      `/api/v1/charger/stop-charging?chargerId=${chargerId}&chargeId=${started.id}`,
      link,
    );
    expect(stop.status).toBe(200);
    await until(async () => (await h.api('/api/v1/charge/current', link)).body.data === null);

    // The same guest's next charge is not visible through the first charge's link.
    const next = await startGuest(chargerId, email);
    expect(next.userId).toBe(userId);
    const second = (await h.api('/api/v1/charge/current', guest)).body.data;
    expect(second.id).not.toBe(started.id);
    expect((await h.api('/api/v1/charge/current', link)).body.data).toBeNull();
    expect(
      (await h.api(`/api/v1/charger/cancel-charge-before-start?chargeId=${second.id}`, link))
        .status,
    ).toBe(404);
    // The start's answer for a caller not logged in as this guest is scoped the same way.
    expect((await h.api('/api/v1/charge/current', next.guest)).body.data.id).toBe(second.id);
    expect((await h.api('/api/v1/charge/last-finished', next.guest)).body.data).toBeNull();
    await h.api(`/api/v1/charger/cancel-charge-before-start?chargeId=${second.id}`, guest);
  });
});

describe('the guest’s receipt', () => {
  it('is e-mailed once when the charge is settled, in the guest’s language, with the figures and a link', async () => {
    const { chargerId, sim } = await h.charger('CP-G-RCPT');
    const email = 'receipt.guest@example.hu';
    const { url, guest, userId } = await startGuest(chargerId, email, 5000, 'en');
    await h.payOnPage(url);
    const started = await untilStatus(h, guest, 'STARTED');
    // Decision 0057: the card named by the mask SimplePay reported for the hold's payment (the
    // emulator reports none for a payment that registers no card, so it is set here).
    const [hold] = await h.db
      .select()
      .from(moneyHolds)
      .where(eq(moneyHolds.cause, `charge:${started.id}`));
    await h.db
      .update(payments)
      .set({ cardMask: '5168-49xx-xxxx-1234' })
      .where(eq(payments.id, hold!.paymentId!));
    await new Promise((r) => setTimeout(r, 50));
    await sim.tickAll();
    await h.api(
      `/api/v1/charger/stop-charging?chargerId=${chargerId}&chargeId=${started.id}`,
      guest,
    );
    await until(async () => (await h.api('/api/v1/charge/current', guest)).body.data === null);
    const record = (await h.api('/api/v1/charge/last-finished', guest)).body.data;
    const [mail] = await until(async () => {
      const m = await mailsTo(email, 'chargeReceipt');
      return m.length ? m : null;
    });
    expect(mail!.subject).toBe(`Receipt for your charge (${record.rowNumber}) – Voltpark`);
    expect(mail!.textBody).toContain(`Receipt number: ${record.rowNumber}`);
    expect(mail!.textBody).toContain(`Total: ${record.grossPrice} Ft`);
    expect(mail!.textBody).toContain('Taken from your card:');
    expect(mail!.textBody).toContain('Card: 5168-49xx-xxxx-1234');

    // Settlement replayed (a second replica, the sweeper, the event again): no second mail.
    const charge = await h.charge(started.id);
    await settle(h.deps(), started.id);
    await sweep(h.deps());
    const [receipt] = await h.db
      .select()
      .from(chargeReceipts)
      .where(eq(chargeReceipts.chargeId, started.id));
    await h.db.transaction((tx) =>
      queueReceiptMail(tx, h.config.publicUrl, charge, receipt!, {
        priceOfCharging: record.priceOfCharging,
        parkingPrice: 0,
        grossPrice: record.grossPrice,
      }),
    );
    expect(await mailsTo(email, 'chargeReceipt')).toHaveLength(1);

    // The mail's link opens the receipt, and only this charge's.
    const link = linkIn(mail!.textBody);
    expect(new URL(link).pathname).toBe('/receipt');
    expect(new URL(link).searchParams.get('rowNumber')).toBe(String(record.rowNumber));
    const token = accessOf(link);
    expect((await openLink(token)).status).toBe(200);
    const byLink = await h.api(`/api/v1/receipt/${record.rowNumber}`, basic(userId, token));
    expect(byLink.body.data).toMatchObject({ rowNumber: record.rowNumber, paid: true });
  });
});

describe('a declined card', () => {
  it('a new payment for the same charge within the window: one hold, and the old payment’s late answer changes nothing', async () => {
    const { chargerId } = await h.charger('CP-G-DECLINE');
    const { url, guest } = await startGuest(chargerId, 'declined.guest@example.hu');
    const waiting = (await h.api('/api/v1/charge/current', guest)).body.data;
    const back = await payWithChallenge(url, '1111');
    expect(
      JSON.parse(Buffer.from(new URL(back).searchParams.get('r')!, 'base64').toString()).e,
    ).toBe('FAIL');

    // The driver asks to pay again: SimplePay is asked (the return proves nothing) and a new
    // payment is started for the same hold.
    const again = await h.api(`/api/v1/charger/charge-payment?chargeId=${waiting.id}`, guest);
    expect(again.status).toBe(200);
    expect(again.body.data).not.toBe(url);
    const [old, renewed] = await chargePayments(waiting.id);
    expect(old!.status).toBe('NOTAUTHORIZED');
    expect(renewed!.total).toBe(old!.total);
    expect(await h.count('money_holds', sql`cause = ${`charge:${waiting.id}`}`)).toBe(1);
    expect((await h.hold(waiting.id))!).toMatchObject({
      status: 'pending',
      paymentId: renewed!.id,
    });
    // The panel offers the new page.
    const current = (await h.api('/api/v1/charge/current', guest)).body.data;
    expect(current).toMatchObject({ chargingStatus: 'NEW', paymentUrl: again.body.data });
    // Asking again while it is open gives the same page, not a third payment.
    expect(
      (await h.api(`/api/v1/charger/charge-payment?chargeId=${waiting.id}`, guest)).body.data,
    ).toBe(again.body.data);
    expect(await chargePayments(waiting.id)).toHaveLength(2);

    await h.payOnPage(again.body.data);
    // Past the payment (STARTING or already STARTED, however fast the simulator is).
    await until(async () => ['STARTING', 'STARTED'].includes((await h.charge(waiting.id)).status));
    // The declined payment's late IPN: nothing changes.
    await settlePayment(h.db, old!.orderRef, { status: 'NOTAUTHORIZED' });
    const hold = (await h.hold(waiting.id))!;
    expect(hold).toMatchObject({ status: 'held', paymentId: renewed!.id, amount: old!.total });
    expect((await h.charge(waiting.id)).status).not.toBe('FINISHED');
    await h.api(
      `/api/v1/charger/stop-charging?chargerId=${chargerId}&chargeId=${waiting.id}`,
      guest,
    );
  });

  it('after the payment window: a clear refusal, and the charge ends', async () => {
    const { chargerId } = await h.charger('CP-G-LATE');
    const { url, guest } = await startGuest(chargerId, 'late.guest@example.hu');
    const waiting = (await h.api('/api/v1/charge/current', guest)).body.data;
    await payWithChallenge(url, '1111');
    await h.db
      .update(charges)
      .set({ paymentDeadline: new Date(Date.now() - 1000) })
      .where(eq(charges.id, waiting.id));
    const late = await h.api(`/api/v1/charger/charge-payment?chargeId=${waiting.id}`, guest);
    expect(late.status).toBe(409);
    expect(late.body.data.responseCode).toBe('PAYMENT_WINDOW_OVER');
    expect(late.body.messages[0]!.text).toContain('Indítson új töltést');
    expect((await h.charge(waiting.id)).status).toBe('FINISHED');
    expect(await chargePayments(waiting.id)).toHaveLength(1);
    const [hold] = await h.db
      .select()
      .from(moneyHolds)
      .where(eq(moneyHolds.cause, `charge:${waiting.id}`));
    expect(hold!.status).toBe('failed');
  });
});
