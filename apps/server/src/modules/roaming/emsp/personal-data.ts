import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { roamingEmspChargeRequests as R, roamingReceipts as RR } from '../../../db/schema/index.js';
import { toRoamingRecord } from './roaming-receipts.js';

/**
 * The roaming part of the GDPR access copy (decision 0043): the driver's start requests at
 * partners' chargers and the receipts of the billed ones. Our authorization references and the
 * command keys are handles between operators, not data about the driver, and are left out.
 */
export async function roamingPersonalData(db: Db, userId: number) {
  const requests = await db.select().from(R).where(eq(R.userId, userId)).orderBy(asc(R.id));
  const receipts = await db.select().from(RR).where(eq(RR.userId, userId)).orderBy(asc(RR.id));
  return {
    roamingCharges: requests.map((r) => ({
      id: r.id,
      siteId: r.siteId,
      evseUid: r.evseUid,
      connectorId: r.connectorId,
      status: r.status,
      heldAmount: r.amount,
      billedAmount: r.billedAmount,
      message: r.message,
      createdAt: r.createdAt.toISOString(),
    })),
    roamingReceipts: receipts.map(toRoamingRecord),
  };
}
