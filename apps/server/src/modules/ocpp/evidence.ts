import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { ocppFrames } from '../../db/schema/index.js';

export type EvidenceFrame = typeof ocppFrames.$inferSelect;

/**
 * Every stored OCPP frame of a transaction in order: frames carrying its id, plus the other
 * half of a command exchange (same correlation id) whose answer raced the link — e.g. the
 * RemoteStartTransaction answer stored after the StartTransaction it caused.
 */
export async function transactionFrames(
  db: DbOrTx,
  transactionId: number,
): Promise<EvidenceFrame[]> {
  const result = (await db.execute(sql`
    select id, charge_point_id as "chargePointId", ${transactionId}::int as "transactionId",
      direction, message_type as "messageType", message_id as "messageId", action, payload, at
    from ocpp_frames f
    where f.transaction_id = ${transactionId}
       or (f.transaction_id is null and f.message_id <> '' and f.message_id in (
             select message_id from ocpp_frames where transaction_id = ${transactionId} and message_id <> ''))
    order by f.at, f.id`)) as unknown as {
    rows: (EvidenceFrame & { at: Date | string; id: number | string })[];
  };
  return result.rows.map((r) => ({ ...r, id: Number(r.id), at: new Date(r.at) }));
}
