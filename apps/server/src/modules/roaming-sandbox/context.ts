import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';

/** What the emulator's routes and start-up registration need. */
export interface EmulatorContext {
  db: Db;
  config: Config;
  /** The emulator's base address (`…/sandbox/ocpi-partner`), reachable by the platform. */
  baseUrl(): string;
}
