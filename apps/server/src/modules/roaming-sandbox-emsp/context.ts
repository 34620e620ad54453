import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';

/** What the eMSP emulator's routes and start-up registration need. */
export interface EmspEmulatorContext {
  db: Db;
  config: Config;
  /** The emulator's base address (`…/sandbox/ocpi-emsp`), reachable by the platform. */
  baseUrl(): string;
}
