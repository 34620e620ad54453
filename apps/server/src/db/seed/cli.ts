/**
 * npm run seed -- [--locations N] [--data-dir DIR] [--seed S]
 *
 * Without --locations: seeds the demo network into an empty database.
 * With --locations N: adds N generated locations (spread over Hungary) for scale tests,
 * seeding the demo catalogue first when the database has none.
 * The database is DATABASE_URL when set, else the embedded one under --data-dir (default
 * DATA_DIR/db, the one `npm start` uses; stop the server first: PGlite allows one process).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../client.js';
import { generateLocations } from './generate.js';
import { seedDemoDataIfEmpty } from './demo.js';

async function main() {
  const { values } = parseArgs({
    options: {
      locations: { type: 'string' },
      'data-dir': { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log('Usage: npm run seed -- [--locations N] [--data-dir DIR] [--seed S]');
    return;
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const target = config.databaseUrl
    ? { url: config.databaseUrl }
    : {
        dataDir: values['data-dir']
          ? path.resolve(values['data-dir'])
          : path.join(config.dataDir, 'db'),
      };
  const database = await openDatabase(target);
  try {
    if (values.locations === undefined) {
      const seeded = await seedDemoDataIfEmpty(database.db, console, {
        demoLotAdmin: config.mode === 'sandbox',
      });
      if (!seeded) console.log('The database already has data: nothing seeded.');
      return;
    }
    const count = Number(values.locations);
    if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
      throw new Error('--locations must be a whole number from 1 to 1000000');
    }
    const result = await generateLocations(database.db, count, {
      seed: values.seed ? Number(values.seed) : undefined,
      log: console.log,
    });
    console.log(
      `Generated ${result.locations} locations (${result.chargers} chargers, ${result.parkingLots} parking lots, ${result.pois} shops) in ${(result.ms / 1000).toFixed(1)} s into ${'url' in target ? 'PostgreSQL' : target.dataDir}`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
