import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ocpiCredentialsSchema, type OcpiCredentials } from '@voltpark/contract/ocpi/credentials';
import { roamingPartners } from '../../db/schema/index.js';
import { authenticate, ocpiContext } from './auth.js';
import type { OcpiModuleContext } from './context.js';
import { ocpiDone, ocpiOk } from './envelope.js';
import { invalidParameters, methodNotAllowed, OcpiError } from './errors.js';
import {
  fetchPartnerVersion,
  ourCredentials,
  PartnerApiError,
  rolesInclude,
  type PartnerVersion,
} from './handshake.js';
import type { PartnerRow } from './partners.js';
import type { OcpiModuleEntry } from './registry.js';
import { hashToken, newCredentialsToken } from './tokens.js';
import { forgetPartnerData } from './emsp/forget-partner.js';
import { schedulePull } from './emsp/pull-schedule.js';

const route = { config: { ocpiModule: 'credentials' } };
/** After a CPO partner's POST: the time it has to store our answer before we pull it. */
const FIRST_PULL_DELAY_SECONDS = 5;

/** The credentials module (credentials.asciidoc): the partner's side of the handshake. */
export const credentialsModule: OcpiModuleEntry = {
  identifier: 'credentials',
  role: 'SENDER',
  path: 'credentials',
  register(scope: FastifyInstance, ctx: OcpiModuleContext) {
    scope.get('/credentials', route, async (request) => {
      const m = await authenticate(request, ['A', 'B', 'C']);
      return ocpiOk(ourCredentials(ctx.config, m.token));
    });

    scope.post('/credentials', route, async (request) => {
      const { partner, token } = await authenticate(request, ['A', 'B', 'C']);
      if (partner.status === 'REGISTERED')
        throw methodNotAllowed(
          'already registered: PUT updates the credentials, DELETE unregisters',
        );
      const creds = credentialsOf(request, partner);
      const version = await partnerVersion(ctx, request, partner, creds);
      const issued = newCredentialsToken();
      ocpiContext(request).secrets.push(issued);
      const now = new Date();
      const done = await ctx.db
        .update(roamingPartners)
        .set({
          ...fromCredentials(creds, version),
          status: 'REGISTERED',
          issuedTokenHash: hashToken(issued),
          issuedTokenKind: 'C',
          handshakeTokenHash: null,
          registeredAt: now,
          updatedAt: now,
        })
        .where(
          and(
            eq(roamingPartners.id, partner.id),
            eq(roamingPartners.status, 'PENDING'),
            eq(roamingPartners.issuedTokenHash, hashToken(token)),
          ),
        )
        .returning({ id: roamingPartners.id });
      if (done.length === 0) throw methodNotAllowed('the registration was completed meanwhile');
      // A CPO's Locations and Tariffs: the first pull is due once it has stored the token of
      // our answer (until then it refuses it), a few seconds from now.
      if (partner.role === 'CPO')
        await schedulePull(ctx.db, partner.id, FIRST_PULL_DELAY_SECONDS).catch((err: unknown) =>
          request.log.error({ err }, 'the first pull of the partner could not be scheduled'),
        );
      return ocpiOk(ourCredentials(ctx.config, issued));
    });

    scope.put('/credentials', route, async (request) => {
      const { partner, token } = await authenticate(request, ['A', 'B', 'C']);
      if (partner.status !== 'REGISTERED')
        throw methodNotAllowed('not registered yet: POST registers');
      const creds = credentialsOf(request, partner);
      const version = await partnerVersion(ctx, request, partner, creds);
      const issued = newCredentialsToken();
      ocpiContext(request).secrets.push(issued);
      const done = await ctx.db
        .update(roamingPartners)
        .set({
          ...fromCredentials(creds, version),
          issuedTokenHash: hashToken(issued),
          issuedTokenKind: 'C',
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(roamingPartners.id, partner.id),
            eq(roamingPartners.status, 'REGISTERED'),
            eq(roamingPartners.issuedTokenHash, hashToken(token)),
          ),
        )
        .returning({ id: roamingPartners.id });
      if (done.length === 0)
        throw new OcpiError(409, 2000, 'the credentials were changed meanwhile; try again');
      return ocpiOk(ourCredentials(ctx.config, issued));
    });

    scope.delete('/credentials', route, async (request) => {
      const { partner, token } = await authenticate(request, ['A', 'B', 'C']);
      if (partner.status !== 'REGISTERED') throw methodNotAllowed('not registered');
      await ctx.db.transaction(async (tx) => {
        const done = await tx
          .update(roamingPartners)
          .set(unregistered())
          .where(
            and(
              eq(roamingPartners.id, partner.id),
              eq(roamingPartners.issuedTokenHash, hashToken(token)),
            ),
          )
          .returning({ id: roamingPartners.id });
        // Its Locations and Tariffs go with it.
        if (done.length) await forgetPartnerData(tx, partner.id);
      });
      return ocpiDone('Unregistered');
    });
  },
};

/** A partner's row after an unregistration: no token opens anything, none is kept. */
export function unregistered() {
  return {
    status: 'UNREGISTERED' as const,
    issuedTokenHash: null,
    issuedTokenKind: null,
    handshakeTokenHash: null,
    theirToken: null,
    updatedAt: new Date(),
  };
}

export function fromCredentials(creds: OcpiCredentials, version: PartnerVersion) {
  return {
    theirToken: creds.token,
    versionsUrl: creds.url,
    version: version.version,
    endpoints: version.endpoints,
    roles: creds.roles,
  };
}

function credentialsOf(request: FastifyRequest, partner: PartnerRow): OcpiCredentials {
  const parsed = ocpiCredentialsSchema.safeParse(request.body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.length ? `${first.path.join('.')}: ` : '';
    throw invalidParameters(`Invalid credentials object: ${where}${first?.message ?? 'missing'}`);
  }
  ocpiContext(request).secrets.push(parsed.data.token);
  if (!rolesInclude(parsed.data.roles, partner.countryCode, partner.partyId))
    throw invalidParameters(
      `The roles do not include ${partner.countryCode}/${partner.partyId}, the party this token was issued to`,
    );
  return parsed.data;
}

async function partnerVersion(
  ctx: OcpiModuleContext,
  request: FastifyRequest,
  partner: PartnerRow,
  creds: OcpiCredentials,
): Promise<PartnerVersion> {
  try {
    return await fetchPartnerVersion(ctx.client, {
      versionsUrl: creds.url,
      token: creds.token,
      partnerId: partner.id,
      correlationId: ocpiContext(request).correlationId,
    });
  } catch (err) {
    if (err instanceof PartnerApiError) throw new OcpiError(200, err.statusCode, err.message);
    throw err;
  }
}
