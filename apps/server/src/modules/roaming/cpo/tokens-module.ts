import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ocpiStatus } from '@voltpark/contract/ocpi/envelope';
import { token as tokenSchema, tokenTypeEnum } from '@voltpark/contract/ocpi/tokens';
import { requirePartner } from '../auth.js';
import type { OcpiModuleContext } from '../context.js';
import { ocpiDone, ocpiOk } from '../envelope.js';
import { invalidParameters, OcpiError } from '../errors.js';
import { partnerRoles, type PartnerRow } from '../partners.js';
import type { OcpiModuleEntry } from '../registry.js';
import { getToken, patchToken, putToken, type TokenKey } from './tokens-store.js';

const route = { config: { ocpiModule: 'tokens' } };
const path = '/tokens/:country_code/:party_id/:token_uid';

interface Params {
  country_code: string;
  party_id: string;
  token_uid: string;
}

const patchSchema = tokenSchema.partial().required({ last_updated: true });

const unknownToken = () => new OcpiError(404, ocpiStatus.UNKNOWN_TOKEN, 'Unknown token');

function problems(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.map(String).join('.') || 'body'}: ${i.message}`)
    .join('; ');
}

/**
 * The token the URL names (type from `?type=`, RFID when absent, as the module says), checked
 * to be of a party the calling eMSP speaks for: a partner never reads or writes another's.
 */
function tokenKey(request: FastifyRequest, partner: PartnerRow): TokenKey {
  const p = request.params as Params;
  const q = request.query as { type?: unknown };
  const type = tokenTypeEnum.safeParse(q.type ?? 'RFID');
  if (!type.success)
    throw invalidParameters('type must be one of ' + tokenTypeEnum.options.join(', '));
  if (!/^[A-Za-z]{2}$/.test(p.country_code) || !/^[A-Za-z0-9]{3}$/.test(p.party_id))
    throw invalidParameters('country_code must be 2 letters and party_id 3 letters or digits');
  if (!p.token_uid || p.token_uid.length > 36)
    throw invalidParameters('token_uid must be 1 to 36 characters');
  const parties = [
    { country_code: partner.countryCode, party_id: partner.partyId },
    ...partnerRoles(partner).filter((r) => r.role === 'EMSP'),
  ];
  const own = parties.some(
    (x) =>
      x.country_code.toUpperCase() === p.country_code.toUpperCase() &&
      x.party_id.toUpperCase() === p.party_id.toUpperCase(),
  );
  if (!own)
    throw new OcpiError(
      403,
      ocpiStatus.CLIENT_ERROR,
      'these credentials may only send tokens of their own country_code and party_id',
    );
  return {
    partnerId: partner.id,
    countryCode: p.country_code,
    partyId: p.party_id,
    uid: p.token_uid,
    type: type.data,
  };
}

/** Ids in a body must be the URL's (CiString: compared without case). */
function sameIds(
  key: TokenKey,
  t: Partial<{ country_code: string; party_id: string; uid: string; type: string }>,
) {
  const differs = (a: string | undefined, b: string) =>
    a !== undefined && a.toUpperCase() !== b.toUpperCase();
  if (
    differs(t.country_code, key.countryCode) ||
    differs(t.party_id, key.partyId) ||
    differs(t.uid, key.uid) ||
    differs(t.type, key.type)
  )
    throw invalidParameters('country_code, party_id, uid and type must be those of the URL');
}

/**
 * The Tokens module, CPO side, Receiver interface (mod_tokens.asciidoc): eMSP partners push
 * their drivers' tokens (PUT, PATCH) and may read back what we hold (GET). OCPP Authorize at
 * our chargers reads them (token-authorizer.ts).
 */
export const tokensModule: OcpiModuleEntry = {
  identifier: 'tokens',
  role: 'RECEIVER',
  path: 'tokens',
  register(scope: FastifyInstance, ctx: OcpiModuleContext) {
    scope.get(path, route, async (request) => {
      const partner = await requirePartner(request, 'EMSP');
      const t = await getToken(ctx.db, tokenKey(request, partner));
      if (!t) throw unknownToken();
      return ocpiOk(t);
    });

    scope.put(path, route, async (request) => {
      const partner = await requirePartner(request, 'EMSP');
      const key = tokenKey(request, partner);
      const body = tokenSchema.safeParse(request.body);
      if (!body.success) throw invalidParameters(`not a valid Token: ${problems(body.error)}`);
      sameIds(key, body.data);
      if (!(await putToken(ctx.db, key, body.data)))
        throw new OcpiError(
          403,
          ocpiStatus.CLIENT_ERROR,
          'this token is held for another partner of the same party',
        );
      return ocpiDone();
    });

    scope.patch(path, route, async (request) => {
      const partner = await requirePartner(request, 'EMSP');
      const key = tokenKey(request, partner);
      const body = patchSchema.safeParse(request.body);
      if (!body.success)
        throw invalidParameters(`not a valid Token patch: ${problems(body.error)}`);
      sameIds(key, body.data);
      if (!(await patchToken(ctx.db, key, body.data))) throw unknownToken();
      return ocpiDone();
    });
  },
};
