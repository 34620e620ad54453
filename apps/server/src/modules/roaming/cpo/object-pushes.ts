import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import type { ModuleDeps } from '../../index.js';
import { roamingPartners } from '../../../db/schema/index.js';
import { startBackgroundLoop, type BackgroundLoop } from '../../../core/background-loop.js';
import {
  claimDueObjectPushes,
  objectPushDelivered,
  objectPushDropped,
  objectPushFailed,
} from './object-outbox.js';
import { partnerLocationView, sendObjectPush, type ObjectPushDeps } from './object-push-send.js';

const BATCH = 50;

/**
 * One delivery round of Locations/Tariffs pushes: due rows are claimed (each by one sender over
 * all replicas) and sent, each with the object as it is now.
 */
export async function runObjectPushRound(
  deps: ObjectPushDeps & { log?: FastifyBaseLogger },
): Promise<{ delivered: number; failed: number }> {
  const claimed = await claimDueObjectPushes(deps.db, BATCH);
  const out = { delivered: 0, failed: 0 };
  if (claimed.length === 0) return out;
  const ids = [...new Set(claimed.map((p) => p.partnerId))];
  const partners = new Map(
    (await deps.db.select().from(roamingPartners).where(inArray(roamingPartners.id, ids))).map(
      (r) => [r.id, r],
    ),
  );
  await Promise.all(
    claimed.map(async (p) => {
      const r = await sendObjectPush(deps, partners.get(p.partnerId), p);
      if (r.ok) {
        out.delivered++;
        await objectPushDelivered(deps.db, p);
        return;
      }
      out.failed++;
      deps.log?.warn(
        { pushId: p.id, kind: p.kind, objectId: p.objectId, error: r.error },
        'OCPI location/tariff push not delivered',
      );
      if (r.drop) await objectPushDropped(deps.db, p, r.error);
      else await objectPushFailed(deps.db, p, r.error);
    }),
  );
  return out;
}

/**
 * Our Locations and Tariffs pushed to eMSP partners (decision 0044): the database queues the
 * changes (triggers), a loop on every replica sends them every 2 s and at once when a connector
 * reports a status here. Started when the server listens, stopped (awaiting a round under way)
 * before it closes.
 */
export function registerObjectPushes(app: FastifyInstance, deps: ModuleDeps): void {
  let loop: BackgroundLoop | null = null;
  const push: ObjectPushDeps = {
    db: deps.db,
    party: deps.config.ocpiParty,
    view: partnerLocationView(deps.config),
    client: {
      db: deps.db,
      timeoutMs: deps.config.roaming.timeoutMs,
      onLogError: (err: unknown) =>
        app.log.error({ err }, 'an outgoing OCPI call could not be logged'),
    },
  };
  app.ocpp.central.events.on('connectorStatus', () => loop?.wake());
  app.addHook('onListen', async () => {
    loop = startBackgroundLoop(() => runObjectPushRound({ ...push, log: app.log }), {
      log: app.log,
      what: 'OCPI location/tariff push round',
      intervalMs: 2000,
    });
  });
  app.addHook('preClose', async () => {
    await loop?.stop();
    loop = null;
  });
}
