/**
 * Smoke test of bench/realtime's pieces at 20 sockets: the real server (each user's parking
 * started and cancelled through the API), the bare ws baseline and the socket clients, as
 * `npm run bench -- realtime` runs them. No timing is asserted — only that every socket
 * authenticated, every call was answered and every change reached its own socket, once, in order. Needs PostgreSQL (TEST_POSTGRES_URL, as the server's database tests); without
 * it the test is skipped.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const url = process.env.TEST_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/test';

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

interface Figures {
  target: string;
  change: string;
  apiErrors: number;
  connected: number;
  changes: number;
  delivered: number;
  wrongUser: number;
  outOfOrder: number;
  invalid: number;
  rss: { idle: number | null; withSockets: number | null };
}

describe.runIf(await postgresAnswers())('bench/realtime at 20 sockets', () => {
  it('authenticates every socket and delivers every change to its own socket, once, in order, on both targets', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-realtime-'));
    const out = path.join(dir, 'result.json');
    try {
      await new Promise<void>((resolve, reject) =>
        execFile(
          process.execPath,
          [
            '--import',
            'tsx',
            path.join(here, 'run.ts'),
            ...['--sockets', '20', '--seconds', '2', '--change-every', '1', '--database-url', url],
            ...['--out', out],
          ],
          { cwd: here, timeout: 150_000 },
          (err, stdout, stderr) =>
            err ? reject(new Error(`${err.message}\n${stdout}\n${stderr}`)) : resolve(),
        ),
      );
      const result = JSON.parse(fs.readFileSync(out, 'utf8')) as { targets: Figures[] };
      expect(result.targets.map((t) => [t.target, t.change])).toEqual([
        ['ours', 'api'],
        ['bare', 'hook'],
      ]);
      for (const t of result.targets) {
        expect(t.connected).toBe(20);
        expect(t.changes).toBe(40);
        expect(t.delivered).toBe(40);
        expect(t.wrongUser + t.outOfOrder + t.invalid + t.apiErrors).toBe(0);
        expect(t.rss.withSockets).toBeGreaterThan(0);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
