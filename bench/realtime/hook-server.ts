/**
 * bench/realtime's server: the real Voltpark server app (the same `buildApp`, database,
 * seeding and `listen` as apps/server/src/main.ts), plus a **bench-only hook** — over the IPC
 * channel of the bench process that started it, never over the network — that makes each
 * planned user's parking-session change by calling `app.realtime.publishToUser`, as the parking
 * module does on every change, and answers when each change was made.
 *
 * This file is not part of the server: nothing in apps/ imports it and production starts
 * apps/server/src/main.ts, so the hook is not reachable there. It measures the /ws path from
 * `publishToUser` to the socket (hub lookup, JSON, ws framing, the socket write); a change made
 * through the parking module's database work would add that work on top.
 */
// As main.ts: V8's heap settings first (decision 0069).
import '../../apps/server/src/core/gc-tuning.js';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { seedDemoDataIfEmpty } from '../../apps/server/src/db/seed/index.js';
import { runChanges, type ChangePlan } from './lib/changes';
import { parkingChangeFrame } from './lib/frame';
import { serveParent } from './lib/ipc';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'db') },
);
const app = await buildApp({ config, database });
if (config.seedDemoData) await seedDemoDataIfEmpty(database.db, app.log);
await app.listen({ port: config.port, host: config.host });
await app.gates.whenStarted();

let closing = false;
process.on('SIGTERM', () => {
  if (closing) return;
  closing = true;
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});

serveParent({
  connectedUsers: () => app.realtime.hub.connectedUsers,
  changes: (req) =>
    runChanges(req.plan as ChangePlan, Number(req.startAt), (userId, seq) =>
      app.realtime.publishToUser(userId, parkingChangeFrame(userId, seq)),
    ),
});
