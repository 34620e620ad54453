import type { FastifyInstance } from 'fastify';
import { ocpiStatus } from '@voltpark/contract/ocpi/envelope';
import { requirePartner } from '../auth.js';
import type { OcpiModuleContext } from '../context.js';
import { ocpiOk } from '../envelope.js';
import { OcpiError } from '../errors.js';
import type { OcpiModuleEntry } from '../registry.js';
import { pagedList } from './paged-list.js';
import { sessionPage } from './sessions-store.js';

const route = { config: { ocpiModule: 'sessions' } };

/**
 * The Sessions module, CPO side, Sender interface (mod_sessions.asciidoc): an eMSP partner pulls
 * its own drivers' sessions at our chargers, paged by last_updated. Charging preferences: our
 * EVSEs do not announce CHARGING_PREFERENCES_CAPABLE, so a PUT of them is answered as the module
 * says for such an EVSE: HTTP 404, status 2001.
 */
export const sessionsModule: OcpiModuleEntry = {
  identifier: 'sessions',
  role: 'SENDER',
  path: 'sessions',
  register(scope: FastifyInstance, ctx: OcpiModuleContext) {
    scope.get('/sessions', route, async (request, reply) => {
      const partner = await requirePartner(request, 'EMSP');
      const items = await pagedList(request, reply, ctx.config, 'sessions', (p) =>
        sessionPage(ctx.db, ctx.config.ocpiParty, partner.id, p),
      );
      return ocpiOk(items);
    });

    scope.put('/sessions/:session_id/charging_preferences', route, async (request) => {
      await requirePartner(request, 'EMSP');
      throw new OcpiError(
        404,
        ocpiStatus.INVALID_PARAMETERS,
        'Charging preferences are not supported: no EVSE of ours is CHARGING_PREFERENCES_CAPABLE',
      );
    });
  },
};
