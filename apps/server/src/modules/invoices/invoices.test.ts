import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  billingData,
  invoiceLines,
  invoices,
  mailOutbox,
  sandboxSzDocuments,
  users,
} from '../../db/schema/index.js';
import { deliverPendingInvoices } from './deliver.js';
import { prepareInvoices } from './prepare.js';
import { createStorno } from './storno.js';
import { runWeeklyIfDue } from './weekly.js';
import { InvoiceHarness, pdfText } from './test-helpers.js';

let h: InvoiceHarness;
beforeAll(async () => {
  h = await InvoiceHarness.start();
}, 240_000);
afterAll(() => h.close());

const MONDAY_MORNING = new Date('2026-11-16T09:00:00Z');
const SUNDAY_2359 = new Date('2026-11-15T22:59:00Z'); // 23:59 in Budapest
const MONDAY_0000 = new Date('2026-11-15T23:00:00Z'); // 00:00 in Budapest
const WEDNESDAY = new Date('2026-11-11T12:00:00Z');

const deliver = () => deliverPendingInvoices(h.db, h.client(), h.config.publicUrl);
const makeDue = () =>
  h.db.execute(sql`update invoices set next_attempt_at = now() where status = 'pending'`);
const invoicesOf = (billingDataId: number) =>
  h.db.select().from(invoices).where(eq(invoices.billingDataId, billingDataId));

describe('the Monday run', () => {
  let driver: Awaited<ReturnType<InvoiceHarness['driver']>>;
  beforeAll(async () => {
    driver = await h.driver('weekly@example.com');
    await h.paidCharge(driver.id, 2540, WEDNESDAY);
    await h.paidCharge(driver.id, 1000, SUNDAY_2359, { method: 'wallet' });
    await h.paidCharge(driver.id, 777, MONDAY_0000);
  });

  it('invoices the previous week once, Sunday 23:59 in and Monday 00:00 out', async () => {
    const made = await runWeeklyIfDue(h.db, MONDAY_MORNING);
    expect(made).toHaveLength(1);
    // Again, and a run of the same period by hand: nothing more.
    expect(await runWeeklyIfDue(h.db, MONDAY_MORNING)).toBeNull();
    expect(await prepareInvoices(h.db, { from: '2026-11-09', to: '2026-11-15' })).toEqual([]);

    const round = await deliver();
    expect(round).toEqual({ issued: 1, failed: 0 });
    const [invoice] = await invoicesOf(driver.billingDataId);
    expect(invoice).toMatchObject({
      status: 'issued',
      periodFrom: '2026-11-09',
      periodTo: '2026-11-15',
      grossTotal: 3540,
      netTotal: 2000 + 787,
      vatTotal: 540 + 213,
    });
    expect(invoice!.invoiceNumber).toMatch(/^VP-\d{4}-\d{6}$/);
    const lines = await h.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice!.id));
    expect(lines.map((l) => l.gross).sort()).toEqual([1000, 2540]);

    const text = await pdfText(Buffer.from(invoice!.pdfBase64!, 'base64'));
    expect(text).toContain('Számla');
    expect(text).toContain('Kovács Erőd');
    expect(text).toContain('Szűrő utca 5');
    expect(text).toContain('3 540 Ft');
    expect(text).toContain(invoice!.invoiceNumber!);

    const [mail] = await h.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `invoice:${invoice!.id}`));
    expect(mail!.toAddress).toBe('weekly@example.com');
    expect(mail!.subject).toContain(invoice!.invoiceNumber!);
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments![0]!.contentBase64).toBe(invoice!.pdfBase64);
  });

  it('puts the Monday 00:00 charge on the next week’s invoice', async () => {
    const made = await runWeeklyIfDue(h.db, new Date('2026-11-23T09:00:00Z'));
    expect(made).toHaveLength(1);
    await deliver();
    const all = await invoicesOf(driver.billingDataId);
    expect(all.map((i) => i.grossTotal).sort()).toEqual([3540, 777].sort());
  });

  it('runs concurrently without doubling anything', async () => {
    const d = await h.driver('concurrent@example.com');
    await h.paidCharge(d.id, 500, new Date('2026-10-07T10:00:00Z'));
    const period = { from: '2026-10-05', to: '2026-10-11' };
    const results = await Promise.all(
      Array.from({ length: 6 }, () => prepareInvoices(h.db, period)),
    );
    expect(results.flat()).toHaveLength(1);
    await Promise.all([deliver(), deliver(), deliver()]);
    const rows = await invoicesOf(d.billingDataId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('issued');
    const mails = await h.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `invoice:${rows[0]!.id}`));
    expect(mails).toHaveLength(1);
  });
});

describe('the provider down, back and losing an answer', () => {
  it('keeps the invoice pending with backoff while the provider is down, then issues it', async () => {
    const d = await h.driver('down@example.com');
    await h.paidCharge(d.id, 1234, new Date('2026-09-09T10:00:00Z'));
    h.app.szamlazzSandbox!.failure = 'down';
    await prepareInvoices(h.db, { from: '2026-09-07', to: '2026-09-13' });
    expect(await deliver()).toEqual({ issued: 0, failed: 1 });
    let [row] = await invoicesOf(d.billingDataId);
    expect(row!.status).toBe('pending');
    expect(row!.lastError).toMatch(/503/);
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: nothing is tried.
    expect(await deliver()).toEqual({ issued: 0, failed: 0 });

    h.app.szamlazzSandbox!.failure = null;
    await makeDue();
    expect(await deliver()).toEqual({ issued: 1, failed: 0 });
    [row] = await invoicesOf(d.billingDataId);
    expect(row!.status).toBe('issued');
  });

  it('takes over an invoice whose answer was lost instead of issuing a second one', async () => {
    const d = await h.driver('lost@example.com');
    await h.paidCharge(d.id, 999, new Date('2026-08-05T10:00:00Z'));
    await prepareInvoices(h.db, { from: '2026-08-03', to: '2026-08-09' });
    h.app.szamlazzSandbox!.failure = 'lost';
    expect(await deliver()).toEqual({ issued: 0, failed: 1 });
    h.app.szamlazzSandbox!.failure = null;
    await makeDue();
    expect(await deliver()).toEqual({ issued: 1, failed: 0 });
    const [row] = await invoicesOf(d.billingDataId);
    const atProvider = await h.db
      .select()
      .from(sandboxSzDocuments)
      .where(eq(sandboxSzDocuments.orderNumber, row!.orderNumber));
    expect(atProvider).toHaveLength(1);
    expect(atProvider[0]!.number).toBe(row!.invoiceNumber);
  });
});

describe('content', () => {
  it('addresses a company with its tax number, in English when the driver reads English', async () => {
    const d = await h.driver('company@example.com', 'COMPANY', 'en');
    await h.paidCharge(d.id, 5000, new Date('2026-07-08T10:00:00Z'));
    const [id] = await prepareInvoices(h.db, { from: '2026-07-06', to: '2026-07-12' });
    await deliver();
    const [row] = await h.db.select().from(invoices).where(eq(invoices.id, id!));
    const text = await pdfText(Buffer.from(row!.pdfBase64!, 'base64'));
    expect(text).toContain('Invoice');
    expect(text).toContain('Őrült Ütem Kft.');
    expect(text).toContain('12345676-2-41');
    expect(text).toContain('5 000 Ft');
    expect(text).toContain('EV charging');
  });

  it('adds many small charges up to what was paid, each line on the provider’s invoice', async () => {
    const d = await h.driver('small@example.com');
    const grosses = Array.from({ length: 40 }, (_, i) => 1 + ((i * 37) % 113));
    for (const [i, g] of grosses.entries()) {
      await h.paidCharge(d.id, g, new Date(Date.UTC(2026, 5, 10, 8, i)));
    }
    const [id] = await prepareInvoices(h.db, { from: '2026-06-08', to: '2026-06-14' });
    expect(await deliver()).toEqual({ issued: 1, failed: 0 });
    const [row] = await h.db.select().from(invoices).where(eq(invoices.id, id!));
    const total = grosses.reduce((a, b) => a + b, 0);
    expect(row!.grossTotal).toBe(total);
    expect(row!.netTotal + row!.vatTotal).toBe(total);
    const [doc] = await h.db
      .select()
      .from(sandboxSzDocuments)
      .where(eq(sandboxSzDocuments.number, row!.invoiceNumber!));
    expect(doc!.gross).toBe(total);
    expect(doc!.net).toBe(row!.netTotal);
  });

  it('invoices each service to the billing data chosen for it, else to the default one', async () => {
    const d = await h.driver('two-billing@example.com');
    const [defaultOne] = await h.db
      .select()
      .from(billingData)
      .where(eq(billingData.id, d.billingDataId));
    const { id: _id, ...copy } = defaultOne!;
    const [company] = await h.db
      .insert(billingData)
      .values({
        ...copy,
        type: 'COMPANY',
        payerName: 'Cég Kft.',
        taxNumber: '11111111-2-41',
        defaultBillingData: false,
      })
      .returning();
    await h.paidCharge(d.id, 100, new Date('2026-02-11T10:00:00Z'));
    await h.paidCharge(d.id, 200, new Date('2026-02-11T11:00:00Z'), { billingDataId: company!.id });
    await h.paidCharge(d.id, 300, new Date('2026-02-11T12:00:00Z'), {
      billingDataId: d.billingDataId,
    });
    const made = await prepareInvoices(h.db, { from: '2026-02-09', to: '2026-02-15' });
    expect(made).toHaveLength(2);
    const rows = await h.db.select().from(invoices).where(eq(invoices.userId, d.id));
    const byBilling = Object.fromEntries(rows.map((r) => [r.billingDataId, r]));
    expect(byBilling[d.billingDataId]!.grossTotal).toBe(400);
    expect(byBilling[company!.id]).toMatchObject({ grossTotal: 200 });
    expect(byBilling[company!.id]!.buyer).toMatchObject({
      type: 'COMPANY',
      taxNumber: '11111111-2-41',
    });
    await deliver();
  });

  it('numbers invoices without gaps', async () => {
    const docs = await h.db
      .select({ number: sandboxSzDocuments.number })
      .from(sandboxSzDocuments)
      .where(sql`${sandboxSzDocuments.kind} <> 'NYUGTA'`)
      .orderBy(sandboxSzDocuments.id);
    const seq = docs.map((d) => Number(d.number.split('-').pop()));
    expect(seq).toEqual(seq.map((_, i) => i + 1));
  });
});

describe('storno', () => {
  it('issues one corrective invoice that cancels every line', async () => {
    const d = await h.driver('refund@example.com');
    await h.paidCharge(d.id, 3000, new Date('2026-05-06T10:00:00Z'));
    const [id] = await prepareInvoices(h.db, { from: '2026-05-04', to: '2026-05-10' });
    await expect(createStorno(h.db, id!)).rejects.toMatchObject({ statusCode: 409 });
    await deliver();
    const stornoId = await createStorno(h.db, id!);
    expect(await createStorno(h.db, id!)).toBe(stornoId);
    expect(await deliver()).toEqual({ issued: 1, failed: 0 });
    const [original] = await h.db.select().from(invoices).where(eq(invoices.id, id!));
    const [storno] = await h.db.select().from(invoices).where(eq(invoices.id, stornoId));
    expect(storno).toMatchObject({ kind: 'STORNO', status: 'issued', grossTotal: -3000 });
    const [doc] = await h.db
      .select()
      .from(sandboxSzDocuments)
      .where(eq(sandboxSzDocuments.number, storno!.invoiceNumber!));
    expect(doc).toMatchObject({ kind: 'SZTORNO', reverses: original!.invoiceNumber, gross: -3000 });
    const text = await pdfText(Buffer.from(storno!.pdfBase64!, 'base64'));
    expect(text).toContain('Sztornó számla');
    expect(text).toContain('-3 000 Ft');
    expect(text).toContain(original!.invoiceNumber!);
    const [mail] = await h.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `invoice:${stornoId}`));
    expect(mail!.textBody).toContain('helyesbítő');
    expect(mail!.textBody).toContain('-3\u00a0000 Ft');
  });
});

describe('serving', () => {
  let owner: Awaited<ReturnType<InvoiceHarness['driver']>>;
  let other: Awaited<ReturnType<InvoiceHarness['driver']>>;
  let path = '';
  beforeAll(async () => {
    owner = await h.driver('owner@example.com');
    other = await h.driver('other@example.com');
    await h.paidCharge(owner.id, 4321, new Date('2026-04-08T10:00:00Z'));
    await h.paidCharge(other.id, 1111, new Date('2026-04-08T10:00:00Z'));
    await prepareInvoices(h.db, { from: '2026-04-06', to: '2026-04-12' });
    await deliver();
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(`${h.base}${url}`, { headers });

  it('lists a billing data’s invoices to its owner only', async () => {
    const res = await get(
      `/api/v1/invoice/invoices-of-billingdata?id=${owner.billingDataId}`,
      owner.headers,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      data: { invoiceIdentifier: string; path: string; createdAt: string }[];
    };
    expect(body.data).toHaveLength(1);
    expect(body.data[0]!.path).toBe(`${body.data[0]!.invoiceIdentifier}.pdf`);
    path = body.data[0]!.path;
    const foreign = await get(
      `/api/v1/invoice/invoices-of-billingdata?id=${owner.billingDataId}`,
      other.headers,
    );
    expect(foreign.status).toBe(404);
    const anonymous = await get(
      `/api/v1/invoice/invoices-of-billingdata?id=${owner.billingDataId}`,
    );
    expect(anonymous.status).toBe(401);
  });

  it('gives the PDF to its owner’s token only', async () => {
    const url = (token?: string, name = path) =>
      `/api/file?type=invoice&name=${encodeURIComponent(name)}${token ? `&token=${encodeURIComponent(token)}` : ''}`;
    const mine = await get(url(owner.token));
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(Buffer.from(await mine.arrayBuffer()));
    expect(text).toContain('4 321 Ft');

    for (const [token, name, status] of [
      [undefined, path, 401],
      [other.token, path, 404],
      ['forged-token-0000000000000000000000', path, 401],
      [owner.token, 'VP-2026-999999.pdf', 404],
    ] as const) {
      const res = await get(url(token, name));
      expect(res.status, `${token} ${name}`).toBe(status);
      expect(res.headers.get('content-type')).not.toContain('pdf');
    }
  });

  it('keeps invoices and their PDFs after the account is deleted', async () => {
    const res = await fetch(`${h.base}/api/v1/user/delete`, {
      method: 'POST',
      headers: owner.headers,
    });
    expect(res.status).toBeLessThan(500);
    await h.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, owner.id));
    const kept = await h.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, owner.id), eq(invoices.status, 'issued')));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.pdfBase64).toBeTruthy();
    expect(kept[0]!.buyer.name).toBe('Kovács Erőd');
  });
});
