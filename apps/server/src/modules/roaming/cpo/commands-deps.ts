import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import type { OcppModule } from '../../ocpp/routes.js';
import type { OcpiClientDeps } from '../client.js';

/** What carrying out partners' commands needs: the database, the chargers and the OCPI client. */
export interface CommandDeps {
  db: Db;
  config: Config;
  client: OcpiClientDeps;
  ocpp: Pick<OcppModule, 'central' | 'commands'>;
  log: FastifyBaseLogger;
}

/** The OCPP command may take this share of the announced timeout; the rest is for the post. */
export const OCPP_SHARE = 0.8;

export const commandTimeoutMs = (config: Config) => config.roaming.commandTimeoutSec * 1000;

/** The deps from the app (its OCPP module and log) and the module's database and config. */
export function commandDepsOf(
  app: { ocpp: OcppModule; log: FastifyBaseLogger },
  deps: { db: Db; config: Config },
): CommandDeps {
  return {
    db: deps.db,
    config: deps.config,
    client: {
      db: deps.db,
      timeoutMs: deps.config.roaming.timeoutMs,
      onLogError: (err) => app.log.error({ err }, 'an outgoing OCPI call could not be logged'),
    },
    ocpp: app.ocpp,
    log: app.log,
  };
}
