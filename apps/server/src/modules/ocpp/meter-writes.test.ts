import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ocppFrames, ocppTransactions } from '../../db/schema/index.js';
import { writeMeterValues, type MeterWrite } from './meter-writes.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function transaction(chargePointId: string) {
  const [row] = await t.database.db
    .insert(ocppTransactions)
    .values({
      chargePointId,
      connectorId: 1,
      idTag: 'TAG',
      idTagStatus: 'Accepted',
      meterStartWh: 1000,
      startedAt: new Date('2026-11-22T10:00:00Z'),
    })
    .returning();
  return row!;
}

const write = (cp: string, transactionId: number, wh: number, at: string): MeterWrite => ({
  chargePointId: cp,
  transactionId,
  wh,
  at,
  powerW: 7000,
  frames: [
    {
      chargePointId: cp,
      transactionId,
      direction: 'in',
      messageType: 2,
      messageId: `m-${wh}`,
      action: 'MeterValues',
      payload: { wh },
      at: new Date(),
    },
  ],
});

describe('MeterValues stored in batches', () => {
  it('many chargers in one batch: every frame stored, every reading set, meterStart returned', async () => {
    const a = await transaction('MW-A');
    const b = await transaction('MW-B');
    const results = await writeMeterValues(t.database.db, [
      write('MW-A', a.id, 1500, '2026-11-22T10:05:00Z'),
      write('MW-B', b.id, 2500, '2026-11-22T10:05:00Z'),
      write('MW-B', 999_999, 1, '2026-11-22T10:05:00Z'), // unknown transaction: answered, no row
    ]);
    expect(results).toEqual([{ meterStartWh: 1000 }, { meterStartWh: 1000 }, null]);
    const [ra] = await t.database.db
      .select()
      .from(ocppTransactions)
      .where(eq(ocppTransactions.id, a.id));
    const [rb] = await t.database.db
      .select()
      .from(ocppTransactions)
      .where(eq(ocppTransactions.id, b.id));
    expect([ra!.lastMeterWh, rb!.lastMeterWh]).toEqual([1500, 2500]);
    expect(ra!.lastPowerW).toBe(7000);
    const frames = await t.database.db
      .select()
      .from(ocppFrames)
      .where(eq(ocppFrames.action, 'MeterValues'));
    expect(frames.map((f) => f.messageId).sort()).toEqual(['m-1', 'm-1500', 'm-2500']);
  });

  it('the same transaction twice in a batch, out of order: the newer reading stays', async () => {
    const c = await transaction('MW-C');
    await writeMeterValues(t.database.db, [
      write('MW-C', c.id, 3000, '2026-11-22T10:30:00Z'),
      write('MW-C', c.id, 2000, '2026-11-22T10:20:00Z'),
    ]);
    const [row] = await t.database.db
      .select()
      .from(ocppTransactions)
      .where(eq(ocppTransactions.id, c.id));
    expect(row!.lastMeterWh).toBe(3000);
    expect(row!.lastMeterAt!.toISOString()).toBe('2026-11-22T10:30:00.000Z');
  });

  it('a reading of another charge point never touches the transaction', async () => {
    const d = await transaction('MW-D');
    expect(
      await writeMeterValues(t.database.db, [write('MW-X', d.id, 9000, '2026-11-22T11:00:00Z')]),
    ).toEqual([null]);
    const [row] = await t.database.db
      .select()
      .from(ocppTransactions)
      .where(eq(ocppTransactions.id, d.id));
    expect(row!.lastMeterWh).toBeNull();
  });
});
