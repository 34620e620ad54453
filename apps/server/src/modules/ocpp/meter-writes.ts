import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { ocppFrames } from '../../db/schema/index.js';

type Frame = typeof ocppFrames.$inferInsert;

/** One MeterValues message to store: its evidence frames and its latest reading. */
export interface MeterWrite {
  chargePointId: string;
  transactionId: number;
  /** The latest energy register in the message (Wh) and its charger timestamp (ISO). */
  wh: number | null;
  at: string | null;
  powerW: number | null;
  frames: Frame[];
}

/** The transaction's meterStart, or null: no such transaction of that charge point. */
export type MeterWriteResult = { meterStartWh: number } | null;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * Stores many MeterValues at once (see GroupCommit): the frames in one insert, the latest
 * readings in one update. Late and out-of-order values never move a reading backwards. When
 * the batch holds each transaction once (always, for chargers keeping to one outstanding call)
 * it is a single statement — one round trip, atomic; otherwise one transaction with an update
 * per round in arrival order.
 */
export async function writeMeterValues(db: Db, items: MeterWrite[]): Promise<MeterWriteResult[]> {
  const frames = JSON.stringify(
    items.flatMap((w) =>
      w.frames.map((f) => ({
        cp: f.chargePointId,
        tx: f.transactionId,
        dir: f.direction,
        type: f.messageType,
        mid: f.messageId,
        action: f.action,
        payload: f.payload,
        at: f.at,
      })),
    ),
  );
  const insertFrames = sql`
    insert into ocpp_frames (charge_point_id, transaction_id, direction, message_type, message_id, action, payload, at)
    select x.cp, x.tx, x.dir, x.type, x.mid, x.action, x.payload, x.at
    from jsonb_to_recordset(${frames}::jsonb) as x(cp text, tx int, dir text, type int, mid text, action text, payload jsonb, at timestamptz)`;
  const rounds = roundsOf(items);
  const results: MeterWriteResult[] = items.map(() => null);
  const take = (rows: unknown) => {
    for (const r of rowsOf<{ i: number; meter_start_wh: string | number }>(rows)) {
      results[r.i] = { meterStartWh: Number(r.meter_start_wh) };
    }
  };
  if (rounds.length === 1) {
    take(await db.execute(sql`with frames as (${insertFrames}) ${updateReadings(rounds[0]!)}`));
  } else {
    await db.transaction(async (tx) => {
      await tx.execute(insertFrames);
      for (const round of rounds) take(await tx.execute(updateReadings(round)));
    });
  }
  return results;
}

type Indexed = MeterWrite & { i: number };

/**
 * Splits the batch so that each round holds a (charge point, transaction) once: the k-th
 * message of a transaction goes to round k, so each transaction's messages keep their order.
 */
function roundsOf(items: MeterWrite[]): Indexed[][] {
  const rounds: Indexed[][] = [];
  const seen = new Map<string, number>();
  items.forEach((w, i) => {
    const key = `${w.chargePointId} ${w.transactionId}`;
    const r = seen.get(key) ?? 0;
    seen.set(key, r + 1);
    (rounds[r] ??= []).push({ ...w, i });
  });
  return rounds;
}

function updateReadings(round: Indexed[]) {
  const json = JSON.stringify(
    round.map((w) => ({
      i: w.i,
      id: w.transactionId,
      cp: w.chargePointId,
      wh: w.wh,
      at: w.at,
      power: w.powerW,
    })),
  );
  return sql`
    update ocpp_transactions o set
      last_meter_wh = case when v.wh is not null and (o.last_meter_at is null or v.at >= o.last_meter_at) then v.wh else o.last_meter_wh end,
      last_power_w = case when o.stopped_at is null and v.power is not null and (o.last_meter_at is null or v.at is null or v.at >= o.last_meter_at) then v.power else o.last_power_w end,
      last_meter_at = case when v.at is not null and (o.last_meter_at is null or v.at >= o.last_meter_at) then v.at else o.last_meter_at end,
      updated_at = case when v.wh is null and v.power is null then o.updated_at else now() end
    from jsonb_to_recordset(${json}::jsonb) as v(i int, id bigint, cp text, wh bigint, at timestamptz, power int)
    where o.id = v.id and o.charge_point_id = v.cp
    returning v.i, o.meter_start_wh`;
}
