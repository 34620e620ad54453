import { and, asc, count, eq, gte, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Cdr } from '@voltpark/contract/ocpi/cdrs';
import type { Session } from '@voltpark/contract/ocpi/sessions';
import type { Db } from '../../db/client.js';
import { sandboxOcpiCdrs, sandboxOcpiSessions } from '../../db/schema/index.js';
import { ocpiOk } from '../roaming/envelope.js';
import type { Paging } from '../roaming/paging.js';
import { requirePeer } from './auth.js';
import type { EmulatorContext } from './context.js';
import { paged } from './network-routes.js';

type Table = typeof sandboxOcpiSessions | typeof sandboxOcpiCdrs;

/** One page of a peer's own sessions or CDRs, oldest change first, date_to exclusive. */
async function page<T>(
  db: Db,
  t: Table,
  peerId: number,
  p: Paging,
): Promise<{ items: T[]; total: number }> {
  const where = and(
    eq(t.peerId, peerId),
    p.dateFrom ? gte(t.lastUpdated, p.dateFrom) : undefined,
    p.dateTo ? lt(t.lastUpdated, p.dateTo) : undefined,
  );
  const [rows, [n]] = await Promise.all([
    db
      .select({ object: t.object })
      .from(t)
      .where(where)
      .orderBy(asc(t.lastUpdated), asc(t.id))
      .limit(p.limit)
      .offset(p.offset),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return { items: rows.map((r) => r.object as T), total: n?.n ?? 0 };
}

/**
 * The emulated CPO's Sessions and CDRs modules, Sender interface: a platform pulls its own
 * drivers' sessions and CDRs, paged, by last_updated.
 */
export function registerChargingRoutes(scope: FastifyInstance, ctx: EmulatorContext): void {
  scope.get('/sessions', async (request, reply) => {
    const peer = await requirePeer(ctx.db, request);
    return ocpiOk(
      await paged(ctx, request, reply, 'sessions', (p) =>
        page<Session>(ctx.db, sandboxOcpiSessions, peer.id, p),
      ),
    );
  });
  scope.get('/cdrs', async (request, reply) => {
    const peer = await requirePeer(ctx.db, request);
    return ocpiOk(
      await paged(ctx, request, reply, 'cdrs', (p) =>
        page<Cdr>(ctx.db, sandboxOcpiCdrs, peer.id, p),
      ),
    );
  });
}
