import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../index.js';
import { loopbackOrigin } from '../sandbox-ocpi-party/loopback.js';
import { SandboxRegistrationRunner } from '../sandbox-ocpi-party/registration-runner.js';
import { ChargingLoop, chargingRound } from './charging-loop.js';
import type { EmulatorContext } from './context.js';
import { registerEmulatorOcpi } from './ocpi-routes.js';
import { SANDBOX_OCPI_PARTNER_PATH } from './party.js';
import { issueTokenA } from './peers.js';
import { registerWithPlatform, type RegistrationOutcome } from './register-with-platform.js';
import { refreshPlatformEndpoints } from './refresh-endpoints.js';
import { StatusLoop } from './status-loop.js';
import { changeSomeStatus, deliverStatusPushes } from './status-pushes.js';
import { seedNetworkIfEmpty } from './store.js';

export interface RoamingSandbox {
  /**
   * Resolves once the platform has the emulated partner (registered now or before; before: once
   * its endpoints have been read again).
   */
  whenRegistered(): Promise<RegistrationOutcome>;
  /** The emulated CPO's operator: a Token A for a platform that will register with it. */
  issueTokenA(): Promise<string>;
  /** The emulator's versions list. */
  versionsUrl(): string;
  /** One round of the status loop by hand: a status changes; due pushes are sent. */
  changeSomeStatus: () => ReturnType<typeof changeSomeStatus>;
  deliverStatusPushes(now?: Date): Promise<number>;
  /** Stops the status loop (tests that change statuses by hand). */
  stopStatusLoop(): Promise<void>;
  /** One round of the charging loop by hand (commands, results, meters, Sessions, CDRs). */
  chargingRound(now?: Date): Promise<void>;
  /** Stops the charging loop (tests that run its rounds by hand). */
  stopChargingLoop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    roamingSandbox?: RoamingSandbox;
  }
}

/**
 * The roaming partner emulator (sandbox only, ROAMING_SANDBOX_PARTNER): VoltPartner Kft., a CPO
 * with chargers in other Hungarian cities, speaking OCPI 2.2.1 over HTTP under
 * /sandbox/ocpi-partner. When the server listens it registers with our /ocpi/versions as a
 * foreign CPO would; our roaming module sees only its HTTP calls.
 */
export function registerRoamingSandbox(app: FastifyInstance, { config, db }: ModuleDeps): void {
  if (config.mode !== 'sandbox' || !config.roaming.sandboxPartner) return;
  const origin = () => loopbackOrigin(app) ?? config.publicUrl.replace(/\/+$/, '');
  const ctx: EmulatorContext = {
    db,
    config,
    baseUrl: () => `${origin()}${SANDBOX_OCPI_PARTNER_PATH}`,
  };
  const platformVersionsUrl = () => `${origin()}/ocpi/versions`;
  const runner = new SandboxRegistrationRunner<RegistrationOutcome>(
    {
      run: () => registerWithPlatform(ctx, platformVersionsUrl()),
      done: ['registered', 'already'],
      registeredLog: 'the roaming partner emulator (VoltPartner Kft.) registered with us',
      retryLog: 'the roaming partner emulator could not register; it will retry',
    },
    app.log.child({ module: 'roaming-sandbox' }),
  );
  const statusLoop = new StatusLoop(ctx, app.log.child({ module: 'roaming-sandbox' }));
  const chargingLoop = new ChargingLoop(ctx, app.log.child({ module: 'roaming-sandbox' }));
  // Registered before (a restart): the platform's endpoints are read again, it may have more.
  const settled = runner.settled.then(async (outcome) => {
    if (outcome === 'already')
      await refreshPlatformEndpoints(ctx, platformVersionsUrl()).catch((err: unknown) =>
        app.log.warn({ err }, 'the roaming partner emulator could not read our endpoints again'),
      );
    return outcome;
  });
  app.decorate('roamingSandbox', {
    whenRegistered: () => settled,
    issueTokenA: () => issueTokenA(db),
    versionsUrl: () => `${ctx.baseUrl()}/versions`,
    changeSomeStatus: () => changeSomeStatus(ctx),
    deliverStatusPushes: (now?: Date) => deliverStatusPushes(ctx, now),
    stopStatusLoop: () => statusLoop.stop(),
    chargingRound: (now?: Date) => chargingRound(ctx, now),
    stopChargingLoop: () => chargingLoop.stop(),
  } satisfies RoamingSandbox);

  registerEmulatorOcpi(app, ctx);
  app.addHook('onReady', async () => {
    await seedNetworkIfEmpty(db);
  });
  app.addHook('onListen', async () => {
    // After the code that awaited listen() has run on (a test sets PUBLIC_URL's port there):
    // our answers to the emulator carry our addresses from it.
    setImmediate(() => runner.start());
    statusLoop.start();
    chargingLoop.start();
  });
  app.addHook('preClose', async () => {
    await chargingLoop.stop();
    await statusLoop.stop();
    await runner.stop();
  });
}
