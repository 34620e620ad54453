import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** One demo gate as the server sees it (the gates table, filled from MQTT). */
export interface ServerGateView {
  id: number;
  name: string;
  direction: 'IN' | 'OUT' | 'BOTH';
  lotId: number;
  lotName: string;
  online: boolean;
  sensor: 'ok' | 'fault' | null;
  carPresent: boolean;
  plate: string | null;
  /** The open request still waiting for `passed` / `timeout`, if any. */
  pending: {
    subject: string | null;
    reason: string;
    sentAt: Date;
    ackResult: string | null;
  } | null;
}

interface Row {
  id: number;
  name: string;
  direction: 'IN' | 'OUT' | 'BOTH';
  lot_id: number;
  lot_name: string;
  online: boolean;
  sensor: 'ok' | 'fault' | null;
  car_present: boolean;
  plate: string | null;
  subject: string | null;
  reason: string | null;
  sent_at: string | Date | null;
  ack_result: string | null;
}

const hungarian = new Intl.Collator('hu');

/**
 * The gates with the given ids (the sandbox's simulated ones), by lot name in Hungarian order
 * (the database's C collation put "Árkád" after "Zsolnay"), then lot and gate id.
 */
export async function loadServerGates(db: Db, gateIds: number[]): Promise<ServerGateView[]> {
  if (gateIds.length === 0) return [];
  const result = await db.execute(sql`
    select g.id, g.name, g.direction::text as direction, l.id as lot_id, l.name as lot_name,
      g.online, g.sensor, g.car_present, g.plate,
      r.subject, r.reason, r.sent_at, r.ack_result
    from gates g join parking_lots l on l.id = g.parking_lot_id
    left join gate_open_requests r on r.gate_id = g.id and r.outcome is null
    where g.id in (select jsonb_array_elements_text(${JSON.stringify(gateIds)}::jsonb)::int)
    order by l.name, l.id, g.id`);
  const rows = (result as unknown as { rows: Row[] }).rows.sort(
    (a, b) => hungarian.compare(a.lot_name, b.lot_name) || a.lot_id - b.lot_id || a.id - b.id,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    direction: r.direction,
    lotId: r.lot_id,
    lotName: r.lot_name,
    online: r.online,
    sensor: r.sensor,
    carPresent: r.car_present,
    plate: r.plate,
    pending:
      r.reason !== null && r.sent_at !== null
        ? {
            subject: r.subject,
            reason: r.reason,
            sentAt: new Date(r.sent_at),
            ackResult: r.ack_result,
          }
        : null,
  }));
}
