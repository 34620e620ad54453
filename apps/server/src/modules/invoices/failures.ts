import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { invoices, providerReceipts } from '../../db/schema/index.js';
import { REJECTED_PREFIX } from './szamlazz/errors.js';

/** An invoice or guest receipt the provider has not issued yet although it was asked. */
export interface FailingDocument {
  kind: 'invoice' | 'receipt';
  id: number;
  /** INVOICE / STORNO for invoices, the service (charge, parking …) for receipts. */
  what: string;
  email: string;
  gross: number;
  attempts: number;
  /** The provider answered with an error code (it refused the document), not just unreachable. */
  rejected: boolean;
  lastError: string;
  nextAttemptAt: Date;
}

const rejected = (lastError: string) => lastError.startsWith(REJECTED_PREFIX);

/**
 * What the operator must look at: pending invoices and guest receipts whose provider calls have
 * failed at least once (the jobs keep retrying them with backoff), oldest first.
 */
export async function failingDocuments(db: Db): Promise<FailingDocument[]> {
  const inv = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.status, 'pending'), isNotNull(invoices.lastError)))
    .orderBy(asc(invoices.id));
  const rec = await db
    .select()
    .from(providerReceipts)
    .where(and(eq(providerReceipts.status, 'pending'), isNotNull(providerReceipts.lastError)))
    .orderBy(asc(providerReceipts.id));
  return [
    ...inv.map((i) => ({
      kind: 'invoice' as const,
      id: i.id,
      what: i.kind,
      email: i.buyer.email,
      gross: i.grossTotal,
      attempts: i.attempts,
      rejected: rejected(i.lastError!),
      lastError: i.lastError!,
      nextAttemptAt: i.nextAttemptAt,
    })),
    ...rec.map((r) => ({
      kind: 'receipt' as const,
      id: r.id,
      what: `${r.sourceKind} ${r.sourceId}`,
      email: r.email,
      gross: r.gross,
      attempts: r.attempts,
      rejected: rejected(r.lastError!),
      lastError: r.lastError!,
      nextAttemptAt: r.nextAttemptAt,
    })),
  ];
}

export type RetryTarget = { all: true } | { invoiceIds: number[]; receiptIds: number[] };

/**
 * Makes failing documents due now (no backoff wait), so the next delivery round, the CLI's or a
 * server's, asks the provider again. Only pending documents that failed: an issued one is never
 * touched. How many were made due.
 */
export async function makeDueNow(db: Db, target: RetryTarget): Promise<number> {
  const invoiceWhere =
    'all' in target
      ? undefined
      : target.invoiceIds.length
        ? inArray(invoices.id, target.invoiceIds)
        : sql`false`;
  const receiptWhere =
    'all' in target
      ? undefined
      : target.receiptIds.length
        ? inArray(providerReceipts.id, target.receiptIds)
        : sql`false`;
  const i = await db
    .update(invoices)
    .set({ nextAttemptAt: sql`now()` })
    .where(and(eq(invoices.status, 'pending'), isNotNull(invoices.lastError), invoiceWhere))
    .returning({ id: invoices.id });
  const r = await db
    .update(providerReceipts)
    .set({ nextAttemptAt: sql`now()` })
    .where(
      and(
        eq(providerReceipts.status, 'pending'),
        isNotNull(providerReceipts.lastError),
        receiptWhere,
      ),
    )
    .returning({ id: providerReceipts.id });
  return i.length + r.length;
}
