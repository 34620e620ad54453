import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { translateMessage } from '@voltpark/contract';
import type { Db } from '../../db/client.js';
import { providerReceipts, users } from '../../db/schema/index.js';
import { queueMailOnce } from '../mail/outbox.js';
import { splitGross, VAT_PERCENT } from './amounts.js';
import { backoffSeconds } from './deliver.js';
import { lineText } from './prepare.js';
import { lineSources, type LineSource } from './sources.js';
import type { SzamlaAgentClient } from './szamlazz/client.js';

/** How far back a paid guest service still gets its provider receipt. */
const LOOK_BACK_MS = 3 * 86_400_000;

/**
 * Guests (casual users, no billing data) get the provider's receipt for each paid charge or
 * parking, e-mailed right after it is paid: this records one pending receipt per service.
 */
export async function recordGuestReceipts(
  db: Db,
  now = new Date(),
  sources: LineSource[] = lineSources,
): Promise<number> {
  const since = new Date(now.getTime() - LOOK_BACK_MS);
  const services = (await Promise.all(sources.map((s) => s.paidByGuests(db, since)))).flat();
  let recorded = 0;
  for (const s of services) {
    const [user] = await db
      .select({ email: users.email, lang: users.preferredLanguage })
      .from(users)
      .where(eq(users.id, s.userId));
    if (!user) continue;
    const rows = await db
      .insert(providerReceipts)
      .values({
        userId: s.userId,
        sourceKind: s.sourceKind,
        sourceId: s.sourceId,
        callId: `VPR-${s.sourceKind}-${s.sourceId}`,
        email: user.email,
        lang: user.lang === 'en' ? 'en' : 'hu',
        gross: s.gross,
      })
      .onConflictDoNothing()
      .returning({ id: providerReceipts.id });
    recorded += rows.length;
  }
  return recorded;
}

/** Asks the provider for the pending receipts (claimed once across replicas) and mails them. */
export async function deliverPendingReceipts(
  db: Db,
  client: SzamlaAgentClient,
  publicUrl: string,
  log?: FastifyBaseLogger,
  sources: LineSource[] = lineSources,
): Promise<{ issued: number; failed: number }> {
  const result = await db.execute(sql`
    update provider_receipts set claimed_at = now(), attempts = attempts + 1
    where id in (
      select id from provider_receipts
      where status = 'pending' and next_attempt_at <= now()
        and (claimed_at is null or claimed_at < now() - interval '5 minutes')
      order by id limit 10 for update skip locked)
    returning id`);
  const ids = (result as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
  const round = { issued: 0, failed: 0 };
  for (const id of ids) {
    const [r] = await db.select().from(providerReceipts).where(eq(providerReceipts.id, id));
    if (!r) continue;
    try {
      const source = sources.find((s) => s.kind === r.sourceKind);
      const service = source ? await source.byId(db, r.sourceId) : null;
      if (!service) throw new Error(`service ${r.sourceKind}:${r.sourceId} not found`);
      const split = splitGross(service.gross);
      const text = lineText(service, r.lang);
      const doc = await client.createReceipt({
        callId: r.callId,
        lang: r.lang,
        paymentMethod: translateMessage(`invoice.paymentMethod.${service.paymentMethod}`, r.lang),
        comment: translateMessage('invoice.comment.receipt', r.lang, {
          receipt: service.receiptNumber,
        }),
        lines: [
          {
            description: text.description,
            quantity: 1,
            unit: 'db',
            netUnitPrice: split.net,
            vatRate: VAT_PERCENT,
            ...split,
          },
        ],
      });
      await db.transaction(async (tx) => {
        const [done] = await tx
          .update(providerReceipts)
          .set({
            status: 'issued',
            receiptNumber: doc.number,
            issuedAt: new Date(),
            claimedAt: null,
          })
          .where(and(eq(providerReceipts.id, id), eq(providerReceipts.status, 'pending')))
          .returning();
        if (!done) return;
        await queueMailOnce(
          tx,
          done.email,
          done.lang,
          { template: 'providerReceipt', link: publicUrl, number: doc.number, total: done.gross },
          `provider-receipt:${done.id}`,
          [
            {
              filename: `${doc.number.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`,
              contentType: 'application/pdf',
              contentBase64: doc.pdf.toString('base64'),
            },
          ],
        );
        round.issued++;
      });
    } catch (err) {
      round.failed++;
      const message = (err as Error).message.slice(0, 500);
      log?.warn({ receiptId: id, err: message }, 'provider receipt not issued yet; will retry');
      await db
        .update(providerReceipts)
        .set({
          claimedAt: null,
          lastError: message,
          nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(r.attempts)})`,
        })
        .where(eq(providerReceipts.id, id));
    }
  }
  return round;
}
