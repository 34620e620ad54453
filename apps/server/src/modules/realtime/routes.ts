import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { WS_PATH, type RoamingCharge, type WsServerFrame } from '@voltpark/contract';
import { addUpgradeRoute } from '../../core/upgrade.js';
import { MAX_WS_FRAME_BYTES } from '../../core/websocket.js';
import { forgetCachedSessions } from '../auth/session-cache.js';
import { sessionRevocations, type SessionRevocation } from '../auth/sessions.js';
import type { ModuleDeps } from '../index.js';
import { Connection } from './connection.js';
import { RealtimeHub } from './hub.js';
import { noParkingYet, type ParkingLive } from './parking-live.js';
import { socketIp } from './socket-ip.js';
import { socketLang } from './socket-lang.js';

/** The user's current roaming charge, as `GET /api/v1/roaming/current` answers it. */
export type RoamingChargeOf = (userId: number) => Promise<RoamingCharge | null>;

export interface RealtimeModule {
  /** Sends a frame to every socket of the user, on this replica or (REDIS_URL) another. */
  publishToUser(userId: number, frame: WsServerFrame): void;
  /** The parking module answers the parking commands. */
  setParkingLive(parking: ParkingLive): void;
  /** The roaming module answers getRoamingCharge (decision 0056). */
  setRoamingCharge(current: RoamingChargeOf): void;
  hub: RealtimeHub;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeModule;
  }
}

/** An unauthenticated socket has this long to send its auth frame. */
const AUTH_TIMEOUT_MS = 10_000;
/** How often sockets are swept: silent ones dropped, sessions that ended elsewhere closed. */
const SWEEP_MS = 30_000;
/**
 * How often the types of connected users are re-read: a role given or taken (the operator's
 * CLI) reaches signed-in browsers within this, well inside the 10 s the product promises.
 */
const TYPES_CHECK_MS = 3_000;
/** The client pings every 6 s; a socket silent for this long is gone. */
const SILENT_MS = 60_000;

/**
 * The browser websocket at /ws (SPEC §7 "Websocket", docs/decisions/0013): authentication by the
 * first frame, the parking commands (answered by the parking module's ParkingLive) and
 * `publishToUser` for any module, across replicas through Redis when REDIS_URL is set.
 */
export function registerRealtime(app: FastifyInstance, deps: ModuleDeps): void {
  const log = app.log.child({ module: 'realtime' });
  const hub = new RealtimeHub(deps.db);
  let parking: ParkingLive = noParkingYet;
  let roamingCharge: RoamingChargeOf = () => Promise.resolve(null);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_WS_FRAME_BYTES });
  const ctx = {
    db: deps.db,
    hub,
    parking: () => parking,
    roamingCharge: (userId: number) => roamingCharge(userId),
    log,
    authTimeoutMs: AUTH_TIMEOUT_MS,
  };

  app.decorate('realtime', {
    publishToUser: (userId, frame) => hub.publishToUser(userId, frame),
    setParkingLive: (p) => {
      parking = p;
    },
    setRoamingCharge: (current) => {
      roamingCharge = current;
    },
    hub,
  } satisfies RealtimeModule);

  addUpgradeRoute(
    app,
    (pathname) => pathname === WS_PATH,
    (req, socket, head) =>
      wss.handleUpgrade(
        req,
        socket,
        head,
        (ws) => new Connection(ws, socketLang(req), ctx, socketIp(req, deps.config.trustProxy)),
      ),
  );

  const onRevoked = (r: SessionRevocation) => {
    if (r.db !== deps.db) return;
    const { db: _db, ...revocation } = r;
    hub.revoked(revocation).catch((err: unknown) => log.warn({ err }, 'websocket revocation'));
  };
  sessionRevocations.on('revoked', onRevoked);

  let sweep: NodeJS.Timeout | undefined;
  let typesCheck: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    const redisUrl = deps.config.ocpp.redisUrl;
    if (redisUrl) {
      const { RedisUserBus } = await import('./redis-bus.js');
      const bus = new RedisUserBus(
        redisUrl,
        (userId, text) => hub.deliver(userId, text),
        (r) => {
          // Another replica ended sessions: its session cache entries here must go at once too.
          if ('userId' in r) forgetCachedSessions(r.userId);
          void hub.recheck(r).catch((err: unknown) => log.warn({ err }, 'websocket revocation'));
        },
        log,
      );
      await bus.start();
      hub.bus = bus;
    }
    sweep = setInterval(() => {
      const now = Date.now();
      for (const c of hub.clients()) if (now - c.lastSeen > SILENT_MS) c.terminate();
      hub.recheck().catch((err: unknown) => log.warn({ err }, 'websocket session sweep'));
    }, SWEEP_MS);
    sweep.unref();
    typesCheck = setInterval(() => {
      hub.checkTypes().catch((err: unknown) => log.warn({ err }, 'websocket types check'));
    }, TYPES_CHECK_MS);
    typesCheck.unref();
  });
  // preClose: open websockets would otherwise keep server.close() waiting.
  app.addHook('preClose', async () => {
    clearInterval(sweep);
    clearInterval(typesCheck);
    sessionRevocations.off('revoked', onRevoked);
    for (const ws of wss.clients) ws.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    hub.bus.close();
  });
}
