import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium';

const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = path.join(os.tmpdir(), `voltpark-e2e-${port}`);
export const baseURL = `http://127.0.0.1:${port}`;

/** Browser tests run the real server (built web app, seeded PGlite in a fresh folder) in Debian's Chromium. */
export default defineConfig({
  testDir: './specs',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
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
  webServer: {
    // tsx straight from node_modules: no npx start-up, no npm warnings in the output.
    command: `rm -rf ${dataDir} && exec node ../node_modules/tsx/dist/cli.mjs ../apps/server/src/main.ts`,
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Sandbox-only: lets the registration test pass the captcha (refused in production).
      CAPTCHA_TEST_ANSWER: 'VOLT5',
      // Lets parallel runs each test their own build (default: apps/web/dist).
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    },
  },
});
