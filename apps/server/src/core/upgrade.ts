import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';

export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

interface UpgradeRoute {
  matches(pathname: string): boolean;
  handle: UpgradeHandler;
}

const routesByApp = new WeakMap<FastifyInstance, UpgradeRoute[]>();

/**
 * Websocket upgrades on the app's HTTP server, routed by path (OCPP at /ocpp/{id}, the browser's
 * /ws). An upgrade on any other path is answered 404 and closed: without an answer the client
 * would wait until its own timeout (an upgrade request gets no HTTP response from Fastify).
 */
export function addUpgradeRoute(
  app: FastifyInstance,
  matches: (pathname: string) => boolean,
  handle: UpgradeHandler,
): void {
  let routes = routesByApp.get(app);
  if (!routes) {
    const list: UpgradeRoute[] = [];
    routes = list;
    routesByApp.set(app, list);
    app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const pathname = (req.url ?? '').split('?', 1)[0] ?? '';
      const route = list.find((r) => r.matches(pathname));
      if (route) route.handle(req, socket, head);
      else refuseUpgrade(socket, 404, 'Not Found');
    });
  }
  routes.push({ matches, handle });
}

export function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  if (socket.destroyed) return;
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
      `Content-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
  );
}
