import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../../db/client.js';
import { invoices, mailOutbox, sandboxSzDocuments } from '../../db/schema/index.js';
import { deliverPendingInvoices } from './deliver.js';
import { prepareInvoices } from './prepare.js';
import { runWeeklyIfDue } from './weekly.js';
import { InvoiceHarness } from './test-helpers.js';

/**
 * Two replicas (two connection pools on one PostgreSQL database) run the Monday job and the
 * provider calls at the same time, several times over: one invoice per billing data and week,
 * one provider invoice and one mail each. PostgreSQL only (the PGlite run has one connection).
 */
const baseUrl = process.env.DATABASE_URL;

describe.skipIf(!baseUrl)('invoicing on two replicas (PostgreSQL)', () => {
  let h: InvoiceHarness;
  let second: Database;
  let name = '';

  beforeAll(async () => {
    name = `voltpark_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(baseUrl!);
    url.pathname = `/${name}`;
    h = await InvoiceHarness.start(await openDatabase({ url: url.toString() }));
    second = await openDatabase({ url: url.toString() });
  }, 240_000);

  afterAll(async () => {
    await second?.close();
    await h?.close();
    const dropper = new pg.Client({ connectionString: baseUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });

  it('never doubles an invoice however often and concurrently the replicas run', async () => {
    const drivers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => h.driver(`replica${i}@example.com`)),
    );
    for (const [i, d] of drivers.entries()) {
      await h.paidCharge(d.id, 1000 + i, new Date('2026-11-18T10:00:00Z'));
      await h.paidCharge(d.id, 50 + i, new Date('2026-11-22T22:59:00Z'));
    }
    const monday = new Date('2026-11-23T08:00:00Z');
    const period = { from: '2026-11-16', to: '2026-11-22' };
    const client = h.client();
    const url = h.config.publicUrl;
    await Promise.all([
      runWeeklyIfDue(h.db, monday),
      runWeeklyIfDue(second.db, monday),
      prepareInvoices(h.db, period),
      prepareInvoices(second.db, period),
      prepareInvoices(second.db, period),
    ]);
    await Promise.all([
      deliverPendingInvoices(h.db, client, url),
      deliverPendingInvoices(second.db, client, url),
      deliverPendingInvoices(h.db, client, url),
      deliverPendingInvoices(second.db, client, url),
    ]);
    const rows = await h.db
      .select()
      .from(invoices)
      .where(
        inArray(
          invoices.userId,
          drivers.map((d) => d.id),
        ),
      );
    expect(rows).toHaveLength(5);
    for (const [i, d] of drivers.entries()) {
      const mine = rows.filter((r) => r.userId === d.id);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ status: 'issued', grossTotal: 1050 + 2 * i });
      const atProvider = await h.db
        .select()
        .from(sandboxSzDocuments)
        .where(eq(sandboxSzDocuments.orderNumber, mine[0]!.orderNumber));
      expect(atProvider).toHaveLength(1);
      const mails = await h.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.dedupeKey, `invoice:${mine[0]!.id}`));
      expect(mails).toHaveLength(1);
    }
    const numbers = rows
      .map((r) => Number(r.invoiceNumber!.split('-').pop()))
      .sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5]);
  });
});
