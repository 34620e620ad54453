import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cdr as cdrSchema, type Cdr } from '@voltpark/contract/ocpi/cdrs';
import { session as sessionSchema, type Session } from '@voltpark/contract/ocpi/sessions';
import { tariff as tariffSchema, type Tariff } from '@voltpark/contract/ocpi/tariffs';
import { ocpiDone, ocpiOk } from '../roaming/envelope.js';
import { invalidParameters } from '../roaming/errors.js';
import { requirePlatform } from './auth.js';
import type { EmspEmulatorContext } from './context.js';
import { bodyOf, cpoParty, patchOf, sameId, unknownObject } from './receive.js';
import { deleteObject, getObject, putObject, type ObjectKey } from './store.js';

/**
 * The emulated eMSP's Tariffs, Sessions and CDRs Receivers: the platform PUTs (and DELETEs)
 * Tariffs, PUTs and PATCHes Sessions, POSTs CDRs; GET shows what the emulator holds.
 */
export function registerChargingReceivers(scope: FastifyInstance, ctx: EmspEmulatorContext): void {
  const key = (kind: ObjectKey['kind'], request: FastifyRequest): ObjectKey => ({
    kind,
    ...cpoParty(ctx, request),
    id: (request.params as { id: string }).id,
  });
  const held = async <T>(kind: ObjectKey['kind'], what: string, request: FastifyRequest) => {
    await requirePlatform(ctx.db, request, true);
    const k = key(kind, request);
    const object = await getObject<T>(ctx.db, k);
    if (!object) throw unknownObject(what);
    return { k, object };
  };

  scope.get('/tariffs/:country_code/:party_id/:id', async (request) =>
    ocpiOk((await held<Tariff>('TARIFF', 'tariff', request)).object),
  );
  scope.put('/tariffs/:country_code/:party_id/:id', async (request) => {
    await requirePlatform(ctx.db, request, true);
    const k = key('TARIFF', request);
    const t = bodyOf(tariffSchema, request);
    sameId(k.id, t.id, 'tariff id');
    await putObject(ctx.db, k, t);
    return ocpiDone();
  });
  scope.delete('/tariffs/:country_code/:party_id/:id', async (request) => {
    await requirePlatform(ctx.db, request, true);
    if (!(await deleteObject(ctx.db, key('TARIFF', request)))) throw unknownObject('tariff');
    return ocpiDone();
  });

  scope.get('/sessions/:country_code/:party_id/:id', async (request) =>
    ocpiOk((await held<Session>('SESSION', 'session', request)).object),
  );
  scope.put('/sessions/:country_code/:party_id/:id', async (request) => {
    await requirePlatform(ctx.db, request, true);
    const k = key('SESSION', request);
    const s = bodyOf(sessionSchema, request);
    sameId(k.id, s.id, 'session id');
    await putObject(ctx.db, k, s);
    return ocpiDone();
  });
  scope.patch('/sessions/:country_code/:party_id/:id', async (request) => {
    const { k, object } = await held<Session>('SESSION', 'session', request);
    const patch = patchOf(request);
    const patched: Session = { ...object, ...patch, id: object.id };
    await putObject(ctx.db, k, patched);
    return ocpiDone();
  });

  scope.get('/cdrs/:country_code/:party_id/:id', async (request) =>
    ocpiOk((await held<Cdr>('CDR', 'CDR', request)).object),
  );
  scope.post('/cdrs', async (request, reply) => {
    await requirePlatform(ctx.db, request, true);
    const c = bodyOf(cdrSchema, request);
    const ours = ctx.config.ocpiParty;
    if (
      c.country_code.toUpperCase() !== ours.countryCode.toUpperCase() ||
      c.party_id.toUpperCase() !== ours.partyId.toUpperCase()
    )
      throw invalidParameters('the CDR is not of the calling CPO');
    const k: ObjectKey = {
      kind: 'CDR',
      countryCode: c.country_code,
      partyId: c.party_id,
      id: c.id,
    };
    await putObject(ctx.db, k, c);
    const url = `${ctx.baseUrl()}/2.2.1/cdrs/${k.countryCode}/${k.partyId}/${encodeURIComponent(c.id)}`;
    void reply.header('location', url);
    return ocpiDone();
  });
}
