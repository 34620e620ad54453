/**
 * Debian's Chromium and the flags it needs here. Shared by the Playwright config and the map
 * benchmark (bench/map), so both measure the same browser the same way. Never download a
 * browser: `npx playwright install` is not used in this repository.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** OpenStreetMap tile servers: blocked in tests and the benchmark so the network never matters. */
export const tileUrlPattern = /^https?:\/\/([a-z0-9-]+\.)*tile\.openstreetmap\.org\//i;
