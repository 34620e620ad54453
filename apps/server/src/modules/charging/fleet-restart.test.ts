import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../../db/client.js';
import {
  chargeReceipts,
  chargers,
  charges,
  chargingTariffs,
  chargePoints,
  ledgerEntries,
  moneyHolds,
  ocppTransactions,
} from '../../db/schema/index.js';
import { createActiveUser } from '../../test/users.js';
import { sandboxKey } from '../ocpp/keys.js';
import { addChargePoint } from '../ocpp/registry.js';
import { creditWallet, walletBalance, walletLedgerSum } from '../payments/ledger.js';
import { TARIFF, until, type Answer, type Caller } from './test-helpers.js';

/**
 * The fleet case as it was found: wallet charges running on the sandbox's own simulated
 * chargers, the server process killed with SIGKILL and started again, then every charge
 * stopped — and a second round killed right after the stops, during settlement. Every charge
 * is settled and billed exactly once, within a minute, with the ledger adding up.
 * The real server process runs (tsx), on PGlite in a temporary DATA_DIR or, with DATABASE_URL,
 * on a PostgreSQL database of its own.
 */
const FLEET = 6;
const WALLET = 20_000;
const SETTLED_WITHIN_MS = 60_000;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voltpark-fleet-'));
let databaseUrl: string | undefined;
let server: Server | null = null;
const drivers: (Caller & { id: number; chargerId: number })[] = [];

function openDb(): Promise<Database> {
  return openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dataDir, 'db') });
}

/** The embedded database belongs to one process at a time: opened only while no server runs. */
async function withDb<T>(fn: (db: Database['db']) => Promise<T>): Promise<T> {
  const database = await openDb();
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

class Server {
  base = '';
  private exited: Promise<void>;
  private constructor(private readonly child: ChildProcess) {
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  /** Starts `src/main.ts`; resolves once it listens and its simulators are connected. */
  static async start(): Promise<Server> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'never',
      SIMULATE_CHARGERS: '1',
      VOLTPARK_MODE: 'sandbox',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: '/nonexistent-web-dist',
    };
    delete env.DATABASE_URL;
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const s = new Server(child);
    let output = '';
    let fleetUp = false;
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      for (const line of d.toString().split('\n')) {
        const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (listening) s.base = listening[1]!;
        if (line.includes('sandbox charge point simulators running')) fleetUp = true;
      }
    });
    let gone = false;
    void s.exited.then(() => (gone = true));
    await until(() => {
      if (gone) throw new Error(`the server exited:\n${output}`);
      return fleetUp && s.base !== '';
    }, 60_000);
    return s;
  }

  async kill(signal: 'SIGKILL' | 'SIGTERM') {
    this.child.kill(signal);
    await this.exited;
  }

  async api(p: string, user: Caller): Promise<Answer> {
    const r = await fetch(`${this.base}${p}`, { headers: user.headers });
    return { status: r.status, body: (await r.json()) as Answer['body'] };
  }
}

beforeAll(async () => {
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `voltpark_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  await withDb(async (db) => {
    const [tariff] = await db
      .insert(chargingTariffs)
      .values({ name: 'Fleet', ...TARIFF })
      .returning();
    for (let i = 1; i <= FLEET; i++) {
      const id = `FLEET-${i}`;
      const { chargerIds } = await addChargePoint(db, {
        id,
        key: sandboxKey(id),
        connectors: 1,
        tariffId: tariff!.id,
      });
      const driver = await createActiveUser(db, `fleet.${i}@example.hu`);
      await db.transaction((tx) =>
        creditWallet(tx, { userId: driver.id, amount: WALLET, kind: 'topup', cause: `topup:${i}` }),
      );
      drivers.push({ id: driver.id, headers: driver.headers, chargerId: chargerIds[0]! });
    }
    // Booted before and Available: the sandbox connects a simulator for each.
    await db.update(chargePoints).set({ lastBootAt: new Date() });
    await db.update(chargers).set({ status: 'AVAILABLE', ocppStatus: 'Available' });
  });
}, 120_000);

afterAll(async () => {
  await server?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const base = process.env.DATABASE_URL;
  if (base && databaseUrl) {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(
      `drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`,
    );
    await admin.end();
  }
});

async function startAll(s: Server): Promise<number[]> {
  const ids: number[] = [];
  for (const d of drivers) {
    const start = await s.api(
      `/api/v1/charger/start-charging-wallet?charger-id=${d.chargerId}&charging-amount=2000`,
      d,
    );
    expect(start.status).toBe(200);
  }
  for (const d of drivers) {
    const current = await until(async () => {
      const c = (await s.api('/api/v1/charge/current', d)).body.data;
      return c?.chargingStatus === 'STARTED' ? c : null;
    }, 30_000);
    ids.push(current.id as number);
  }
  return ids;
}

async function stopAll(s: Server, ids: number[]) {
  const answers = await Promise.all(
    drivers.map((d, i) =>
      s.api(`/api/v1/charger/stop-charging?chargerId=${d.chargerId}&chargeId=${ids[i]}`, d),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual(drivers.map(() => 200));
}

/** Every driver's charge has ended and has its record (bounded wait). */
async function untilAllSettled(s: Server, ids: number[]) {
  await until(async () => {
    for (const [i, d] of drivers.entries()) {
      if ((await s.api('/api/v1/charge/current', d)).body.data !== null) return false;
      const last = (await s.api('/api/v1/charge/last-finished', d)).body.data;
      if (last?.id !== ids[i] || !(last.grossPrice > 0)) return false;
    }
    return true;
  }, SETTLED_WITHIN_MS);
}

describe('a fleet of running charges over a server killed with SIGKILL', () => {
  const rounds: number[][] = [];

  it('restarted, then every charge stopped: each settled and billed once within a minute', async () => {
    server = await Server.start();
    const ids = await startAll(server);
    rounds.push(ids);
    await new Promise((r) => setTimeout(r, 500));
    await server.kill('SIGKILL');
    server = await Server.start();
    await stopAll(server, ids);
    await untilAllSettled(server, ids);
  }, 180_000);

  it('killed right after the stops (during settlement): each settled and billed once after the restart', async () => {
    const ids = await startAll(server!);
    rounds.push(ids);
    await new Promise((r) => setTimeout(r, 500));
    await stopAll(server!, ids);
    await server!.kill('SIGKILL');
    server = await Server.start();
    await untilAllSettled(server, ids);
  }, 180_000);

  it('the books: one receipt and one capture per charge at the metered price, wallets add up', async () => {
    await server!.kill('SIGTERM');
    server = null;
    const all = rounds.flat();
    expect(all).toHaveLength(2 * FLEET);
    await withDb(async (db) => {
      const rows = await db
        .select({ charge: charges, tx: ocppTransactions })
        .from(charges)
        .innerJoin(ocppTransactions, eq(ocppTransactions.id, charges.ocppTransactionId))
        .where(inArray(charges.id, all));
      expect(rows).toHaveLength(all.length);
      const priceOf = new Map<number, number>();
      for (const { charge, tx } of rows) {
        const wh = tx.meterStopWh! - tx.meterStartWh;
        expect(wh).toBeGreaterThan(0);
        const price =
          Math.round((wh * TARIFF.unitChargingGross) / 1000) + TARIFF.convenienceFeeGross;
        priceOf.set(charge.id, price);
        expect(charge).toMatchObject({
          status: 'FINISHED',
          endReason: 'finished',
          energyWh: wh,
          grossPrice: price,
        });
      }
      const receipts = await db
        .select()
        .from(chargeReceipts)
        .where(inArray(chargeReceipts.chargeId, all));
      expect(receipts.map((r) => r.chargeId).sort((a, b) => a - b)).toEqual(
        [...all].sort((a, b) => a - b),
      );
      for (const r of receipts) expect(r.grossPrice).toBe(priceOf.get(r.chargeId));

      const captures = await db
        .select({ cause: ledgerEntries.cause, amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.kind, 'capture'));
      expect(captures.map((c) => c.cause).sort()).toEqual(all.map((id) => `charge:${id}`).sort());
      for (const c of captures) expect(c.amount).toBe(-priceOf.get(Number(c.cause.split(':')[1]))!);
      const open = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(moneyHolds)
        .where(eq(moneyHolds.status, 'held'));
      expect(open[0]!.n).toBe(0);

      for (const [i, d] of drivers.entries()) {
        const paid = priceOf.get(rounds[0]![i]!)! + priceOf.get(rounds[1]![i]!)!;
        expect(await walletBalance(db, d.id)).toBe(WALLET - paid);
        expect(await walletLedgerSum(db, d.id)).toBe(WALLET - paid);
      }
    });
  }, 120_000);
});
