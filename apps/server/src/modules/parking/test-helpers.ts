import { eq, sql } from 'drizzle-orm';
import { SimGateController } from '@voltpark/sim';
import {
  billingData,
  parkingLots,
  parkingSessions,
  parkingTariffs,
} from '../../db/schema/index.js';
import { ChargingHarness } from '../charging/test-helpers.js';
import { addGate } from '../gates/registry.js';
import { gateRow, seedLot, until } from '../gates/test-helpers.js';
import { TestSocket } from '../realtime/test-client.js';
import { creditWallet } from '../payments/ledger.js';

export { until };

export type ParkingLot = Awaited<ReturnType<typeof lotWithGate>>;
export type ParkingDriver = { headers: Record<string, string>; accessToken: string };

/**
 * The parking tests' set-up: the real app on a port (SimplePay emulator, embedded MQTT broker)
 * and one lot (600 Ft/h, 100 Ft convenience fee, 5000 Ft surcharge per day) with a BOTH gate
 * whose simulated controller is connected. `stopParkingHarness` takes it down.
 */
export async function startParkingHarness(): Promise<{ h: ChargingHarness; lot: ParkingLot }> {
  const h = await ChargingHarness.start();
  await h.app.gates.whenStarted();
  return { h, lot: await lotWithGate(h) };
}

export async function stopParkingHarness(h?: ChargingHarness, lot?: ParkingLot) {
  await lot?.sim.stop();
  await h?.close();
}

/** A lot with a tariff and one gate (BOTH), its simulated controller connected over MQTT. */
export async function lotWithGate(
  h: ChargingHarness,
  tariff: Partial<typeof parkingTariffs.$inferInsert> = {},
  direction: 'BOTH' | 'IN' | 'OUT' = 'BOTH',
) {
  const lotId = await seedLot(h.db, 60);
  const [t] = await h.db
    .insert(parkingTariffs)
    .values({
      name: 'Teszt díj',
      grossUnitParking: 600,
      freeMinutes: 0,
      convenienceFeeGross: 100,
      grossSurchargeFeePerDay: 5000,
      ...tariff,
    })
    .returning();
  await h.db.update(parkingLots).set({ tariffId: t!.id }).where(eq(parkingLots.id, lotId));
  const gate = await addGate(h.db, { lotId, direction });
  const sim = new SimGateController({
    url: h.app.gates.url!,
    gateId: gate.id,
    key: gate.key,
    passTimeMs: 60_000,
    reconnectMs: 100,
  });
  await sim.start();
  await until(async () => (await gateRow(h.db, gate.id)).online, 'gate online');
  return { lotId, gateId: gate.id, sim };
}

export async function form(
  h: ChargingHarness,
  path: string,
  user: { headers: Record<string, string> } | null,
  body: Record<string, string | number> = {},
) {
  const r = await fetch(`${h.base}${path}`, {
    method: 'POST',
    headers: {
      ...(user?.headers ?? {}),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])),
  });
  return {
    status: r.status,
    // Test-only: each call's data has its own shape.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    body: (await r.json()) as { result: boolean; data: any; extraData?: any; messages: any[] },
  };
}

export async function session(h: ChargingHarness, id: number) {
  const [s] = await h.db.select().from(parkingSessions).where(eq(parkingSessions.id, id));
  return s!;
}

/** Moves the session's entry back in time, as if the car had been inside that long. */
export async function backdate(h: ChargingHarness, id: number, minutes: number) {
  await h.db.execute(sql`
    update parking_sessions set
      parking_from = now() - interval '1 minute' * ${minutes},
      billed_from = now() - interval '1 minute' * ${minutes}
    where id = ${id}`);
}

export async function billing(h: ChargingHarness, userId: number) {
  const [b] = await h.db
    .insert(billingData)
    .values({
      userId,
      type: 'PERSON',
      payerName: 'Parkoló Péter',
      emailAddress: 'peter@example.hu',
      phone: '+36 30 123 4567',
      countryCode: 'HU',
      zipCode: '1051',
      city: 'Budapest',
      street: 'Nádor',
      addressType: 'utca',
      houseNumber: '12',
    })
    .returning();
  return b!.id;
}

export async function topUp(h: ChargingHarness, userId: number, amount: number) {
  await h.db.transaction((tx) =>
    creditWallet(tx, { userId, amount, kind: 'topup', cause: `test-topup:${userId}:${amount}` }),
  );
}

/** An authenticated /ws socket; the answer to auth (the current parking) is taken. */
export async function socket(h: ChargingHarness, accessToken: string) {
  const ws = await TestSocket.open(`ws://127.0.0.1:${h.port}/ws`);
  const first = await ws.ask({ command: 'auth', accessToken });
  return { ws, first };
}

/** Takes frames until one of the topic matches `check` (pushes may come in between). */
export async function frame<T>(
  ws: TestSocket,
  topic: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  check: (data: any) => T | false = (d) => d as T,
): Promise<T> {
  for (let i = 0; i < 50; i++) {
    const f = await ws.next();
    if (f.topic !== topic) continue;
    const v = check(f.data);
    if (v !== false) return v;
  }
  throw new Error(`no ${topic} frame matched`);
}

/** Sends a command and answers the next frame of `topic` (pushes in between are skipped). */
export async function ask(
  ws: TestSocket,
  command: Record<string, unknown>,
  topic: string,
  // Test-only: each topic's data has its own shape; the assertions say what is expected.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ topic: string; requestId?: string; data: any }> {
  ws.send(command);
  for (let i = 0; i < 50; i++) {
    const f = await ws.next();
    if (f.topic === topic || f.topic === '/user/error') return f;
  }
  throw new Error(`no ${topic} answer`);
}

const canOpenNow = async (ws: TestSocket) =>
  (await ask(ws, { command: 'getCanOpen' }, '/can/open')).data.canOpen === true;

/**
 * The driver parks by phone: start, the car at the entry, the gate opened over /ws, the car
 * drives in (STARTED). Answers the session id, its parking code and the driver's socket.
 */
export async function enterByPhone(h: ChargingHarness, lot: ParkingLot, u: ParkingDriver) {
  const { ws } = await socket(h, u.accessToken);
  const start = await form(h, `/api/v1/parking/${lot.lotId}/start`, u);
  if (start.status !== 200) throw new Error(`start refused: ${JSON.stringify(start.body)}`);
  const id = start.body.data.id as number;
  await driveIn(h, lot, id, ws);
  return { id, code: start.body.data.chargeCode as string, ws };
}

/** A started parking (STARTING) enters: the car at the entry, the gate opened over /ws, STARTED. */
export async function driveIn(h: ChargingHarness, lot: ParkingLot, id: number, ws: TestSocket) {
  await lot.sim.arrive();
  await until(() => canOpenNow(ws), 'can open');
  await ask(ws, { command: 'openGate' }, '/can/open');
  await lot.sim.driveThrough();
  await until(async () => (await session(h, id)).status === 'STARTED', 'entered');
}

/** The car at the exit, the gate opened over /ws, it drives out: FINISHED, the push says null. */
export async function leaveByPhone(
  h: ChargingHarness,
  lot: ParkingLot,
  id: number,
  ws: TestSocket,
) {
  await lot.sim.arrive();
  await until(() => canOpenNow(ws), 'exit can open');
  await ask(ws, { command: 'openGate' }, '/can/open');
  await lot.sim.driveThrough();
  await frame(ws, '/user/parkingSession', (d) => d === null);
  ws.close();
  await until(async () => (await session(h, id)).status === 'FINISHED', 'left');
}
