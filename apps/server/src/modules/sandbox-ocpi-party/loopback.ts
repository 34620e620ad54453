import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** This server over loopback, once it listens (an emulator and the platform share the port). */
export function loopbackOrigin(app: FastifyInstance): string | null {
  const a = app.server.address() as AddressInfo | string | null;
  if (!a || typeof a === 'string') return null;
  const wildcard = a.address === '0.0.0.0' || a.address === '::';
  const host = wildcard ? '127.0.0.1' : a.family === 'IPv6' ? `[${a.address}]` : a.address;
  return `http://${host}:${a.port}`;
}
