import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createTestDatabase } from '../../test/database.js';
import type { Database } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/accounts.js';
import { deliverPendingMail } from './delivery.js';
import { queueMail } from './outbox.js';
import { renderMail } from './templates.js';

const log = { warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('mail', () => {
  it('renders the same mail in Hungarian and English with the link in both bodies', () => {
    const link = 'https://voltpark.example/forgotten-password?token=a&b';
    const hu = renderMail({ template: 'passwordReset', link, validMinutes: 60 }, 'hu');
    const en = renderMail({ template: 'passwordReset', link, validMinutes: 60 }, 'en');
    expect(hu.subject).toBe('Új jelszó beállítása a Voltparkban');
    expect(en.subject).toBe('Set a new Voltpark password');
    expect(hu.text).toContain('60 percig');
    expect(en.text).toContain('60 minutes');
    expect(en.text).toContain(link);
    expect(en.html).toContain('token=a&amp;b');
  });

  it('the open rest of a roaming bill in Hungarian: cost, taken from the hold, still to pay', () => {
    const hu = renderMail(
      {
        template: 'roamingOpenRest',
        link: 'https://voltpark.example/receipt?rowNumber=700003',
        rowNumber: 700003,
        site: 'Debrecen, Fórum parkolóház (VoltPartner Kft.)',
        grossPrice: 12_540,
        paidAmount: 10_000,
      },
      'hu',
    );
    expect(hu.subject).toBe('Még fizetendő a partnertöltős töltéséből (700003) – Voltpark');
    expect(hu.text).toContain(
      'Töltésének díja (Debrecen, Fórum parkolóház (VoltPartner Kft.)): 12\u00a0540 Ft. A bankkártyáján zárolt összegből 10\u00a0000 Ft összeget terheltünk, 2\u00a0540 Ft még fizetendő.',
    );
    expect(hu.html).toContain('href="https://voltpark.example/receipt?rowNumber=700003"');
    expect(hu.html).toContain('A nyugta megnyitása és fizetés');
  });

  it('a guest’s charge receipt names the card only by a mask SimplePay reported', () => {
    const receipt = {
      template: 'chargeReceipt' as const,
      link: 'https://voltpark.example/receipt?rowNumber=100004',
      validDays: 30,
      rowNumber: 100004,
      issuedAt: new Date('2026-11-20T10:00:00Z'),
      charger: 'Debrecen 1',
      energyWh: 12_345,
      priceOfCharging: 2000,
      parkingPrice: 0,
      grossPrice: 2000,
      paidAmount: 2000,
      held: 5000,
    };
    expect(renderMail({ ...receipt, cardMask: '5168-49xx-xxxx-1234' }, 'hu').text).toContain(
      'Kártya: 5168-49xx-xxxx-1234',
    );
    expect(renderMail({ ...receipt, cardMask: null }, 'hu').text).not.toContain('Kártya:');
  });

  it('delivers each queued mail once, and backs off after a failure', async () => {
    const db = database.db;
    const ok = await queueMail(db, 'ok@example.hu', 'hu', {
      template: 'activation',
      link: 'https://x/a',
      validHours: 48,
    });
    const bad = await queueMail(db, 'bounce@example.hu', 'en', {
      template: 'activation',
      link: 'https://x/b',
      validHours: 48,
    });
    const sent: string[] = [];
    const send = async (m: { to: string }) => {
      if (m.to.startsWith('bounce')) throw new Error('550 mailbox unavailable');
      sent.push(m.to);
    };
    expect(await deliverPendingMail(db, send, log)).toBe(1);
    expect(await deliverPendingMail(db, send, log)).toBe(0);
    expect(sent).toEqual(['ok@example.hu']);
    const [okRow] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, ok));
    const [badRow] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, bad));
    expect(okRow!.sentAt).not.toBeNull();
    expect(badRow).toMatchObject({
      sentAt: null,
      attempts: 1,
      lastError: '550 mailbox unavailable',
    });
    expect(badRow!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
  });
});
