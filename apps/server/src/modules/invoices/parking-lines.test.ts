import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import {
  invoiceLines,
  invoices,
  mailOutbox,
  providerReceipts,
  users,
} from '../../db/schema/index.js';
import { deliverPendingInvoices } from './deliver.js';
import { deliverPendingReceipts, recordGuestReceipts } from './guest-receipts.js';
import { prepareInvoices } from './prepare.js';
import { InvoiceHarness, pdfText } from './test-helpers.js';

let h: InvoiceHarness;
beforeAll(async () => {
  h = await InvoiceHarness.start();
}, 240_000);
afterAll(() => h.close());

const TUESDAY = new Date('2026-06-02T10:00:00Z');
const WEDNESDAY = new Date('2026-06-03T10:00:00Z');
const THURSDAY = new Date('2026-06-04T16:30:00Z');
const WEEK = { from: '2026-06-01', to: '2026-06-07' };

describe('parking and surcharges on the weekly invoice', () => {
  it('puts each paid parking and surcharge on one line with its receipt number, once', async () => {
    const d = await h.driver('parker@example.com');
    const charge = await h.paidCharge(d.id, 2000, TUESDAY);
    const parking = await h.paidParking(d.id, 1300, WEDNESDAY, {
      method: 'WALLET',
      billingDataId: d.billingDataId,
    });
    const overstay = await h.paidParking(d.id, 10_000, THURSDAY, {
      method: 'SIMPLEPAY',
      surchargeDays: 2,
    });

    const made = await prepareInvoices(h.db, WEEK);
    expect(made).toHaveLength(1);
    // Repeated and overlapping runs add nothing.
    expect(await prepareInvoices(h.db, WEEK)).toEqual([]);
    expect(await prepareInvoices(h.db, { from: '2026-05-25', to: '2026-06-30' })).toEqual([]);

    const lines = await h.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, made[0]!))
      .orderBy(asc(invoiceLines.paidAt));
    expect(
      lines.map((l) => [l.sourceKind, l.receiptNumber, l.gross, l.deliveryDate, l.paymentMethod]),
    ).toEqual([
      ['charge', String(charge.rowNumber), 2000, '2026-06-02', 'card'],
      ['parking', String(parking.receipt.rowNumber), 1300, '2026-06-03', 'wallet'],
      ['surcharge', String(overstay.receipt.rowNumber), 10_000, '2026-06-04', 'card'],
    ]);
    expect(lines[1]!.sourceId).toBe(parking.receipt.id);
    expect(lines[2]!.sourceId).toBe(overstay.surcharge!.id);
    expect(lines[1]!.description).toBe(
      'Parkolás – Gate test lot – 2026-06-03 09:00 – 2026-06-03 11:59',
    );
    expect(lines[2]!.description).toBe('Parkolási pótdíj – Gate test lot – 2 nap');

    const [invoice] = await h.db.select().from(invoices).where(eq(invoices.id, made[0]!));
    expect(invoice!.grossTotal).toBe(13_300);
    expect(invoice!.netTotal + invoice!.vatTotal).toBe(13_300);

    await h.db.execute(sql`update invoices set next_attempt_at = now() where status = 'pending'`);
    expect(await deliverPendingInvoices(h.db, h.client(), h.config.publicUrl)).toEqual({
      issued: 1,
      failed: 0,
    });
    const [issued] = await h.db.select().from(invoices).where(eq(invoices.id, made[0]!));
    const text = await pdfText(Buffer.from(issued!.pdfBase64!, 'base64'));
    expect(text).toContain('Parkolás');
    expect(text).toContain('Parkolási pótdíj');
    expect(text).toContain('13 300 Ft');
  });

  it('leaves out guests, free rounds and what was paid outside the period', async () => {
    const d = await h.driver('free@example.com');
    const paid = await h.paidParking(d.id, 700, TUESDAY);
    await h.paidParking(d.id, 0, WEDNESDAY);
    await h.paidParking(d.id, 900, new Date('2026-06-07T22:00:00Z')); // Monday 00:00 in Budapest
    const [guest] = await h.db
      .insert(users)
      .values({ email: 'guest-parker@example.com', casualUser: true })
      .returning();
    await h.paidParking(guest!.id, 1500, WEDNESDAY, { casual: true, method: 'SIMPLEPAY' });
    const made = await prepareInvoices(h.db, WEEK);
    expect(made).toHaveLength(1);
    const lines = await h.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, made[0]!));
    expect(lines.map((l) => [l.sourceKind, l.sourceId, l.gross])).toEqual([
      ['parking', paid.receipt.id, 700],
    ]);
    expect(await h.db.select().from(invoices).where(eq(invoices.userId, guest!.id))).toEqual([]);
  });
});

describe('guests', () => {
  it('get the provider’s receipt by e-mail once for a paid parking and a paid surcharge', async () => {
    const [guest] = await h.db
      .insert(users)
      .values({ email: 'guest-receipt@example.com', casualUser: true })
      .returning();
    const paidAt = new Date(Date.now() - 60_000);
    const parking = await h.paidParking(guest!.id, 1500, paidAt, {
      casual: true,
      method: 'SIMPLEPAY',
    });
    const overstay = await h.paidParking(guest!.id, 5000, paidAt, {
      casual: true,
      method: 'SIMPLEPAY',
      surchargeDays: 1,
    });
    expect(await recordGuestReceipts(h.db)).toBe(2);
    expect(await recordGuestReceipts(h.db)).toBe(0);
    const pending = await h.db
      .select()
      .from(providerReceipts)
      .where(eq(providerReceipts.userId, guest!.id))
      .orderBy(asc(providerReceipts.id));
    expect(pending.map((r) => [r.sourceKind, r.sourceId, r.gross])).toEqual([
      ['parking', parking.receipt.id, 1500],
      ['surcharge', overstay.surcharge!.id, 5000],
    ]);

    expect(await deliverPendingReceipts(h.db, h.client(), h.config.publicUrl)).toEqual({
      issued: 2,
      failed: 0,
    });
    const mails = await h.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'guest-receipt@example.com'))
      .orderBy(asc(mailOutbox.id));
    expect(mails).toHaveLength(2);
    const texts = await Promise.all(
      mails.map((m) => pdfText(Buffer.from(m.attachments![0]!.contentBase64, 'base64'))),
    );
    expect(texts[0]).toContain('Parkolás');
    expect(texts[0]).toContain('1 500 Ft');
    expect(texts[1]).toContain('Parkolási pótdíj');
    expect(texts[1]).toContain('5 000 Ft');
    expect(await h.db.select().from(invoices).where(eq(invoices.userId, guest!.id))).toEqual([]);
  });
});
