import type { FastifyInstance } from 'fastify';
import { ocpiStatus } from '@voltpark/contract/ocpi/envelope';
import { locationReferences, tokenTypeEnum } from '@voltpark/contract/ocpi/tokens';
import { requirePartner } from '../auth.js';
import type { OcpiModuleContext } from '../context.js';
import { pagedList } from '../cpo/paged-list.js';
import { ocpiOk } from '../envelope.js';
import { invalidParameters, OcpiError } from '../errors.js';
import type { OcpiModuleEntry } from '../registry.js';
import { authorizeDriver } from './authorize.js';
import { driverTokenByUid, driverTokenPage } from './driver-tokens-store.js';
import { idParam, problems } from './receiver-common.js';

const route = { config: { ocpiModule: 'tokens' } };

const unknownToken = () => new OcpiError(404, ocpiStatus.UNKNOWN_TOKEN, 'Unknown token');

/**
 * The Tokens module, eMSP side, Sender interface (mod_tokens.asciidoc), at
 * `/ocpi/2.2.1/emsp/tokens` (our CPO Receiver interface has `/tokens`): a registered CPO partner
 * pulls our drivers' tokens (paged by last_updated) and asks for real-time authorization.
 */
export const tokensSenderModule: OcpiModuleEntry = {
  identifier: 'tokens',
  role: 'SENDER',
  path: 'emsp/tokens',
  register(scope: FastifyInstance, ctx: OcpiModuleContext) {
    scope.get('/emsp/tokens', route, async (request, reply) => {
      await requirePartner(request, 'CPO');
      const items = await pagedList(request, reply, ctx.config, 'emsp/tokens', (p) =>
        driverTokenPage(ctx.db, ctx.config, p),
      );
      return ocpiOk(items);
    });

    scope.post('/emsp/tokens/:token_uid/authorize', route, async (request) => {
      const partner = await requirePartner(request, 'CPO');
      const uid = idParam((request.params as { token_uid: string }).token_uid, 'token_uid');
      const type = tokenTypeEnum.safeParse((request.query as { type?: unknown }).type ?? 'RFID');
      if (!type.success)
        throw invalidParameters('type must be one of ' + tokenTypeEnum.options.join(', '));
      let location;
      if (request.body !== undefined && request.body !== null && request.body !== '') {
        const body = locationReferences.safeParse(request.body);
        if (!body.success)
          throw invalidParameters(`not valid LocationReferences: ${problems(body.error)}`);
        location = body.data;
      }
      // Our drivers' tokens are all APP_USER: any other type is not one of ours.
      const token = type.data === 'APP_USER' ? await driverTokenByUid(ctx.db, uid) : null;
      if (!token) throw unknownToken();
      return ocpiOk(
        await authorizeDriver(ctx.db, ctx.config, {
          partnerId: partner.id,
          token,
          ...(location ? { location } : {}),
        }),
      );
    });
  },
};
