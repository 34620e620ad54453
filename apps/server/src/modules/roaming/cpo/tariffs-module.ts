import type { FastifyInstance } from 'fastify';
import { requirePartner } from '../auth.js';
import type { OcpiModuleContext } from '../context.js';
import { ocpiOk } from '../envelope.js';
import { tariffPage } from '../model/tariffs.js';
import type { OcpiModuleEntry } from '../registry.js';
import { pagedList } from './paged-list.js';

const route = { config: { ocpiModule: 'tariffs' } };

/**
 * The Tariffs module, CPO side, Sender interface (mod_tariffs.asciidoc): eMSP partners pull our
 * active price settings, paged. The 2.2.1 Sender interface has no GET of one Tariff.
 */
export const tariffsModule: OcpiModuleEntry = {
  identifier: 'tariffs',
  role: 'SENDER',
  path: 'tariffs',
  register(scope: FastifyInstance, ctx: OcpiModuleContext) {
    scope.get('/tariffs', route, async (request, reply) => {
      await requirePartner(request, 'EMSP');
      const items = await pagedList(request, reply, ctx.config, 'tariffs', (p) =>
        tariffPage(ctx.db, ctx.config.ocpiParty, p),
      );
      return ocpiOk(items);
    });
  },
};
