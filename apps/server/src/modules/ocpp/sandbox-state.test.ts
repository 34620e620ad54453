import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FleetMember, SimState } from '@voltpark/sim';
import { createTestDatabase } from '../../test/database.js';
import { withSandboxState } from './sandbox.js';

/** Where the sandbox's simulated chargers keep their state over a restart of the server. */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'voltpark-sandbox-state-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const members: FleetMember[] = ['CP-A', 'CP-B'].map((id) => ({
  id,
  key: 'sandbox-key-0123456',
  connectors: [{ powerKw: 22 }],
}));
const state = (txId: number | null): SimState => ({
  version: 1,
  statuses: ['Charging'],
  registers: [1_000_500],
  transactions:
    txId === null
      ? []
      : [
          {
            ref: 1,
            live: true,
            connectorId: 1,
            idTag: 'VPTAG',
            id: txId,
            meterStartWh: 1_000_000,
            startedAt: new Date().toISOString(),
            lastTick: Date.now(),
            deliveredWh: 500,
            stopping: null,
          },
        ],
  queue: [],
});

describe('sandbox charger state', () => {
  it('is kept per database, and a file naming a transaction the database does not have is dropped', async () => {
    const one = await createTestDatabase();
    const two = await createTestDatabase();
    try {
      const first = await withSandboxState(one.db, root, members);
      first[0]!.store!.save(state(4242));
      first[1]!.store!.save(state(null));

      const again = await withSandboxState(one.db, root, members);
      expect(again[0]!.store!.load()).toBeNull();
      expect(again[1]!.store!.load()).toEqual(state(null));

      const other = await withSandboxState(two.db, root, members);
      expect(other[1]!.store!.load()).toBeNull();
    } finally {
      await one.close();
      await two.close();
    }
  });
});
