import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../index.js';
import { completeRoamingSession } from './cdrs-store.js';
import { runPushRound, startPushLoop } from './sessions-push.js';
import { partnerTokenOfIdTag, startRoamingSessionFor } from './sessions-store.js';

/**
 * Partners' drivers' transactions become OCPI Sessions and CDRs: the OCPP transaction events
 * (emitted once per message, on the replica that received it) create and complete the roaming
 * session, and a background loop (started when the server listens, stopped before it closes)
 * takes meter values into active sessions and pushes them to the partner. A stop whose event
 * was lost is caught by each round.
 */
export function registerRoamingSessions(app: FastifyInstance, deps: ModuleDeps): void {
  const central = app.ocpp.central;
  const party = deps.config.ocpiParty;
  let loop: ReturnType<typeof startPushLoop> | null = null;
  const wake = () => loop?.wake();
  const run = (what: string, p: Promise<unknown>) =>
    void p.then(wake, (err: unknown) => app.log.error({ err }, `roaming sessions: ${what} failed`));

  central.events.on('transactionStarted', (e) => {
    if (e.idTagStatus !== 'Accepted') return;
    run(
      'transaction start',
      partnerTokenOfIdTag(deps.db, e.idTag).then((found) =>
        found
          ? startRoamingSessionFor(deps.db, party, {
              transactionId: e.transactionId,
              partnerId: found.partnerId,
              cdrToken: found.cdrToken,
              authMethod: 'WHITELIST',
            })
          : null,
      ),
    );
  });
  central.events.on('transactionStopped', (e) => {
    run(
      'transaction stop',
      completeRoamingSession(deps.db, party, {
        transactionId: e.transactionId,
        energyWh: e.energyWh,
        endedAt: e.timestamp,
      }),
    );
  });

  const client = {
    db: deps.db,
    timeoutMs: deps.config.roaming.timeoutMs,
    onLogError: (err: unknown) =>
      app.log.error({ err }, 'an outgoing OCPI call could not be logged'),
  };
  app.addHook('onListen', async () => {
    loop = startPushLoop(() => runPushRound({ db: deps.db, client, party, log: app.log }), app.log);
  });
  app.addHook('preClose', async () => {
    await loop?.stop();
    loop = null;
  });
}
