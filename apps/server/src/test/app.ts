import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Database } from '../db/client.js';
import { createTestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh database; requests go through `app.inject` (no port). */
export async function createTestApp(
  options: { seed?: (database: Database) => Promise<void>; env?: NodeJS.ProcessEnv } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  await options.seed?.(database);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    SEED_DEMO_DATA: 'never',
    ...options.env,
  });
  const app = await buildApp({ config, database });
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
