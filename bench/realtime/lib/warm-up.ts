/**
 * Warms the parking path before the timed window: users of their own (no measured socket is
 * theirs) start and cancel a parking, `calls` calls in all, `concurrency` users at a time. A
 * server that has run for a while has compiled this code and prepared its statements on every
 * pooled connection; a freshly started one has not, and its first second would measure that
 * instead of the steady state (decision 0053). The socket-client processes run it themselves,
 * with a socket for each warm-up user, so their own request and frame paths are compiled too.
 */
import { Pool } from 'undici';

export interface WarmUpUser {
  userId: number;
  token: string;
}

export interface WarmUpReport {
  calls: number;
  failed: number;
  ms: number;
}

export async function warmUpParking(opts: {
  port: number;
  lotId: number;
  users: readonly WarmUpUser[];
  calls: number;
  concurrency: number;
}): Promise<WarmUpReport> {
  const pool = new Pool(`http://127.0.0.1:${opts.port}`, { connections: opts.concurrency });
  const t0 = performance.now();
  let left = opts.calls;
  let failed = 0;
  const call = async (user: WarmUpUser, start: boolean) => {
    const authorization = `Basic ${Buffer.from(`${user.userId}:${user.token}`).toString('base64')}`;
    const res = await pool.request(
      start
        ? {
            method: 'POST',
            path: `/api/v1/parking/${opts.lotId}/start`,
            headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
            body: 'platform=web',
          }
        : { method: 'POST', path: '/api/v1/parking/cancel', headers: { authorization } },
    );
    await res.body.text();
    if (res.statusCode !== 200) failed++;
  };
  const worker = async (user: WarmUpUser) => {
    while (left >= 2) {
      left -= 2;
      await call(user, true);
      await call(user, false);
    }
  };
  try {
    await Promise.all(opts.users.slice(0, opts.concurrency).map(worker));
  } finally {
    await pool.close();
  }
  return { calls: opts.calls - Math.max(0, left), failed, ms: performance.now() - t0 };
}
