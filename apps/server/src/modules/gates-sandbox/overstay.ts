import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * Sandbox time at an exit gate (decision 0028): the leave window of the parkings FINISHING at
 * the gate's lot (whose exit is not being opened right now) ends now, as if the driver had
 * waited the 15 minutes with the car inside. Nothing else is written: the parking module's own
 * overstay rule (its sweep) then restarts them as it would after the real wait. Returns how many
 * parkings it concerned (0: nobody is about to leave through this gate).
 */
export async function leaveTimeRunsOut(db: Db, gateId: number, now = new Date()): Promise<number> {
  const result = await db.execute(sql`
    update parking_sessions s set parking_will_finish_at = ${now.toISOString()}::timestamptz
    from gates g
    where g.id = ${gateId} and g.direction::text in ('OUT', 'BOTH')
      and s.parking_lot_id = g.parking_lot_id
      and s.status = 'FINISHING'
      and s.parking_will_finish_at > ${now.toISOString()}::timestamptz
      and not exists (select 1 from gate_open_requests r
        where r.id = s.out_open_request_id and r.outcome is null)
    returning s.id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
