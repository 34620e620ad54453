import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ocpiStatus } from '@voltpark/contract/ocpi/envelope';
import { tariff as tariffSchema } from '@voltpark/contract/ocpi/tariffs';
import type { OcpiModuleContext } from '../context.js';
import { ocpiDone, ocpiOk } from '../envelope.js';
import { invalidParameters, OcpiError, unauthorized } from '../errors.js';
import type { OcpiModuleEntry } from '../registry.js';
import { idParam, partnerForOwner, problems, sameId, type OwnerParams } from './receiver-common.js';
import { deleteTariff, getTariff, upsertTariffs, type TariffKey } from './tariff-store.js';

const route = { config: { ocpiModule: 'tariffs' } };
const path = '/emsp/tariffs/:country_code/:party_id/:tariff_id';

async function keyOf(request: FastifyRequest): Promise<TariffKey> {
  const { partner, countryCode, partyId } = await partnerForOwner(request);
  const p = request.params as OwnerParams & { tariff_id: string };
  return {
    partnerId: partner.id,
    countryCode,
    partyId,
    tariffId: idParam(p.tariff_id, 'tariff_id'),
  };
}

const gone = () => unauthorized('These credentials are no longer registered');

/**
 * The Tariffs module, eMSP side, Receiver interface (mod_tariffs.asciidoc), at
 * `/ocpi/2.2.1/emsp/tariffs`: CPO partners push their Tariffs (PUT), delete them (DELETE) and
 * may read back what we hold (GET). Only for their own parties.
 */
export const tariffsReceiverModule: OcpiModuleEntry = {
  identifier: 'tariffs',
  role: 'RECEIVER',
  path: 'emsp/tariffs',
  register(scope: FastifyInstance, ctx: OcpiModuleContext) {
    scope.get(path, route, async (request) => {
      const key = await keyOf(request);
      const t = await getTariff(ctx.db, key);
      // 2.2.1 has no "unknown tariff" code: the client error of an unknown object.
      if (!t) throw new OcpiError(404, ocpiStatus.CLIENT_ERROR, 'Unknown tariff');
      return ocpiOk(t);
    });

    scope.put(path, route, async (request) => {
      const key = await keyOf(request);
      const body = tariffSchema.safeParse(request.body);
      if (!body.success) throw invalidParameters(`not a valid Tariff: ${problems(body.error)}`);
      sameId(body.data.country_code, key.countryCode, 'country_code');
      sameId(body.data.party_id, key.partyId, 'party_id');
      sameId(body.data.id, key.tariffId, 'id');
      if (!(await upsertTariffs(ctx.db, key.partnerId, [body.data]))) throw gone();
      return ocpiDone();
    });

    scope.delete(path, route, async (request) => {
      const key = await keyOf(request);
      if (!(await deleteTariff(ctx.db, key))) throw gone();
      return ocpiDone();
    });
  },
};
