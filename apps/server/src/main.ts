// First: V8's heap settings, before the server allocates anything (decision 0069).
import './core/gc-tuning.js';
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemoDataIfEmpty } from './db/seed/index.js';
import { startMailDelivery } from './modules/mail/delivery.js';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'db') },
  );
  const app = await buildApp({ config, database });
  // seedDemoData is a sandbox setting, so the demo lot admin is never seeded in production.
  if (config.seedDemoData)
    await seedDemoDataIfEmpty(database.db, app.log, { demoLotAdmin: config.mode === 'sandbox' });
  const stopMail = config.smtpUrl
    ? startMailDelivery(database.db, config.smtpUrl, config.mailFrom, app.log)
    : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 15_000); // beyond the connections' 10 s grace (core/graceful-close.ts)
    force.unref();
    try {
      stopMail?.();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // The gate controllers' broker (or the client of GATES_MQTT_URL) starts on listen.
  await app.gates.whenStarted();
  app.log.info(
    {
      mode: config.mode,
      database: database.kind,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
    },
    `Voltpark is running at ${config.publicUrl}`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
