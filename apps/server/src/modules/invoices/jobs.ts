import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { deliverPendingInvoices } from './deliver.js';
import { deliverPendingReceipts, recordGuestReceipts } from './guest-receipts.js';
import type { SzamlaAgentClient } from './szamlazz/client.js';
import { runWeeklyIfDue } from './weekly.js';

const EVERY_MS = 30_000;

/** One round of the invoicing work: the Monday run when due, guest receipts, provider calls. */
export async function invoicingRound(
  db: Db,
  client: SzamlaAgentClient,
  publicUrl: string,
  log: FastifyBaseLogger,
) {
  await runWeeklyIfDue(db);
  await recordGuestReceipts(db);
  await deliverPendingInvoices(db, client, publicUrl, log);
  await deliverPendingReceipts(db, client, publicUrl, log);
}

/** Runs the invoicing rounds every 30 s on every replica (claims keep the work single). */
export function startInvoicingJobs(
  db: Db,
  client: () => SzamlaAgentClient,
  publicUrl: string,
  log: FastifyBaseLogger,
): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    invoicingRound(db, client(), publicUrl, log)
      .catch((err: unknown) => log.error({ err }, 'invoicing round failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  const first = setTimeout(run, 2000);
  first.unref();
  return () => {
    clearInterval(timer);
    clearTimeout(first);
  };
}
