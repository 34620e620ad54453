import type { IncomingMessage } from 'node:http';

/**
 * The client address of a socket's upgrade request, as Fastify's `req.ip` reads it for the API:
 * behind a load balancer (TRUST_PROXY=1) the first X-Forwarded-For address, else the peer's.
 * The /ws log-in throttle counts failures by it, as the HTTP log-in does.
 */
export function socketIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const header = req.headers['x-forwarded-for'];
    const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? 'unknown';
}
