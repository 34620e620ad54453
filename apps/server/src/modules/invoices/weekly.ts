import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { invoiceWeeks } from '../../db/schema/index.js';
import { prepareInvoices } from './prepare.js';
import { previousWeek } from './time.js';

/**
 * The Monday run (SPEC §9 Terms figures: a weekly summary invoice each Monday for the previous
 * week). Every replica calls this often; the week's row is claimed by one of them (a claim
 * left by a crashed replica lapses after ten minutes) and marked done once the week's invoices
 * are recorded. Run on a Tuesday after an outage, it does the missed week. The provider calls
 * happen in `deliverPendingInvoices`, retried with backoff.
 */
export async function runWeeklyIfDue(db: Db, now = new Date()): Promise<number[] | null> {
  const { from, to } = previousWeek(now);
  await db.insert(invoiceWeeks).values({ weekStart: from }).onConflictDoNothing();
  const claimed = await db.execute(sql`
    update invoice_weeks set claimed_at = now()
    where week_start = ${from} and done_at is null
      and (claimed_at is null or claimed_at < now() - interval '10 minutes')
    returning week_start`);
  if ((claimed as unknown as { rows: unknown[] }).rows.length === 0) return null;
  const made = await prepareInvoices(db, { from, to });
  await db.execute(sql`update invoice_weeks set done_at = now() where week_start = ${from}`);
  return made;
}
