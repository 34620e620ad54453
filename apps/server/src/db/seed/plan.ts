import { getTableName, sql } from 'drizzle-orm';
import type { ChargerStatus } from '@voltpark/contract';
import type { Db } from '../client.js';
import * as s from '../schema/index.js';
import type { Rng } from './prng.js';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/** Tables whose ids the seed assigns itself (so rows can refer to each other before insert). */
const idTables = {
  locations: s.locations,
  chargers: s.chargers,
  chargingTariffs: s.chargingTariffs,
  parkingTariffs: s.parkingTariffs,
  parkingLots: s.parkingLots,
  gates: s.gates,
  pois: s.pois,
  categories: s.categories,
  traits: s.traits,
  traitListItems: s.traitListItems,
  traitValues: s.traitValues,
} as const;
type IdTable = keyof typeof idTables;

/** Rows to insert, with ids assigned up front; `write` inserts them in batches, parents first. */
export class SeedPlan {
  locations: Insert<typeof s.locations>[] = [];
  chargingTariffs: Insert<typeof s.chargingTariffs>[] = [];
  chargePoints: Insert<typeof s.chargePoints>[] = [];
  chargers: Insert<typeof s.chargers>[] = [];
  parkingTariffs: Insert<typeof s.parkingTariffs>[] = [];
  parkingLots: Insert<typeof s.parkingLots>[] = [];
  gates: Insert<typeof s.gates>[] = [];
  categories: Insert<typeof s.categories>[] = [];
  pois: Insert<typeof s.pois>[] = [];
  poiCategories: Insert<typeof s.poiCategories>[] = [];
  traits: Insert<typeof s.traits>[] = [];
  traitListItems: Insert<typeof s.traitListItems>[] = [];
  traitValues: Insert<typeof s.traitValues>[] = [];

  private constructor(private readonly next: Record<IdTable, number>) {}

  /** Starts after the highest id already in each table. */
  static async start(db: Db): Promise<SeedPlan> {
    const next = {} as Record<IdTable, number>;
    for (const [key, table] of Object.entries(idTables) as [
      IdTable,
      (typeof idTables)[IdTable],
    ][]) {
      const [row] = await db
        .select({ max: sql<number>`coalesce(max(${table.id}), 0)::int` })
        .from(table);
      next[key] = (row?.max ?? 0) + 1;
    }
    return new SeedPlan(next);
  }

  id(table: IdTable): number {
    return this.next[table]++;
  }

  async write(db: Db, batchSize = 2000): Promise<void> {
    const order: [keyof SeedPlan & string, unknown][] = [
      ['locations', s.locations],
      ['chargingTariffs', s.chargingTariffs],
      ['chargePoints', s.chargePoints],
      ['chargers', s.chargers],
      ['parkingTariffs', s.parkingTariffs],
      ['parkingLots', s.parkingLots],
      ['gates', s.gates],
      ['categories', s.categories],
      ['pois', s.pois],
      ['poiCategories', s.poiCategories],
      ['traits', s.traits],
      ['traitListItems', s.traitListItems],
      ['traitValues', s.traitValues],
    ];
    for (const [key, table] of order) {
      const rows = this[key] as unknown[];
      // Categories refer to their parents: insert level by level (they are few).
      const size = key === 'categories' ? 1 : batchSize;
      for (let i = 0; i < rows.length; i += size) {
        await db.insert(table as typeof s.locations).values(rows.slice(i, i + size) as never);
      }
    }
    // The ids were given explicitly: move each identity sequence past them.
    for (const table of Object.values(idTables)) {
      const name = getTableName(table);
      await db.execute(
        sql`select setval(pg_get_serial_sequence(${name}, 'id'), greatest((select max(id) from ${sql.identifier(name)}), 1))`,
      );
    }
  }
}

/** App-level connector states with how often each shows up in the demo network. */
export const statusWeights: [ChargerStatus, number][] = [
  ['AVAILABLE', 55],
  ['OCCUPIED', 18],
  ['PREPARING', 5],
  ['FINISHING', 5],
  ['RESERVED', 3],
  ['UNAVAILABLE', 3],
  ['ERROR', 2],
  ['UNKNOWN', 2],
  ['OUT_OF_SERVICE', 2],
  ['NEW_NOT_CONNECTED', 3],
];

export interface StationModel {
  vendor: string;
  model: string;
  currentType: 'AC' | 'DC';
  canStartNewChargeWhileInFinishingState: boolean;
  connectors: { outlet: 'TYPE2' | 'CCS' | 'CHADEMO'; kw: number }[];
}

export const acStations: StationModel[] = [
  {
    vendor: 'Schneider Electric',
    model: 'EVlink Pro AC',
    currentType: 'AC',
    canStartNewChargeWhileInFinishingState: false,
    connectors: [
      { outlet: 'TYPE2', kw: 22 },
      { outlet: 'TYPE2', kw: 22 },
    ],
  },
  {
    vendor: 'ABB',
    model: 'Terra AC W22-T',
    currentType: 'AC',
    canStartNewChargeWhileInFinishingState: false,
    connectors: [{ outlet: 'TYPE2', kw: 22 }],
  },
  {
    vendor: 'KEBA',
    model: 'KeContact P30 x-series',
    currentType: 'AC',
    canStartNewChargeWhileInFinishingState: false,
    connectors: [{ outlet: 'TYPE2', kw: 11 }],
  },
  {
    vendor: 'Alfen',
    model: 'Eve Double Pro-line',
    currentType: 'AC',
    canStartNewChargeWhileInFinishingState: true,
    connectors: [
      { outlet: 'TYPE2', kw: 11 },
      { outlet: 'TYPE2', kw: 11 },
    ],
  },
];

export const dcStations: StationModel[] = [
  {
    vendor: 'ABB',
    model: 'Terra 54',
    currentType: 'DC',
    canStartNewChargeWhileInFinishingState: false,
    connectors: [
      { outlet: 'CCS', kw: 50 },
      { outlet: 'CHADEMO', kw: 50 },
    ],
  },
  {
    vendor: 'Tritium',
    model: 'RTM75',
    currentType: 'DC',
    canStartNewChargeWhileInFinishingState: false,
    connectors: [
      { outlet: 'CCS', kw: 75 },
      { outlet: 'CHADEMO', kw: 50 },
    ],
  },
  {
    vendor: 'Kempower',
    model: 'Satellite S-Series',
    currentType: 'DC',
    canStartNewChargeWhileInFinishingState: true,
    connectors: [{ outlet: 'CCS', kw: 120 }],
  },
  {
    vendor: 'Alpitronic',
    model: 'Hypercharger HYC150',
    currentType: 'DC',
    canStartNewChargeWhileInFinishingState: true,
    connectors: [
      { outlet: 'CCS', kw: 150 },
      { outlet: 'CCS', kw: 150 },
    ],
  },
];

/** Fixed reference time of the demo network, so every run writes the same rows. */
export const SEED_TIME = new Date('2026-11-01T08:00:00Z');

export interface StationInput {
  plan: SeedPlan;
  rng: Rng;
  locationId: number;
  locationName: string;
  chargePointId: string;
  station: StationModel;
  tariffId: (station: StationModel, kw: number) => number | null;
  /** Index of this station at the location (for names). */
  index: number;
}

/** Adds one charge point with its connectors; returns the charger ids. */
export function addStation(input: StationInput): number[] {
  const { plan, rng, station } = input;
  const status = rng.weighted(statusWeights);
  const neverConnected = status === 'NEW_NOT_CONNECTED';
  const minutesAgo = rng.int(1, 600);
  plan.chargePoints.push({
    id: input.chargePointId,
    locationId: input.locationId,
    vendor: station.vendor,
    model: station.model,
    authKeyHash: null,
    currentType: station.currentType,
    canStartNewChargeWhileInFinishingState: station.canStartNewChargeWhileInFinishingState,
    registeredAt: neverConnected
      ? null
      : new Date(SEED_TIME.getTime() - rng.int(30, 900) * 86_400_000),
    lastBootAt: neverConnected ? null : new Date(SEED_TIME.getTime() - rng.int(1, 30) * 86_400_000),
    lastHeartbeatAt: neverConnected ? null : new Date(SEED_TIME.getTime() - minutesAgo * 60_000),
    createdAt: SEED_TIME,
  });
  const ids: number[] = [];
  station.connectors.forEach((c, i) => {
    const id = plan.id('chargers');
    ids.push(id);
    // Connectors of one station mostly share its state; busy stations have one free plug.
    const connectorStatus: ChargerStatus = neverConnected
      ? 'NEW_NOT_CONNECTED'
      : i > 0 && rng.chance(0.4)
        ? rng.weighted(statusWeights.filter(([st]) => st !== 'NEW_NOT_CONNECTED'))
        : status;
    const label = `${station.currentType} ${input.index + 1}${station.connectors.length > 1 ? `/${i + 1}` : ''}`;
    plan.chargers.push({
      id,
      chargePointId: input.chargePointId,
      connectorId: i + 1,
      name: `${input.locationName} ${label}`,
      shortName: label,
      outletType: c.outlet,
      powerKw: c.kw,
      status: connectorStatus,
      statusChangedAt: new Date(SEED_TIME.getTime() - minutesAgo * 60_000),
      tariffId: input.tariffId(station, c.kw),
      createdAt: SEED_TIME,
    });
  });
  return ids;
}
