import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client.js';
import { parkingLots, parkingTariffs } from '../../db/schema/index.js';
import {
  createReplicaDatabase,
  replicasSkipReason,
  startReplica,
  stopReplica,
  type Replica,
} from '../../test/replicas.js';
import { createActiveUser } from '../../test/users.js';
import { seedLot } from '../gates/test-helpers.js';
import { TestSocket } from '../realtime/test-client.js';

/**
 * Two real server processes (replicas A and B) on one PostgreSQL database and the local Redis
 * (issue 11 "Live updates"): the driver's phone holds its /ws socket on B while the parking
 * calls land on A; every change reaches the socket through Redis, and nobody else's.
 */
const skipReason = await replicasSkipReason();
if (skipReason) console.warn(`parking replicas.test.ts skipped: ${skipReason}`);

// The OCPP replica test's server process: the whole app from the environment (main.ts's start).
const harness = fileURLToPath(new URL('../ocpp/test-replica.ts', import.meta.url));

let database: Database | undefined;
let drop: (() => Promise<void>) | undefined;
let a: Replica | undefined;
let b: Replica | undefined;
let lotId = 0;

beforeAll(async () => {
  if (skipReason) return;
  const created = await createReplicaDatabase('voltpark_parking_replicas');
  drop = created.drop;
  database = await openDatabase({ url: created.url });
  lotId = await seedLot(database.db);
  const [t] = await database.db
    .insert(parkingTariffs)
    .values({ name: 'Teszt díj', grossUnitParking: 600 })
    .returning();
  await database.db.update(parkingLots).set({ tariffId: t!.id }).where(eq(parkingLots.id, lotId));
  [a, b] = await Promise.all([
    startReplica(harness, created.url),
    startReplica(harness, created.url),
  ]);
}, 90_000);

afterAll(async () => {
  await Promise.all([stopReplica(a), stopReplica(b)]);
  await database?.close();
  await drop?.();
}, 30_000);

const post = (r: Replica, path: string, headers: Record<string, string>) =>
  fetch(`http://127.0.0.1:${r.port}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });

describe.skipIf(skipReason)('parking live updates across two server processes', () => {
  it('a parking started and cancelled on replica A reaches the phone’s socket on replica B', async () => {
    const anna = await createActiveUser(database!.db, 'anna.replica@example.hu');
    const bela = await createActiveUser(database!.db, 'bela.replica@example.hu');
    const phone = await TestSocket.open(`ws://127.0.0.1:${b!.port}/ws`);
    const other = await TestSocket.open(`ws://127.0.0.1:${b!.port}/ws`);
    expect(await phone.ask({ command: 'auth', accessToken: anna.accessToken })).toEqual({
      topic: '/user/parkingSession',
      data: null,
    });
    expect((await other.ask({ command: 'auth', accessToken: bela.accessToken })).data).toBeNull();

    const start = await post(a!, `/api/v1/parking/${lotId}/start`, anna.headers);
    expect(start.status).toBe(200);
    const started = ((await start.json()) as { data: { id: number } }).data;
    expect(await phone.next()).toMatchObject({
      topic: '/user/parkingSession',
      data: { id: started.id, parkingStatus: 'STARTING' },
    });

    expect((await post(a!, '/api/v1/parking/cancel', anna.headers)).status).toBe(200);
    expect(await phone.next()).toEqual({ topic: '/user/parkingSession', data: null });

    // Another driver's socket on B heard none of it: its next frame is the answer to its ping.
    expect(await other.ask({ command: 'ping', requestId: 'p' })).toMatchObject({ topic: '/pong' });
    phone.close();
    other.close();
  });
});
