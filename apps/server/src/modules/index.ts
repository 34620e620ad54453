import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';

export interface ModuleDeps {
  config: Config;
  db: Db;
}

/** Each domain module registers its contract routes here (names match apps/web/src/features). */
export function registerModules(_app: FastifyInstance, _deps: ModuleDeps): void {}
