/**
 * A server replica for the two-process test (replicas.test.ts): main.ts's start-up (config from
 * the environment, the database DATABASE_URL names, the whole app listening on PORT), plus an
 * IPC channel through which the test drives this process's own `app.ocpp.commands` — the API
 * the charging module calls — since no HTTP route sends an OCPP command.
 */
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';

export type ReplicaCommand =
  | { op: 'isConnected'; chargePointId: string }
  | {
      op: 'remoteStart';
      chargePointId: string;
      connectorId: number;
      idTag: string;
      waitMs: number;
    }
  | { op: 'remoteStop'; chargePointId: string; transactionId: number };
export type ReplicaRequest = ReplicaCommand & { id: number };
export type ReplicaReply = { id: number } & (
  { ok: true; value: unknown } | { ok: false; error: string }
);

const config = loadConfig();
if (!config.databaseUrl) throw new Error('test-replica needs DATABASE_URL');
const database = await openDatabase({ url: config.databaseUrl });
const app = await buildApp({ config, database });
await app.listen({ port: config.port, host: config.host });

async function run(req: ReplicaRequest): Promise<unknown> {
  const { central, commands } = app.ocpp;
  switch (req.op) {
    case 'isConnected':
      return central.isConnected(req.chargePointId);
    case 'remoteStart': {
      const started = commands.waitForStart(
        req.chargePointId,
        req.connectorId,
        req.idTag,
        req.waitMs,
      );
      const answer = await commands.remoteStartTransaction(
        req.chargePointId,
        req.connectorId,
        req.idTag,
      );
      return { answer, started: await started };
    }
    case 'remoteStop':
      return commands.remoteStopTransaction(req.chargePointId, req.transactionId);
  }
}

process.on('message', (req: ReplicaRequest) => {
  void run(req).then(
    (value) => process.send?.({ id: req.id, ok: true, value } satisfies ReplicaReply),
    (err: unknown) =>
      process.send?.({
        id: req.id,
        ok: false,
        error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
      } satisfies ReplicaReply),
  );
});

let closing = false;
process.on('SIGTERM', () => {
  if (closing) return;
  closing = true;
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
process.send?.('ready');
