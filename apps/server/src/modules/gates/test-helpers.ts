import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { gates, locations, parkingLots } from '../../db/schema/index.js';
import type { GatesService, GateEvents } from './service.js';

/** A silent logger for modules under test. */
export const silentLog = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  silent() {},
  level: 'silent',
  child() {
    return silentLog;
  },
} as unknown as FastifyBaseLogger;

/** A parking lot (with its location) for gate tests; returns its id. */
export async function seedLot(db: Db, parkingTimeInSeconds = 60): Promise<number> {
  const [loc] = await db
    .insert(locations)
    .values({
      name: 'Gate test lot',
      zipCode: '1111',
      city: 'Budapest',
      street: 'Teszt',
      addressType: 'utca',
      houseNumber: '1',
      lat: 47.5,
      lng: 19.05,
    })
    .returning({ id: locations.id });
  const [lot] = await db
    .insert(parkingLots)
    .values({ locationId: loc!.id, name: 'Gate test lot', parkingTimeInSeconds })
    .returning({ id: parkingLots.id });
  return lot!.id;
}

/** Polls until `check` holds (a state reached asynchronously over MQTT); fails after `ms`. */
export async function until<T>(
  check: () => Promise<T | false | null | undefined> | T | false | null | undefined,
  what: string,
  ms = 10_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function gateRow(db: Db, id: number) {
  const [row] = await db.select().from(gates).where(eq(gates.id, id));
  return row!;
}

/** Collects the service's events of one kind. */
export function collect<K extends keyof GateEvents>(service: GatesService, kind: K) {
  const seen: GateEvents[K][0][] = [];
  service.on(kind, ((e: GateEvents[K][0]) => seen.push(e)) as never);
  return seen;
}
