import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ocpiStatus } from '@voltpark/contract/ocpi/envelope';
import { session as sessionSchema } from '@voltpark/contract/ocpi/sessions';
import type { OcpiModuleContext } from '../context.js';
import { ocpiDone, ocpiOk } from '../envelope.js';
import { invalidParameters, OcpiError, unauthorized } from '../errors.js';
import type { OcpiModuleEntry } from '../registry.js';
import { driverSessionEvents } from './driver-sessions-events.js';
import {
  driverSessionView,
  getDriverSession,
  patchDriverSession,
  putDriverSession,
  type SessionKey,
  type SessionWrite,
} from './driver-sessions-store.js';
import { idParam, partnerForOwner, problems, sameId, type OwnerParams } from './receiver-common.js';
import { roamingChargeChanged } from './roaming-charge-events.js';

const route = { config: { ocpiModule: 'sessions' } };
const path = '/emsp/sessions/:country_code/:party_id/:session_id';

const patchSchema = sessionSchema.partial().required({ last_updated: true });

const unknownSession = () => new OcpiError(404, ocpiStatus.CLIENT_ERROR, 'Unknown session');

async function keyOf(request: FastifyRequest): Promise<SessionKey> {
  const { partner, countryCode, partyId } = await partnerForOwner(request);
  const p = request.params as OwnerParams & { session_id: string };
  return {
    partnerId: partner.id,
    countryCode,
    partyId,
    sessionId: idParam(p.session_id, 'session_id'),
  };
}

/** The answer to a write; a stored change of our driver's session is announced after commit. */
function answer(db: OcpiModuleContext['db'], r: SessionWrite) {
  if (!r.ok) {
    if (r.reason === 'unknown') throw unknownSession();
    if (r.reason === 'invalid') throw invalidParameters(`not a valid Session: ${r.message}`);
    throw unauthorized('These credentials are no longer registered');
  }
  const view = r.row && driverSessionView(r.row);
  if (view) {
    driverSessionEvents.emit('changed', view);
    // The meter and cost of the driver's live screen (decision 0056).
    roamingChargeChanged(db, view.userId);
  }
  return ocpiDone(r.stale ? 'Older than the session held; kept ours' : 'Success');
}

/**
 * The Sessions module, eMSP side, Receiver interface (mod_sessions.asciidoc), at
 * `/ocpi/2.2.1/emsp/sessions` (our CPO Sender interface has `/sessions`): CPO partners push our
 * drivers' sessions at their chargers (PUT), changes to them (PATCH) and may read back what we
 * hold (GET). Only for their own parties.
 */
export const sessionsReceiverModule: OcpiModuleEntry = {
  identifier: 'sessions',
  role: 'RECEIVER',
  path: 'emsp/sessions',
  register(scope: FastifyInstance, ctx: OcpiModuleContext) {
    scope.get(path, route, async (request) => {
      const s = await getDriverSession(ctx.db, await keyOf(request));
      if (!s) throw unknownSession();
      return ocpiOk(s);
    });

    scope.put(path, route, async (request) => {
      const key = await keyOf(request);
      const body = sessionSchema.safeParse(request.body);
      if (!body.success) throw invalidParameters(`not a valid Session: ${problems(body.error)}`);
      sameId(body.data.country_code, key.countryCode, 'country_code');
      sameId(body.data.party_id, key.partyId, 'party_id');
      sameId(body.data.id, key.sessionId, 'id');
      return answer(ctx.db, await putDriverSession(ctx.db, ctx.config, key, body.data));
    });

    scope.patch(path, route, async (request) => {
      const key = await keyOf(request);
      const body = patchSchema.safeParse(request.body);
      if (!body.success)
        throw invalidParameters(`not a valid Session patch: ${problems(body.error)}`);
      sameId(body.data.country_code, key.countryCode, 'country_code');
      sameId(body.data.party_id, key.partyId, 'party_id');
      sameId(body.data.id, key.sessionId, 'id');
      return answer(ctx.db, await patchDriverSession(ctx.db, ctx.config, key, body.data));
    });
  },
};
