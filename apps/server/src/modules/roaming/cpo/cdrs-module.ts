import type { FastifyInstance } from 'fastify';
import { requirePartner } from '../auth.js';
import type { OcpiModuleContext } from '../context.js';
import { ocpiOk } from '../envelope.js';
import type { OcpiModuleEntry } from '../registry.js';
import { cdrPage } from './cdrs-store.js';
import { pagedList } from './paged-list.js';

const route = { config: { ocpiModule: 'cdrs' } };

/**
 * The CDRs module, CPO side, Sender interface (mod_cdrs.asciidoc): an eMSP partner pulls the
 * CDRs of its own drivers' finished sessions at our chargers, paged by last_updated. A CDR never
 * changes once made (a correction would be a credit CDR, not done yet).
 */
export const cdrsModule: OcpiModuleEntry = {
  identifier: 'cdrs',
  role: 'SENDER',
  path: 'cdrs',
  register(scope: FastifyInstance, ctx: OcpiModuleContext) {
    scope.get('/cdrs', route, async (request, reply) => {
      const partner = await requirePartner(request, 'EMSP');
      const items = await pagedList(request, reply, ctx.config, 'cdrs', (p) =>
        cdrPage(ctx.db, partner.id, p),
      );
      return ocpiOk(items);
    });
  },
};
