import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { roamingEmspCdrs as C } from '../../../db/schema/index.js';
import type { PaymentDeps } from '../../payments/payments.js';
import { billRoamingCdr } from './bill-roaming-cdr.js';

/** How often, and after how long, CDRs left PENDING (a billing that failed) are billed again. */
export const CDR_BILLING_RETRY_MS = 60_000;

/**
 * Bills CDRs still PENDING a while after they came (their billing at the POST failed, or a card
 * finish was in flight). billRoamingCdr claims each row, so replicas doing this at once, or a
 * partner's repost meanwhile, bill each CDR once. Returns how many were looked at.
 */
export async function billPendingRoamingCdrs(
  deps: PaymentDeps,
  opts: { olderThanMs?: number; limit?: number } = {},
): Promise<number> {
  const olderThan = opts.olderThanMs ?? CDR_BILLING_RETRY_MS;
  const rows = await deps.db
    .select()
    .from(C)
    .where(
      and(
        eq(C.billing, 'PENDING'),
        lt(C.createdAt, sql`now() - make_interval(secs => ${olderThan / 1000})`),
      ),
    )
    .orderBy(asc(C.id))
    .limit(opts.limit ?? 50);
  for (const row of rows) await billRoamingCdr(deps, row);
  return rows.length;
}

/** The retry loop of one server: started when it listens, stopped (and awaited) before close. */
export function startCdrBillingRetry(
  deps: PaymentDeps,
  log: { error(o: object, m: string): void },
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = billPendingRoamingCdrs(deps)
      .then(
        () => undefined,
        (err: unknown) => log.error({ err }, 'roaming CDR billing retry failed'),
      )
      .finally(() => {
        running = null;
      });
  }, CDR_BILLING_RETRY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
