import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ocpiCredentialsSchema, type OcpiCredentials } from '@voltpark/contract/ocpi/credentials';
import { ocpiStatus } from '@voltpark/contract/ocpi/envelope';
import { sandboxOcpiPeers } from '../../db/schema/index.js';
import { ocpiDone, ocpiOk } from '../roaming/envelope.js';
import { invalidParameters, methodNotAllowed, OcpiError } from '../roaming/errors.js';
import { hashToken, newCredentialsToken } from '../roaming/tokens.js';
import { authenticatePeer } from './auth.js';
import { PeerCallError } from './client.js';
import type { EmulatorContext } from './context.js';
import { voltPartnerRoles } from './party.js';
import { unregisteredPeer } from './peers.js';
import { readPlatformEndpoints } from './platform-version.js';

/**
 * The emulated CPO's credentials module: a platform given its Token A registers (POST), updates
 * (PUT) and unregisters (DELETE); GET shows the credentials the caller uses with it.
 */
export function registerCredentialsRoutes(scope: FastifyInstance, ctx: EmulatorContext): void {
  const credentialsFor = (token: string): OcpiCredentials => ({
    token,
    url: `${ctx.baseUrl()}/versions`,
    roles: voltPartnerRoles(),
  });

  scope.get('/credentials', async (request) => {
    const m = await authenticatePeer(ctx.db, request, ['A', 'B', 'C']);
    return ocpiOk(credentialsFor(m.token));
  });

  scope.post('/credentials', async (request) => {
    const { peer, token } = await authenticatePeer(ctx.db, request, ['A', 'B', 'C']);
    if (peer.status === 'REGISTERED')
      throw methodNotAllowed('already registered: PUT updates the credentials, DELETE unregisters');
    const creds = credentialsOf(request);
    const version = await platformVersion(ctx, request, creds);
    const issued = newCredentialsToken();
    const done = await ctx.db
      .update(sandboxOcpiPeers)
      .set({
        ...fromCredentials(creds, version),
        status: 'REGISTERED',
        issuedTokenHash: hashToken(issued),
        issuedTokenKind: 'C',
        handshakeTokenHash: null,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(sandboxOcpiPeers.id, peer.id),
          eq(sandboxOcpiPeers.status, 'PENDING'),
          eq(sandboxOcpiPeers.issuedTokenHash, hashToken(token)),
        ),
      )
      .returning({ id: sandboxOcpiPeers.id });
    if (done.length === 0) throw methodNotAllowed('the registration was completed meanwhile');
    return ocpiOk(credentialsFor(issued));
  });

  scope.put('/credentials', async (request) => {
    const { peer, token } = await authenticatePeer(ctx.db, request, ['B', 'C']);
    if (peer.status !== 'REGISTERED') throw methodNotAllowed('not registered yet: POST registers');
    const creds = credentialsOf(request);
    const version = await platformVersion(ctx, request, creds);
    const issued = newCredentialsToken();
    const done = await ctx.db
      .update(sandboxOcpiPeers)
      .set({
        ...fromCredentials(creds, version),
        issuedTokenHash: hashToken(issued),
        issuedTokenKind: 'C',
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(sandboxOcpiPeers.id, peer.id),
          eq(sandboxOcpiPeers.status, 'REGISTERED'),
          eq(sandboxOcpiPeers.issuedTokenHash, hashToken(token)),
        ),
      )
      .returning({ id: sandboxOcpiPeers.id });
    if (done.length === 0)
      throw new OcpiError(409, ocpiStatus.CLIENT_ERROR, 'the credentials were changed meanwhile');
    return ocpiOk(credentialsFor(issued));
  });

  scope.delete('/credentials', async (request) => {
    const { peer, token } = await authenticatePeer(ctx.db, request, ['B', 'C']);
    if (peer.status !== 'REGISTERED') throw methodNotAllowed('not registered');
    await ctx.db
      .update(sandboxOcpiPeers)
      .set(unregisteredPeer())
      .where(
        and(
          eq(sandboxOcpiPeers.id, peer.id),
          eq(sandboxOcpiPeers.issuedTokenHash, hashToken(token)),
        ),
      );
    return ocpiDone('Unregistered');
  });
}

function credentialsOf(request: FastifyRequest): OcpiCredentials {
  const parsed = ocpiCredentialsSchema.safeParse(request.body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.length ? `${first.path.join('.')}: ` : '';
    throw invalidParameters(`Invalid credentials object: ${where}${first?.message ?? 'missing'}`);
  }
  return parsed.data;
}

function fromCredentials(
  creds: OcpiCredentials,
  version: Awaited<ReturnType<typeof readPlatformEndpoints>>,
) {
  const first = creds.roles[0]!;
  return {
    countryCode: first.country_code.toUpperCase(),
    partyId: first.party_id.toUpperCase(),
    theirToken: creds.token,
    versionsUrl: creds.url,
    endpoints: version.endpoints,
    roles: creds.roles,
  };
}

async function platformVersion(
  ctx: EmulatorContext,
  request: FastifyRequest,
  creds: OcpiCredentials,
) {
  const correlation = request.headers['x-correlation-id'];
  try {
    return await readPlatformEndpoints(creds.url, creds.token, {
      timeoutMs: ctx.config.roaming.timeoutMs,
      correlationId: typeof correlation === 'string' ? correlation : request.id,
    });
  } catch (err) {
    if (err instanceof PeerCallError)
      throw new OcpiError(200, ocpiStatus.UNABLE_TO_USE_CLIENT_API, err.message);
    throw err;
  }
}
