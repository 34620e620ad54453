import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invoices, mailOutbox, providerReceipts, users } from '../../db/schema/index.js';
import type { Database } from '../../db/client.js';
import { deliverPendingReceipts, recordGuestReceipts } from './guest-receipts.js';
import { runInvoicesCli } from './cli.js';
import { deliverPendingInvoices } from './deliver.js';
import { prepareInvoices } from './prepare.js';
import { agentClientFor } from './provider.js';
import { SZAMLAZZ_SANDBOX_PATH } from '../szamlazz-sandbox/routes.js';
import { InvoiceHarness, pdfText } from './test-helpers.js';

let h: InvoiceHarness;
beforeAll(async () => {
  h = await InvoiceHarness.start();
}, 240_000);
afterAll(() => h.close());

describe('guests', () => {
  it('get the provider’s receipt by e-mail once for each paid charge', async () => {
    const [guest] = await h.db
      .insert(users)
      .values({ email: 'guest@example.com', casualUser: true, casualCharge: true })
      .returning();
    const paidAt = new Date(Date.now() - 60_000);
    await h.paidCharge(guest!.id, 5000, paidAt, { casual: true });
    expect(await recordGuestReceipts(h.db)).toBe(1);
    expect(await recordGuestReceipts(h.db)).toBe(0);

    h.app.szamlazzSandbox!.failure = 'down';
    const client = h.client();
    expect(await deliverPendingReceipts(h.db, client, h.config.publicUrl)).toEqual({
      issued: 0,
      failed: 1,
    });
    h.app.szamlazzSandbox!.failure = null;
    await h.db.update(providerReceipts).set({ nextAttemptAt: new Date() });
    expect(await deliverPendingReceipts(h.db, client, h.config.publicUrl)).toEqual({
      issued: 1,
      failed: 0,
    });
    expect(await deliverPendingReceipts(h.db, client, h.config.publicUrl)).toEqual({
      issued: 0,
      failed: 0,
    });

    const [receipt] = await h.db.select().from(providerReceipts);
    expect(receipt!.receiptNumber).toMatch(/^VPNY-\d{4}-\d{6}$/);
    const mails = await h.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `provider-receipt:${receipt!.id}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe('guest@example.com');
    const text = await pdfText(Buffer.from(mails[0]!.attachments![0]!.contentBase64, 'base64'));
    expect(text).toContain('Nyugta');
    expect(text).toContain('5 000 Ft');
    // The sandbox mailbox shows the attachment and serves it.
    const page = await fetch(`${h.base}/sandbox/mailbox/${mails[0]!.id}?lang=hu`);
    expect(await page.text()).toContain(`/sandbox/mailbox/${mails[0]!.id}/attachment/0`);
    const file = await fetch(`${h.base}/sandbox/mailbox/${mails[0]!.id}/attachment/0`);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect((await fetch(`${h.base}/sandbox/mailbox/${mails[0]!.id}/attachment/1`)).status).toBe(
      404,
    );
    // A guest gets no invoice.
    expect(await h.db.select().from(invoices).where(eq(invoices.userId, guest!.id))).toEqual([]);
  });
});

describe('an English guest', () => {
  it('gets an English receipt (texts and the English template) and an English mail', async () => {
    const [guest] = await h.db
      .insert(users)
      .values({
        email: 'guest-en@example.com',
        casualUser: true,
        casualCharge: true,
        preferredLanguage: 'en',
      })
      .returning();
    await h.paidCharge(guest!.id, 2700, new Date(Date.now() - 60_000), { casual: true });
    expect(await recordGuestReceipts(h.db)).toBe(1);
    const client = h.client();
    expect(await deliverPendingReceipts(h.db, client, h.config.publicUrl)).toEqual({
      issued: 1,
      failed: 0,
    });
    const [receipt] = await h.db
      .select()
      .from(providerReceipts)
      .where(eq(providerReceipts.userId, guest!.id));
    const [mail] = await h.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `provider-receipt:${receipt!.id}`));
    expect(mail!.lang).toBe('en');
    expect(mail!.subject).toBe(`Voltpark receipt: ${receipt!.receiptNumber}`);
    const text = await pdfText(Buffer.from(mail!.attachments![0]!.contentBase64, 'base64'));
    expect(text).toContain('Receipt');
    expect(text).toContain('Payment method: bank card');
    expect(text).toContain(`Voltpark, receipt`);
    expect(text).toContain('2 700 Ft');
    expect(text).not.toContain('Nyugta');
    expect(text).not.toContain('Fizetési mód');
  });
});

describe('npm run invoices -- run', () => {
  // The CLI closes the database it opened; here it shares the test's.
  const open = async (): Promise<Database> => ({ ...h.database, close: async () => {} });

  it('issues the period’s invoices now, and nothing more when repeated', async () => {
    const d = await h.driver('cli@example.com');
    await h.paidCharge(d.id, 2000, new Date('2026-03-04T10:00:00Z'));
    const out: string[] = [];
    const code = await runInvoicesCli(
      ['run', '--from', '2026-03-02', '--to', '2026-03-08'],
      open,
      (l) => out.push(l),
    );
    expect(code).toBe(0);
    expect(out.join('\n')).toContain('1 new invoice(s)');
    const rows = await h.db.select().from(invoices).where(eq(invoices.userId, d.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('issued');

    const again = await runInvoicesCli(
      ['run', '--from', '2026-03-01', '--to', '2026-03-31'],
      open,
      () => {},
    );
    expect(again).toBe(0);
    expect(await h.db.select().from(invoices).where(eq(invoices.userId, d.id))).toHaveLength(1);
  });

  it('refuses bad words with the usage and exit code 2', async () => {
    const out: string[] = [];
    expect(
      await runInvoicesCli(['run', '--from', '2026-02-30', '--to', '2026-03-01'], open, (l) =>
        out.push(l),
      ),
    ).toBe(2);
    expect(out.join('\n')).toContain(
      'Usage: npm run invoices -- run --from YYYY-MM-DD --to YYYY-MM-DD',
    );
    expect(await runInvoicesCli(['issue'], open, () => {})).toBe(2);
    expect(
      await runInvoicesCli(['run', '--from', '2026-03-09', '--to', '2026-03-01'], open, () => {}),
    ).toBe(2);
  });
});

describe('npm run invoices -- failed / retry', () => {
  const open = async (): Promise<Database> => ({ ...h.database, close: async () => {} });
  const cli = async (...argv: string[]) => {
    const out: string[] = [];
    const code = await runInvoicesCli(argv, open, (l) => out.push(l));
    return { code, out: out.join('\n') };
  };

  it('lists what the provider rejected or did not answer, and issues it on retry', async () => {
    expect(await cli('failed')).toEqual({
      code: 0,
      out: 'No invoice or receipt waits for the provider.',
    });
    const down = await h.driver('down@example.com');
    const refused = await h.driver('refused@example.com');
    await h.paidCharge(down.id, 3100, new Date('2026-04-07T10:00:00Z'));
    await h.paidCharge(refused.id, 4200, new Date('2026-04-08T10:00:00Z'));
    await prepareInvoices(h.db, { from: '2026-04-06', to: '2026-04-12' });
    const mine = async (userId: number) =>
      (await h.db.select().from(invoices).where(eq(invoices.userId, userId)))[0]!;

    // The provider refuses one (a wrong agent key: an error code), then is down for the other.
    const wrongKey = agentClientFor(
      { ...h.config.invoicing, agentKey: 'not-the-key' },
      `${h.base}${SZAMLAZZ_SANDBOX_PATH}`,
    );
    await h.db
      .update(invoices)
      .set({ nextAttemptAt: new Date(Date.now() + 3_600_000) })
      .where(eq(invoices.id, (await mine(down.id)).id));
    expect(await deliverPendingInvoices(h.db, wrongKey, h.config.publicUrl)).toEqual({
      issued: 0,
      failed: 1,
    });
    await h.db
      .update(invoices)
      .set({ nextAttemptAt: new Date() })
      .where(eq(invoices.id, (await mine(down.id)).id));
    h.app.szamlazzSandbox!.failure = 'down';
    expect(await deliverPendingInvoices(h.db, h.client(), h.config.publicUrl)).toEqual({
      issued: 0,
      failed: 1,
    });
    h.app.szamlazzSandbox!.failure = null;

    const listed = await cli('failed');
    expect(listed.code).toBe(0);
    const lines = listed.out.split('\n');
    const downLine = lines.find((l) => l.includes('down@example.com'))!;
    const refusedLine = lines.find((l) => l.includes('refused@example.com'))!;
    expect(downLine).toContain(`invoice ${(await mine(down.id)).id} | INVOICE`);
    expect(downLine).toContain('3100 Ft');
    expect(downLine).toContain('provider unreachable');
    expect(refusedLine).toContain('4200 Ft');
    expect(refusedLine).toContain('REJECTED by the provider');
    expect(refusedLine).toContain('Számla Agent error');

    // Both wait (backoff); retrying one issues that one only, now.
    const retried = await cli('retry', '--invoice', String((await mine(down.id)).id));
    expect(retried.code).toBe(0);
    expect(retried.out).toContain('1 failing invoice(s) or receipt(s) asked for again');
    expect(retried.out).toContain('1 issued, 0 still waiting');
    expect((await mine(down.id)).status).toBe('issued');
    expect((await mine(refused.id)).status).toBe('pending');
    // An issued invoice is no longer failing: retrying it again does nothing.
    expect((await cli('retry', '--invoice', String((await mine(down.id)).id))).out).toContain(
      '0 failing invoice(s)',
    );

    expect(await cli('retry', '--all')).toMatchObject({ code: 0 });
    expect((await mine(refused.id)).status).toBe('issued');
    expect((await cli('failed')).out).toBe('No invoice or receipt waits for the provider.');
    // One invoice each, never doubled by the retries.
    for (const u of [down, refused])
      expect(await h.db.select().from(invoices).where(eq(invoices.userId, u.id))).toHaveLength(1);
  });

  it('refuses a retry without ids, with both ids and --all, and made-up ids', async () => {
    expect((await cli('retry')).code).toBe(2);
    expect((await cli('retry', '--all', '--invoice', '1')).code).toBe(2);
    expect((await cli('retry', '--invoice', 'x1')).code).toBe(2);
    expect((await cli('failed', 'now')).code).toBe(2);
  });
});
