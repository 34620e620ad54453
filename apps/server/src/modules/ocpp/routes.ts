import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { runFleet, type Fleet } from '@voltpark/sim';
import { addUpgradeRoute } from '../../core/upgrade.js';
import type { ModuleDeps } from '../index.js';
import { CentralSystem, ocppSettings } from './central.js';
import { OcppCommands } from './commands.js';
import { prepareSandboxChargePoints, sandboxFleet, withSandboxState } from './sandbox.js';

export interface OcppModule {
  central: CentralSystem;
  commands: OcppCommands;
  /** The in-process sandbox simulators, when running. */
  fleet: Fleet | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    ocpp: OcppModule;
  }
}

/**
 * The OCPP 1.6J central system at /ocpp/{chargePointId} on the app's own HTTP server, its timers, and in sandbox mode simulators for every charge
 * point connecting over loopback.
 */
export function registerOcpp(app: FastifyInstance, deps: ModuleDeps): void {
  const central = new CentralSystem(
    deps.db,
    app.log.child({ module: 'ocpp' }),
    ocppSettings(deps.config.ocpp),
  );
  const mod: OcppModule = { central, commands: new OcppCommands(central), fleet: null };
  app.decorate('ocpp', mod);

  addUpgradeRoute(
    app,
    (pathname) => pathname.startsWith('/ocpp/'),
    (req, socket, head) => central.handleUpgrade(req, socket, head),
  );
  app.addHook('onReady', async () => {
    const redisUrl = deps.config.ocpp.redisUrl;
    if (redisUrl) {
      const { RedisCommandRouter } = await import('./redis-router.js');
      const router = new RedisCommandRouter(
        redisUrl,
        (id, action, params, timeoutMs, txId) =>
          central.callLocal(id, action, params, timeoutMs, txId),
        (id) => central.isConnected(id),
        app.log.child({ module: 'ocpp' }),
        (e) => central.startedElsewhere.emit('transactionStarted', e),
      );
      await router.start();
      central.router = router;
    }
    central.start();
  });
  app.addHook('onListen', async () => {
    if (!deps.config.ocpp.simulateChargers) return;
    const address = app.server.address();
    if (!address || typeof address === 'string') return;
    const started = Date.now();
    await prepareSandboxChargePoints(deps.db);
    const members = await withSandboxState(
      deps.db,
      path.join(deps.config.dataDir, 'sandbox-chargers'),
      await sandboxFleet(deps.db),
    );
    mod.fleet = await runFleet(`ws://127.0.0.1:${address.port}/ocpp`, members, {
      concurrency: 32,
      log: (m) => app.log.warn(m),
    });
    app.log.info(
      {
        connected: mod.fleet.members.size,
        offline: members.length - mod.fleet.members.size,
        ms: Date.now() - started,
      },
      'sandbox charge point simulators running',
    );
  });
  // preClose: open websockets would otherwise keep server.close() waiting.
  app.addHook('preClose', async () => {
    await mod.fleet?.stop();
    await central.close();
  });
}
