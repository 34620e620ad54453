import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium';
import type { E2EOptions } from './support/fixtures';
import { e2ePostgres, POSTGRES_TAG } from './support/postgres';

const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = path.join(os.tmpdir(), `voltpark-e2e-${port}`);
export const baseURL = `http://127.0.0.1:${port}`;
/** The second server, on PostgreSQL, when PostgreSQL answers (decision 0029). */
const pg = e2ePostgres(port);
const pgDataDir = pg ? path.join(os.tmpdir(), `voltpark-e2e-${pg.port}`) : '';
const tsx = 'node ../node_modules/tsx/dist/cli.mjs';

/** The server's settings shared by both servers. */
const serverEnv = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  // The gates' embedded MQTT broker on any free port (a local Mosquitto may hold 1883).
  GATES_MQTT_PORT: '0',
  // Sandbox-only: lets the registration test pass the captcha (refused in production).
  CAPTCHA_TEST_ANSWER: 'VOLT5',
  // Sandbox-only: the roaming partner emulator reads a charge's meter every 2 s (default 15 s).
  ROAMING_SANDBOX_METER_SEC: '2',
  // Lets parallel runs each test their own build (default: apps/web/dist).
  ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
};

/**
 * Browser tests run the real server (built web app, seeded PGlite in a fresh folder) in Debian's
 * Chromium. Tests tagged @postgres need an operator CLI or psql beside the running server: they
 * run in the `postgres` project against a second server on a fresh PostgreSQL database (port
 * E2E_PORT + 1000), or are skipped with the reason when PostgreSQL does not answer.
 */
export default defineConfig<E2EOptions>({
  testDir: './specs',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    ...devices['Pixel 7'],
    browserName: 'chromium',
    // Hungarian drivers first: the app starts in Hungarian for a hu browser (SPEC §1).
    locale: 'hu-HU',
    // No transitions: axe and clicks see finished states, never a half-faded modal.
    reducedMotion: 'reduce',
    timezoneId: 'Europe/Budapest',
    launchOptions: {
      executablePath: chromiumPath,
      args: [...chromiumArgs],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'pglite',
      use: { baseURL },
      ...(pg ? { grepInvert: new RegExp(POSTGRES_TAG) } : {}),
    },
    ...(pg
      ? [
          {
            name: 'postgres',
            grep: new RegExp(POSTGRES_TAG),
            use: { baseURL: `http://127.0.0.1:${pg.port}`, databaseUrl: pg.databaseUrl },
          },
        ]
      : []),
  ],
  webServer: [
    {
      // tsx straight from node_modules: no npx start-up, no npm warnings in the output.
      command: `rm -rf ${dataDir} && exec ${tsx} ../apps/server/src/main.ts`,
      url: `${baseURL}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ...serverEnv, PORT: String(port), DATA_DIR: dataDir },
    },
    ...(pg
      ? [
          {
            // Creates the database, runs the server on it and drops it after SIGTERM.
            command: `rm -rf ${pgDataDir} && exec node support/postgres-server.mjs`,
            url: `http://127.0.0.1:${pg.port}/readyz`,
            timeout: 120_000,
            reuseExistingServer: false,
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
            env: {
              ...serverEnv,
              PORT: String(pg.port),
              DATA_DIR: pgDataDir,
              DATABASE_URL: pg.databaseUrl,
              E2E_PG_ADMIN_URL: pg.adminUrl,
            },
          },
        ]
      : []),
  ],
});
