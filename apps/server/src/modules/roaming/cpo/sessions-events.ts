import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../index.js';
import { completeRoamingSession } from './cdrs-store.js';
import { runPushRound, startPushLoop } from './sessions-push.js';
import type { StartSession } from '@voltpark/contract/ocpi/commands';
import type { Db } from '../../../db/client.js';
import type { TransactionStarted } from '../../ocpp/events.js';
import { startCommandFor } from './commands-store.js';
import { realtimeAuthorizationOf } from './realtime-authorize.js';
import {
  partnerTokenOfIdTag,
  startRoamingSessionFor,
  type RoamingSessionStart,
} from './sessions-store.js';

/**
 * Partners' drivers' transactions become OCPI Sessions and CDRs: the OCPP transaction events
 * (emitted once per message, on the replica that received it) create and complete the roaming
 * session, and a background loop (started when the server listens, stopped before it closes)
 * takes meter values into active sessions and pushes them to the partner. A stop whose event
 * was lost is caught by each round.
 */
/**
 * Whose roaming session a started transaction is: a partner's START_SESSION for this charge
 * point, connector and idTag (COMMAND, with the eMSP's authorization_reference), else a
 * partner's RFID card accepted from our copy of its tokens (WHITELIST), else one accepted by
 * real-time authorization (AUTH_REQUEST with the eMSP's reference, or WHITELIST when the eMSP
 * gave no answer and the token is ALLOWED_OFFLINE); null for our own.
 */
async function roamingStartOf(db: Db, e: TransactionStarted): Promise<RoamingSessionStart | null> {
  const command = await startCommandFor(db, {
    chargePointId: e.chargePointId,
    connectorId: e.connectorId,
    idTag: e.idTag,
    startedAt: e.timestamp,
  });
  if (command) {
    const { token } = command.request as StartSession;
    return {
      transactionId: e.transactionId,
      partnerId: command.partnerId,
      cdrToken: {
        country_code: token.country_code,
        party_id: token.party_id,
        uid: token.uid,
        type: token.type,
        contract_id: token.contract_id,
      },
      authMethod: 'COMMAND',
      ...(command.authorizationReference
        ? { authorizationReference: command.authorizationReference }
        : {}),
    };
  }
  const found = await partnerTokenOfIdTag(db, e.idTag);
  if (found) return { transactionId: e.transactionId, ...found, authMethod: 'WHITELIST' };
  const realtime = await realtimeAuthorizationOf(db, e.idTag, e.chargePointId, e.timestamp);
  return realtime ? { transactionId: e.transactionId, ...realtime } : null;
}

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
      roamingStartOf(deps.db, e).then((found) =>
        found ? startRoamingSessionFor(deps.db, party, found) : null,
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
