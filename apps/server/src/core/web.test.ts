import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

let t: TestApp;
let dist: string;
const INLINE = 'window.vp = 1;';
const inlineHash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'voltpark-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(
    path.join(dist, 'index.html'),
    `<!doctype html><title>Voltpark</title><script>${INLINE}</script><div id="root"></div>`,
  );
  await fs.writeFile(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  await fs.writeFile(
    path.join(dist, 'assets', 'app-1234.js.br'),
    brotliCompressSync(Buffer.from('console.log(1)')),
  );
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers the start page, and any deep link, with the app shell', async () => {
    for (const url of ['/', '/map', '/map/47.4979/19.0402', '/charger/12', '/news/3?x=1']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable, and unknown API calls as JSON 404s', async () => {
    const asset = await t.app.inject({ url: '/assets/app-1234.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    // The build's brotli file is sent as it is, to a browser that takes brotli.
    const br = await t.app.inject({
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({ url: '/assets/app-1234.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
    const api = await t.app.inject({ url: '/api/v1/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().data.responseCode).toBe('ROUTE_NOT_FOUND');
  });

  it('answers 404, never a 5xx, for a built file that is not there (a build being swapped)', async () => {
    await fs.writeFile(path.join(dist, 'sw.js'), 'self.skipWaiting()');
    expect((await t.app.inject({ url: '/sw.js' })).statusCode).toBe(200);
    await fs.rm(path.join(dist, 'sw.js'));
    for (const url of ['/sw.js', '/assets/app-9999.js', '/manifest.webmanifest']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<div id="root">');
    }
    const page = await fs.readFile(path.join(dist, 'index.html'));
    await fs.rm(path.join(dist, 'index.html'));
    try {
      for (const url of ['/', '/map', '/charger/12', '/index.html']) {
        expect((await t.app.inject({ url })).statusCode, url).toBe(404);
      }
    } finally {
      await fs.writeFile(path.join(dist, 'index.html'), page);
    }
    expect((await t.app.inject({ url: '/charger/12' })).statusCode).toBe(200);
  });

  it("sends a Content-Security-Policy that lets the page's own inline scripts run by hash only", async () => {
    for (const url of ['/', '/map', '/login', '/index.html']) {
      const res = await t.app.inject({ url });
      const csp = res.headers['content-security-policy'] as string;
      const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '))!;
      expect(scriptSrc, url).toBe(`script-src 'self' ${inlineHash}`);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("frame-src 'none'");
      expect(csp).toContain("img-src 'self' data: blob: https://*.tile.openstreetmap.org");
      // Plain http (the sandbox default): no HSTS.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    const mailbox = await t.app.inject({ url: '/sandbox/mailbox' });
    expect(mailbox.headers['content-security-policy']).toMatch(/^default-src 'none';/);
  });
});

describe('over https', () => {
  let https: TestApp;
  beforeAll(async () => {
    https = await createTestApp({
      env: {
        WEB_DIST_DIR: dist,
        PUBLIC_URL: 'https://voltpark.example',
        GOOGLE_CLIENT_IDS: 'client-1.apps.googleusercontent.com',
      },
    });
  });
  afterAll(() => https.close());

  it('sends HSTS, and lets a configured social log-in load its script', async () => {
    const res = await https.app.inject({ url: '/login' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['content-security-policy']).toContain(
      `script-src 'self' ${inlineHash} https://accounts.google.com/gsi/`,
    );
    const api = await https.app.inject({ url: '/healthz' });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('before the web app is built', () => {
  let later: string;
  let bare: TestApp;
  beforeAll(async () => {
    later = await fs.mkdtemp(path.join(os.tmpdir(), 'voltpark-later-'));
    bare = await createTestApp({ env: { WEB_DIST_DIR: path.join(later, 'dist') } });
  });
  afterAll(async () => {
    await bare.close();
    await fs.rm(later, { recursive: true, force: true });
  });

  it('answers 404 with a hint, and serves a build made later without a restart', async () => {
    for (const url of ['/', '/charger/12', '/sw.js']) {
      expect((await bare.app.inject({ url })).statusCode, url).toBe(404);
    }
    expect((await bare.app.inject({ url: '/' })).body).toContain('npm start');
    await fs.mkdir(path.join(later, 'dist'));
    await fs.writeFile(path.join(later, 'dist', 'index.html'), '<div id="root"></div>');
    await fs.writeFile(path.join(later, 'dist', 'sw.js'), 'self.skipWaiting()');
    expect((await bare.app.inject({ url: '/charger/12' })).statusCode).toBe(200);
    expect((await bare.app.inject({ url: '/sw.js' })).statusCode).toBe(200);
  });
});
