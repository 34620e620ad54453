import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { CommandResponse } from '@voltpark/contract/ocpi/commands';
import { sandboxEmspPlatform } from '../../db/schema/index.js';
import type { ModuleDeps } from '../index.js';
import { loopbackOrigin } from '../sandbox-ocpi-party/loopback.js';
import { SandboxRegistrationRunner } from '../sandbox-ocpi-party/registration-runner.js';
import type { EmspEmulatorContext } from './context.js';
import { registerEmspEmulatorOcpi } from './ocpi-routes.js';
import { registerEmspPage } from './page.js';
import { PLATFORM, platformRow } from './platform-row.js';
import { pullPlatformNetwork } from './pull-network.js';
import { SANDBOX_OCPI_EMSP_PATH } from './party.js';
import { registerWithPlatform, type RegistrationOutcome } from './register-with-platform.js';
import { startSession, stopSession } from './send-commands.js';

export interface RoamingSandboxEmsp {
  /** Resolves once the platform has the emulated eMSP (registered now or before). */
  whenRegistered(): Promise<RegistrationOutcome>;
  /** The emulator's versions list. */
  versionsUrl(): string;
  /** A VoltDrive driver starts a charge at one of our EVSEs (START_SESSION over OCPI). */
  startSession(at: Parameters<typeof startSession>[1]): Promise<CommandResponse>;
  /** A VoltDrive driver stops a charge by our OCPI Session id (STOP_SESSION over OCPI). */
  stopSession(sessionId: string): Promise<CommandResponse>;
  /** Reads our Locations and Tariffs Senders again (as after the registration). */
  pullNetwork(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    roamingSandboxEmsp?: RoamingSandboxEmsp;
  }
}

/**
 * The eMSP emulator (sandbox only, ROAMING_SANDBOX_EMSP): VoltDrive Kft., a mobility provider
 * whose drivers charge at our chargers, speaking OCPI 2.2.1 over HTTP under /sandbox/ocpi-emsp.
 * When the server listens it registers with our /ocpi/versions as a foreign eMSP would; our
 * roaming module (CPO side) then pushes Locations, Tariffs, Sessions and CDRs to it.
 */
export function registerRoamingSandboxEmsp(app: FastifyInstance, { config, db }: ModuleDeps): void {
  if (config.mode !== 'sandbox' || !config.roaming.sandboxEmsp) return;
  const origin = () => loopbackOrigin(app) ?? config.publicUrl.replace(/\/+$/, '');
  const ctx: EmspEmulatorContext = {
    db,
    config,
    baseUrl: () => `${origin()}${SANDBOX_OCPI_EMSP_PATH}`,
  };
  const runner = new SandboxRegistrationRunner<RegistrationOutcome>(
    {
      run: () => registerWithPlatform(ctx, `${origin()}/ocpi/versions`),
      done: ['registered', 'already'],
      registeredLog: 'the eMSP emulator (VoltDrive Kft.) registered with us',
      retryLog: 'the eMSP emulator could not register; it will retry',
      onError: async (lastError) => {
        await db
          .update(sandboxEmspPlatform)
          .set({ lastError, updatedAt: new Date() })
          .where(eq(sandboxEmspPlatform.label, PLATFORM));
      },
    },
    app.log.child({ module: 'roaming-sandbox-emsp' }),
  );
  app.decorate('roamingSandboxEmsp', {
    whenRegistered: () => runner.settled,
    versionsUrl: () => `${ctx.baseUrl()}/versions`,
    startSession: (at) => startSession(ctx, at),
    stopSession: (sessionId) => stopSession(ctx, sessionId),
    pullNetwork: async () => {
      const platform = await platformRow(db);
      return platform?.status === 'REGISTERED' ? pullPlatformNetwork(ctx, platform) : 0;
    },
  } satisfies RoamingSandboxEmsp);

  registerEmspEmulatorOcpi(app, ctx);
  registerEmspPage(app, ctx);
  app.addHook('onListen', async () => {
    // After the code that awaited listen() has run on (a test sets PUBLIC_URL's port there).
    setImmediate(() => runner.start());
  });
  app.addHook('preClose', async () => {
    await runner.stop();
  });
}
