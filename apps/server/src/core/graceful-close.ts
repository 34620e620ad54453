import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Closes the server's connections as it closes, so close always ends, and soon.
 *
 * - Fastify's `forceCloseConnections: 'idle'` closes the connections idle at the moment close
 *   begins. A request still running then (a SimplePay IPN, a charger's HTTP call) finishes later
 *   and leaves its keep-alive connection idle for the whole keep-alive timeout (72 s), and close
 *   waits for it: so idle connections are closed every `everyMs` while the server closes.
 * - Node counts a connection that has not sent a byte yet as busy (its headers timeout runs), so
 *   neither of those closes it: a client that connected just before close and never wrote held
 *   close for 60 s. Such connections carry no request and are closed too.
 * - In-flight requests are still answered, for up to `graceMs`; a connection still busy then (an
 *   answer that never ends, a client that stopped reading) is cut, with a warning, rather than
 *   holding the shutdown (and a deploy) for ever.
 */
export function closeIdleConnectionsWhileClosing(
  app: FastifyInstance,
  { everyMs = 50, graceMs = 10_000 }: { everyMs?: number; graceMs?: number } = {},
): void {
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const closeUnused = () => {
    app.server.closeIdleConnections();
    for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
  };

  let idleTimer: NodeJS.Timeout | undefined;
  let graceTimer: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    closeUnused();
    idleTimer ??= setInterval(closeUnused, everyMs);
    idleTimer.unref();
    graceTimer ??= setTimeout(() => {
      app.log.warn({ graceMs }, 'connections still busy at the end of the shutdown grace: cut');
      app.server.closeAllConnections();
    }, graceMs);
    graceTimer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(idleTimer);
    clearTimeout(graceTimer);
    idleTimer = graceTimer = undefined;
  });
}
