import { ocppErrorMessageKey } from '../../ocpp/commands.js';
import type { CommandDeps } from './commands-deps.js';
import { OCPP_SHARE } from './commands-deps.js';
import { claimSend, finish, type CommandResultType, type CommandRow } from './commands-store.js';
import { connectorRefusal } from './commands-targets.js';
import { postDueResults } from './commands-result-post.js';

interface Outcome {
  result: CommandResultType;
  message: string | null;
}

/**
 * Carries out one stored command: claims it (PENDING → SENDING, so it is sent once whoever
 * tries), checks the connector where a start needs it, sends the OCPP command and records the
 * CommandResult from the charger's answer; then posts due results. A command whose deadline
 * passed before it could be sent gets FAILED without reaching the charger.
 */
export async function runCommand(deps: CommandDeps, id: number): Promise<void> {
  const row = await claimSend(deps.db, id);
  if (!row) return;
  const outcome = await carryOut(deps, row).catch((err: unknown): Outcome => {
    deps.log.error({ err, commandId: row.id }, 'roaming command failed');
    return { result: 'FAILED', message: 'the command could not be carried out' };
  });
  await finish(deps.db, row.id, ['SENDING'], outcome.result, outcome.message);
  await postDueResults(deps);
}

async function carryOut(deps: CommandDeps, row: CommandRow): Promise<Outcome> {
  const left = row.deadlineAt.getTime() - Date.now();
  if (left <= 0) return { result: 'FAILED', message: 'the command could not be sent in time' };
  const timeoutMs = Math.max(1, Math.floor(left * OCPP_SHARE));
  const { commands } = deps.ocpp;
  try {
    switch (row.command) {
      case 'START_SESSION': {
        const refusal =
          row.chargerId === null ? null : await connectorRefusal(deps.db, row.chargerId);
        if (refusal) return refusal;
        const a = await commands.remoteStartTransaction(
          row.chargePointId,
          row.connectorId,
          row.idTag!,
          { timeoutMs },
        );
        return a.status === 'Accepted'
          ? { result: 'ACCEPTED', message: null }
          : { result: 'REJECTED', message: 'the charger refused to start' };
      }
      case 'STOP_SESSION': {
        const a = await commands.remoteStopTransaction(row.chargePointId, row.transactionId!, {
          timeoutMs,
        });
        return a.status === 'Accepted'
          ? { result: 'ACCEPTED', message: null }
          : { result: 'REJECTED', message: 'the charger refused to stop' };
      }
      case 'UNLOCK_CONNECTOR': {
        const a = await commands.unlockConnector(row.chargePointId, row.connectorId, timeoutMs);
        if (a.status === 'Unlocked') return { result: 'ACCEPTED', message: null };
        if (a.status === 'NotSupported')
          return { result: 'NOT_SUPPORTED', message: 'the charger cannot unlock' };
        return { result: 'FAILED', message: 'the connector could not be unlocked' };
      }
    }
  } catch (err) {
    const why = ocppErrorMessageKey(err);
    if (why === 'ocpp.timeout')
      return { result: 'TIMEOUT', message: 'the charger did not answer in time' };
    if (why === 'ocpp.notConnected')
      return { result: 'FAILED', message: 'the charger is not connected' };
    deps.log.warn({ err, commandId: row.id }, 'roaming command refused by the charger');
    return { result: 'FAILED', message: 'the charger could not take the command' };
  }
}
