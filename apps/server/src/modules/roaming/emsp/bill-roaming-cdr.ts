import { and, eq, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.js';
import { moneyHolds, roamingEmspCdrs as C } from '../../../db/schema/index.js';
import { pointsFor } from '../../charging/pricing.js';
import { creditPoints } from '../../loyalty/points.js';
import { captureHold } from '../../payments/holds.js';
import { debitWallet } from '../../payments/ledger.js';
import type { PaymentDeps } from '../../payments/payments.js';
import { syncChargeRequests } from './charge-requests-store.js';
import type { DriverCdrRow } from './driver-cdrs-store.js';
import { queueOpenRestMail } from './roaming-open-rest-mail.js';
import { issueRoamingReceipt } from './roaming-receipts.js';

/** The hold of a driver's roaming session: our authorization_reference names the session. */
export const roamingHoldCause = (authorizationReference: string) =>
  `roaming:${authorizationReference}`;

/** A card hold SimplePay may still finish for us. */
const CARD_OPEN: readonly string[] = ['held', 'capturing', 'releasing'];

/**
 * Whether another CDR of this driver with the same authorization_reference was billed already:
 * its hold paid that one, and must not be counted again (a partner reusing a reference).
 */
async function takenByAnother(tx: DbOrTx, row: DriverCdrRow): Promise<boolean> {
  if (!row.authorizationReference || row.userId === null) return false;
  const [other] = await tx
    .select({ id: C.id })
    .from(C)
    .where(
      and(
        eq(C.userId, row.userId),
        eq(C.authorizationReference, row.authorizationReference),
        eq(C.billing, 'BILLED'),
        ne(C.id, row.id),
      ),
    )
    .limit(1);
  return Boolean(other);
}

type CdrCost = Pick<DriverCdrRow, 'totalCostInclVat' | 'totalCostExclVat'>;

/** The partner's cost of a CDR: its total incl. VAT (excl. when it has none), in its currency. */
export const partnerCostOf = (row: CdrCost): number => row.totalCostInclVat ?? row.totalCostExclVat;

/** Ft the driver pays for a CDR: its total cost incl. VAT (excl. when it has none) + our fee. */
export function roamingPrice(row: CdrCost, feePercent: number): number {
  return Math.max(0, Math.round(partnerCostOf(row) * (1 + feePercent / 100)));
}

/**
 * Bills a PENDING CDR of one of our drivers exactly once. In one database transaction: the row
 * is claimed (PENDING → BILLED, conditional: a replay, a concurrent POST or a retry changes
 * nothing), the driver's wallet hold for `roaming:<authorization_reference>` is captured to the
 * price (the rest given back), whatever the hold did not cover is debited from the wallet (it
 * may go negative, which blocks the next start, as a charge's overage does), and the loyalty
 * points are booked as a charge's are, and the receipt is issued (0043). A card hold is
 * finished at SimplePay first, outside the transaction (captureHold acts once per hold; a finish still in flight leaves the CDR PENDING);
 * what it did not cover stays open (`billedAmount − paidAmount`). Returns the row as it is now.
 */
export async function billRoamingCdr(
  deps: PaymentDeps,
  cdrRow: DriverCdrRow,
): Promise<DriverCdrRow> {
  const reread = async () => (await deps.db.select().from(C).where(eq(C.id, cdrRow.id)))[0]!;
  if (cdrRow.billing !== 'PENDING' || cdrRow.userId === null) return cdrRow;
  const userId = cdrRow.userId;
  const price = roamingPrice(cdrRow, deps.config.roaming.feePercent);
  const cause = cdrRow.authorizationReference
    ? roamingHoldCause(cdrRow.authorizationReference)
    : null;
  const holdOf = async (db: Db, lock = false) => {
    if (!cause) return null;
    const q = db
      .select()
      .from(moneyHolds)
      .where(and(eq(moneyHolds.cause, cause), eq(moneyHolds.userId, userId)));
    return (await (lock ? q.for('update') : q))[0] ?? null;
  };

  const before = await holdOf(deps.db);
  if (before?.method === 'card' && cause && CARD_OPEN.includes(before.status)) {
    const hold = await captureHold(deps, cause, price);
    if (hold && hold.status !== 'captured' && hold.status !== 'released') return reread();
  }

  let billed = false;
  await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(C)
      .set({ billing: 'BILLED', billedAt: new Date() })
      .where(and(eq(C.id, cdrRow.id), eq(C.billing, 'PENDING')))
      .returning({ id: C.id });
    if (!claimed) return;
    billed = true;
    // The capture joins this transaction (its own transaction becomes a savepoint of this one).
    const inTx: PaymentDeps = { ...deps, db: tx as unknown as Db };
    // The hold's row is locked first: two CDRs naming one reference take turns, and the second
    // then sees the first BILLED (statements after the lock see what committed before it).
    let hold = await holdOf(inTx.db, true);
    if (hold && (await takenByAnother(tx, cdrRow))) hold = null;
    let captured = 0;
    if (hold && cause && hold.method === 'wallet' && hold.status === 'held') {
      hold = await captureHold(inTx, cause, price);
      captured = hold?.status === 'captured' ? (hold.capturedAmount ?? 0) : 0;
    } else if (hold?.method === 'card' && hold.status === 'captured') {
      // Finished for this CDR just before (or by an attempt of it that stopped after it).
      captured = hold.capturedAmount ?? 0;
    }
    const byCard = hold?.method === 'card' && hold.status === 'captured';
    const rest = price - captured;
    if (!byCard && rest > 0) {
      await debitWallet(
        tx,
        { userId, amount: rest, kind: 'debit', cause: cause ?? `roaming-cdr:${cdrRow.id}` },
        -1_000_000,
      );
    }
    const paid = byCard ? captured : price;
    const points = pointsFor(paid);
    if (points > 0) {
      await creditPoints(tx, {
        userId,
        amount: points,
        cause: `roaming-cdr:${cdrRow.id}`,
        reason: 'CHARGE',
      });
    }
    await tx
      .update(C)
      .set({ billedAmount: price, paidAmount: paid, earnedPoints: points })
      .where(eq(C.id, cdrRow.id));
    // Decision 0043: the driver's receipt, with the claim (so once per CDR).
    const receipt = await issueRoamingReceipt(tx, cdrRow, { userId, price, paid, points });
    // Decision 0057: a rest above the card hold is mailed with the receipt, in the same commit.
    if (receipt) await queueOpenRestMail(tx, receipt, deps.config.publicUrl);
  });
  // The request is COMPLETED with its bill now (and the driver's screen told), not at the
  // request loop's next round (decision 0056).
  // A failed link is the loop's to do (it syncs every round); the bill stands either way.
  if (billed) await syncChargeRequests(deps.db).catch(() => undefined);
  return reread();
}
