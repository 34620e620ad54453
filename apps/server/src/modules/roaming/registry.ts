import type { FastifyInstance } from 'fastify';
import type { OcpiInterfaceRole, OcpiModuleId } from '@voltpark/contract/ocpi/versions';
import type { OcpiModuleContext } from './context.js';
import { commandsModule } from './cpo/commands-module.js';
import { credentialsModule } from './credentials-module.js';
import { locationsModule } from './cpo/locations-module.js';
import { tariffsModule } from './cpo/tariffs-module.js';
import { tokensModule } from './cpo/tokens-module.js';
import { sessionsModule } from './cpo/sessions-module.js';
import { cdrsModule } from './cpo/cdrs-module.js';
import { locationsReceiverModule } from './emsp/locations-receiver.js';
import { tariffsReceiverModule } from './emsp/tariffs-receiver.js';
import { tokensSenderModule } from './emsp/tokens-sender.js';
import { sessionsReceiverModule } from './emsp/sessions-receiver.js';
import { cdrsReceiverModule } from './emsp/cdrs-receiver.js';
import { commandResultsReceiverModule } from './emsp/command-results-receiver.js';

/**
 * One OCPI module interface this server implements. Its routes are registered under
 * `/ocpi/2.2.1/`, and it is listed in the version details with `/ocpi/2.2.1/<path>`.
 */
export interface OcpiModuleEntry {
  identifier: OcpiModuleId;
  role: OcpiInterfaceRole;
  /** Relative to /ocpi/2.2.1/, without a leading slash. */
  path: string;
  /** Routes: set `config: { ocpiModule: identifier }` on each; use requirePartner to authorize. */
  register(scope: FastifyInstance, ctx: OcpiModuleContext): void;
}

/**
 * The modules this server implements: the version details list exactly these. Add new ones here.
 * One module may have both interfaces (we are CPO and eMSP): each has its own path.
 */
export const ocpiModules: readonly OcpiModuleEntry[] = [
  credentialsModule,
  locationsModule,
  tariffsModule,
  tokensModule,
  sessionsModule,
  cdrsModule,
  commandsModule,
  locationsReceiverModule,
  tariffsReceiverModule,
  tokensSenderModule,
  sessionsReceiverModule,
  cdrsReceiverModule,
  commandResultsReceiverModule,
];
