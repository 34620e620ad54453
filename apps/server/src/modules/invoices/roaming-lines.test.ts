import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type { Receipt } from '@voltpark/contract';
import { invoiceLines, invoices, providerReceipts, users } from '../../db/schema/index.js';
import { deliverPendingInvoices } from './deliver.js';
import { recordGuestReceipts } from './guest-receipts.js';
import { prepareInvoices } from './prepare.js';
import { createStorno } from './storno.js';
import { runWeeklyIfDue } from './weekly.js';
import { InvoiceHarness, pdfText } from './test-helpers.js';
import { paidRoaming } from './roaming-test-helpers.js';

// Decision 0048: a paid roaming charge (its receipt, 0043) is a line of the weekly invoice,
// exactly once, like our own charges.
let h: InvoiceHarness;
beforeAll(async () => {
  h = await InvoiceHarness.start();
}, 240_000);
afterAll(() => h.close());

const deliver = () => deliverPendingInvoices(h.db, h.client(), h.config.publicUrl);
const makeDue = () =>
  h.db.execute(sql`update invoices set next_attempt_at = now() where status = 'pending'`);
const linesOf = (invoiceId: number) =>
  h.db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.paidAt));

describe('roaming charges on the weekly invoice', () => {
  it('puts a paid roaming charge on the Monday invoice once, with partner, site and kWh', async () => {
    const d = await h.driver('roamer@example.com');
    const charge = await h.paidCharge(d.id, 2000, new Date('2026-06-02T10:00:00Z'));
    // Ended Tuesday 23:30 in Budapest, billed and paid from the wallet Wednesday 00:30.
    const roaming = await paidRoaming(h.db, d.id, 3175, new Date('2026-06-02T22:30:00Z'), {
      endedAt: new Date('2026-06-02T21:30:00Z'),
    });

    const made = await runWeeklyIfDue(h.db, new Date('2026-06-08T09:00:00Z'));
    expect(made).toHaveLength(1);
    // The job again, and the same period by hand: nothing more.
    expect(await runWeeklyIfDue(h.db, new Date('2026-06-08T09:05:00Z'))).toBeNull();
    expect(await prepareInvoices(h.db, { from: '2026-06-01', to: '2026-06-07' })).toEqual([]);
    expect(await prepareInvoices(h.db, { from: '2026-05-25', to: '2026-06-30' })).toEqual([]);

    const lines = await linesOf(made![0]!);
    expect(
      lines.map((l) => [l.sourceKind, l.receiptNumber, l.gross, l.deliveryDate, l.paymentMethod]),
    ).toEqual([
      ['charge', String(charge.rowNumber), 2000, '2026-06-02', 'card'],
      ['roaming', String(roaming.rowNumber), 3175, '2026-06-02', 'wallet'],
    ]);
    expect(lines[1]!.sourceId).toBe(roaming.id);
    expect(lines[1]!.description).toBe(
      'Elektromos töltés partnertöltőn – VoltPartner Kft. – Debrecen, Fórum parkolóház – 12.35 kWh',
    );
    expect(lines[1]!.net + lines[1]!.vat).toBe(3175);
    expect(lines[1]!).toMatchObject({ net: 2500, vat: 675 });

    expect(await deliver()).toEqual({ issued: 1, failed: 0 });
    const [invoice] = await h.db.select().from(invoices).where(eq(invoices.id, made![0]!));
    expect(invoice).toMatchObject({ status: 'issued', grossTotal: 5175 });
    const text = await pdfText(Buffer.from(invoice!.pdfBase64!, 'base64'));
    expect(text).toContain('partnertöltőn');
    expect(text).toContain('VoltPartner Kft.');
    expect(text).toContain(`Nyugta: ${roaming.rowNumber}, fizetve: 2026-06-03`);
    expect(text).toContain('5 175 Ft');
  });

  it('makes one invoice when runs race, and one issue when deliveries race', async () => {
    const d = await h.driver('roam-race@example.com');
    await paidRoaming(h.db, d.id, 1270, new Date('2026-10-07T10:00:00Z'));
    const period = { from: '2026-10-05', to: '2026-10-11' };
    const results = await Promise.all(
      Array.from({ length: 6 }, () => prepareInvoices(h.db, period)),
    );
    expect(results.flat()).toHaveLength(1);
    await Promise.all([deliver(), deliver(), deliver()]);
    const rows = await h.db.select().from(invoices).where(eq(invoices.userId, d.id));
    expect(rows.map((r) => [r.status, r.grossTotal, r.netTotal, r.vatTotal])).toEqual([
      ['issued', 1270, 1000, 270],
    ]);
    const lines = await linesOf(rows[0]!.id);
    expect(lines.map((l) => l.sourceKind)).toEqual(['roaming']);
  });

  it('leaves out unpaid and free receipts, guests and what was paid outside the week', async () => {
    const d = await h.driver('roam-skip@example.com');
    const paid = await paidRoaming(h.db, d.id, 900, new Date('2026-03-11T10:00:00Z'));
    await paidRoaming(h.db, d.id, 800, null, { issuedAt: new Date('2026-03-11T11:00:00Z') });
    await paidRoaming(h.db, d.id, 0, new Date('2026-03-11T12:00:00Z'));
    await paidRoaming(h.db, d.id, 700, new Date('2026-03-15T23:00:00Z')); // Monday 00:00 Budapest
    const [guest] = await h.db
      .insert(users)
      .values({ email: 'roam-guest@example.com', casualUser: true })
      .returning();
    await paidRoaming(h.db, guest!.id, 1500, new Date('2026-03-11T10:00:00Z'));

    const made = await prepareInvoices(h.db, { from: '2026-03-09', to: '2026-03-15' });
    expect(made).toHaveLength(1);
    const lines = await linesOf(made[0]!);
    expect(lines.map((l) => [l.sourceKind, l.sourceId, l.gross])).toEqual([
      ['roaming', paid.id, 900],
    ]);
    expect(await h.db.select().from(invoices).where(eq(invoices.userId, guest!.id))).toEqual([]);
    expect(await deliver()).toEqual({ issued: 1, failed: 0 });
    // A guest's paid roaming receipt would get the provider's receipt instead (never twice).
    expect(await recordGuestReceipts(h.db, new Date('2026-03-12T10:00:00Z'))).toBe(1);
    expect(await recordGuestReceipts(h.db, new Date('2026-03-12T10:00:00Z'))).toBe(0);
    const pending = await h.db
      .select()
      .from(providerReceipts)
      .where(eq(providerReceipts.userId, guest!.id));
    expect(pending.map((r) => [r.sourceKind, r.gross])).toEqual([['roaming', 1500]]);
  });

  it('says it in English to an English-speaking driver', async () => {
    const d = await h.driver('roam-en@example.com', 'COMPANY', 'en');
    await paidRoaming(h.db, d.id, 5000, new Date('2026-07-08T10:00:00Z'));
    const [id] = await prepareInvoices(h.db, { from: '2026-07-06', to: '2026-07-12' });
    const [line] = await linesOf(id!);
    expect(line!.description).toBe(
      "EV charging at a partner's charger – VoltPartner Kft. – Debrecen, Fórum parkolóház – 12.35 kWh",
    );
    expect(await deliver()).toEqual({ issued: 1, failed: 0 });
  });

  it('waits for the provider while it is down, and a storno cancels the roaming line', async () => {
    const d = await h.driver('roam-down@example.com');
    await paidRoaming(h.db, d.id, 2540, new Date('2026-09-09T10:00:00Z'));
    h.app.szamlazzSandbox!.failure = 'down';
    const [id] = await prepareInvoices(h.db, { from: '2026-09-07', to: '2026-09-13' });
    expect(await deliver()).toEqual({ issued: 0, failed: 1 });
    h.app.szamlazzSandbox!.failure = null;
    await makeDue();
    expect(await deliver()).toEqual({ issued: 1, failed: 0 });

    const stornoId = await createStorno(h.db, id!);
    expect(await deliver()).toEqual({ issued: 1, failed: 0 });
    const [storno] = await h.db.select().from(invoices).where(eq(invoices.id, stornoId));
    expect(storno).toMatchObject({ kind: 'STORNO', status: 'issued', grossTotal: -2540 });
    const lines = await linesOf(stornoId);
    expect(lines.map((l) => [l.sourceKind, l.invoiceKind, l.gross])).toEqual([
      ['roaming', 'STORNO', -2540],
    ]);
    // The service stays invoiced: a later run does not bill it again.
    expect(await prepareInvoices(h.db, { from: '2026-09-07', to: '2026-09-13' })).toEqual([]);
  });
});

describe('the receipt page of a roaming charge', () => {
  it('gives its owner the partner, site, EVSE, cost, fee and VAT; another driver gets 404', async () => {
    const owner = await h.driver('roam-receipt@example.com');
    const other = await h.driver('roam-receipt-other@example.com');
    const r = await paidRoaming(h.db, owner.id, 3300, new Date('2026-11-20T10:00:00Z'), {
      cost: 3000,
    });
    const get = (headers: Record<string, string>) =>
      fetch(`${h.base}/api/v1/receipt/${r.rowNumber}`, { headers });

    const mine = await get(owner.headers);
    expect(mine.status).toBe(200);
    const body = (await mine.json()) as { data: Receipt };
    expect(body.data).toEqual({
      id: r.id,
      rowNumber: r.rowNumber,
      consumedEnergyInKW: 12.345,
      issueDate: '2026-11-20T10:00:00.000Z',
      grossPrice: 3300,
      paid: true,
      roaming: {
        partnerName: 'VoltPartner Kft.',
        siteName: 'Debrecen, Fórum parkolóház',
        siteAddress: '4029 Debrecen, Csapó utca 30.',
        evseId: 'HU*VPT*E0101',
        startedAt: r.startedAt!.toISOString(),
        endedAt: r.endedAt!.toISOString(),
        partnerCost: 3000,
        roamingFee: 300,
        vatPercent: 27,
        vatAmount: 702,
        netAmount: 2598,
        paymentMethod: 'wallet',
        paidAmount: 3300,
        cardMasks: [],
      },
    });
    expect((await get(other.headers)).status).toBe(404);
  });
});
