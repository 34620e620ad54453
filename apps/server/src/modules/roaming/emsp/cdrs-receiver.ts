import type { FastifyInstance } from 'fastify';
import { cdr as cdrSchema } from '@voltpark/contract/ocpi/cdrs';
import { ocpiStatus } from '@voltpark/contract/ocpi/envelope';
import { createGateway } from '../../payments/gateway.js';
import type { PaymentDeps } from '../../payments/payments.js';
import { requirePartner } from '../auth.js';
import type { OcpiModuleContext } from '../context.js';
import { ocpiDone, ocpiOk } from '../envelope.js';
import { invalidParameters, OcpiError, unauthorized } from '../errors.js';
import { ocpiVersionUrl } from '../handshake.js';
import type { OcpiModuleEntry } from '../registry.js';
import { billRoamingCdr } from './bill-roaming-cdr.js';
import { startCdrBillingRetry } from './cdr-billing-retry.js';
import { getDriverCdr, storeDriverCdr } from './driver-cdrs-store.js';
import { isPartnerCpoParty } from './partner-parties.js';
import { problems } from './receiver-common.js';

const route = { config: { ocpiModule: 'cdrs' } };

/**
 * The CDRs module, eMSP side, Receiver interface (mod_cdrs.asciidoc), at `/ocpi/2.2.1/emsp/cdrs`
 * (our CPO Sender interface has `/cdrs`): a CPO partner posts the CDR of our driver's finished
 * session (stored once, billed once; the Location header names it) and may read it back.
 */
export const cdrsReceiverModule: OcpiModuleEntry = {
  identifier: 'cdrs',
  role: 'RECEIVER',
  path: 'emsp/cdrs',
  register(scope: FastifyInstance, ctx: OcpiModuleContext) {
    const pay: PaymentDeps = {
      db: ctx.db,
      config: ctx.config,
      gateway: createGateway(scope, ctx.config),
    };
    let retry: ReturnType<typeof startCdrBillingRetry> | null = null;
    scope.addHook('onListen', async () => {
      retry = startCdrBillingRetry(pay, scope.log);
    });
    scope.addHook('preClose', async () => {
      await retry?.stop();
      retry = null;
    });

    scope.post('/emsp/cdrs', route, async (request, reply) => {
      const partner = await requirePartner(request, 'CPO');
      const body = cdrSchema.safeParse(request.body);
      if (!body.success) throw invalidParameters(`not a valid CDR: ${problems(body.error)}`);
      if (!isPartnerCpoParty(partner, body.data.country_code, body.data.party_id))
        throw new OcpiError(
          403,
          ocpiStatus.CLIENT_ERROR,
          'these credentials may only send CDRs of their own country_code and party_id',
        );
      const stored = await storeDriverCdr(ctx.db, ctx.config, partner.id, body.data);
      if (!stored) throw unauthorized('These credentials are no longer registered');
      // Billed now; one that fails stays PENDING and is billed by the retry loop or a repost.
      await billRoamingCdr(pay, stored.row).catch((err: unknown) =>
        request.log.error({ err, cdr: stored.row.id }, 'roaming CDR billing failed'),
      );
      reply.header('Location', `${ocpiVersionUrl(ctx.config)}/emsp/cdrs/${stored.row.id}`);
      return ocpiDone(stored.created ? 'Success' : 'Already received; kept the first');
    });

    scope.get('/emsp/cdrs/:id', route, async (request) => {
      const partner = await requirePartner(request, 'CPO');
      const { id } = request.params as { id: string };
      const cdr = /^\d{1,9}$/.test(id) ? await getDriverCdr(ctx.db, partner.id, Number(id)) : null;
      if (!cdr) throw new OcpiError(404, ocpiStatus.CLIENT_ERROR, 'Unknown CDR');
      return ocpiOk(cdr);
    });
  },
};
