import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { LogStream } from '../core/logger.js';
import { createTestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh database; requests go through `app.inject` (no port). */
export async function createTestApp(
  options: {
    seed?: (database: Database) => Promise<void>;
    env?: NodeJS.ProcessEnv;
    /** Log lines go here (set LOG_LEVEL in `env`, else nothing is logged). */
    logStream?: LogStream;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  await options.seed?.(database);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    SEED_DEMO_DATA: 'never',
    // A test that listens gets the gates' embedded broker on a free port, never 1883.
    GATES_MQTT_PORT: '0',
    ...options.env,
  });
  const app = await buildApp({ config, database, logStream: options.logStream });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
