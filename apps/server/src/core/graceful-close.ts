import type { FastifyInstance } from 'fastify';

/**
 * Keeps closing idle keep-alive connections while the server closes.
 *
 * Fastify's `forceCloseConnections: 'idle'` closes the connections idle at the moment close
 * begins. A request still running then (a SimplePay IPN, a charger's HTTP call) finishes later and
 * leaves its keep-alive connection idle for the whole keep-alive timeout (72 s), and close waits
 * for it. In-flight requests are still answered; only their now idle connections are ended.
 */
export function closeIdleConnectionsWhileClosing(app: FastifyInstance, everyMs = 50): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    timer ??= setInterval(() => app.server.closeIdleConnections(), everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = undefined;
  });
}
