import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ocpiStatus } from '@voltpark/contract/ocpi/envelope';
import { ocpiCredentialsSchema, type OcpiCredentials } from '@voltpark/contract/ocpi/credentials';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { roamingPartners, type RoamingPartnerRole } from '../../db/schema/index.js';
import {
  ocpiCall,
  OcpiUnreachableError,
  type OcpiAnswer,
  type OcpiClientDeps,
  type OcpiRequest,
} from './client.js';
import { fromCredentials, unregistered } from './credentials-module.js';
import { RoamingError } from './errors.js';
import {
  fetchPartnerVersion,
  ourCredentials,
  rolesInclude,
  type PartnerVersion,
} from './handshake.js';
import {
  findPartner,
  partnerEndpoints,
  partnerView,
  validParty,
  type PartnerRow,
  type PartnerView,
} from './partners.js';
import { hashToken, newCredentialsToken } from './tokens.js';
import { forgetPartnerData } from './emsp/forget-partner.js';
import { schedulePull } from './emsp/pull-schedule.js';

export interface RoamingClientDeps {
  db: Db;
  config: Config;
  fetch?: typeof fetch;
}

const clientOf = (deps: RoamingClientDeps): OcpiClientDeps => ({
  db: deps.db,
  timeoutMs: deps.config.roaming.timeoutMs,
  fetch: deps.fetch,
  onLogError: (err) => console.error('an outgoing OCPI call could not be logged:', err),
});

/**
 * We register with a partner using the Token A it gave us: its versions and 2.2.1 details, then
 * our credentials POSTed with a new token for it, and the token it answers kept. Our token opens
 * our versions while the partner reads them during the POST; nothing stays stored on failure.
 */
export async function registerWithPartner(
  deps: RoamingClientDeps,
  input: {
    versionsUrl: string;
    tokenA: string;
    countryCode: string;
    partyId: string;
    role: RoamingPartnerRole;
    name: string;
  },
): Promise<PartnerView> {
  const { countryCode, partyId } = validParty(input.countryCode, input.partyId);
  const name = input.name.trim();
  if (!name) throw new RoamingError('the name must not be empty');
  if (!/^[\x21-\x7e]{1,64}$/.test(input.tokenA))
    throw new RoamingError('the token must be up to 64 printable ASCII characters');
  const before = await findPartner(deps.db, countryCode, partyId);
  if (before?.status === 'REGISTERED')
    throw new RoamingError(
      `partner ${countryCode}/${partyId} is registered already; remove it first`,
    );
  if (before?.handshakeTokenHash)
    throw new RoamingError(`a registration with ${countryCode}/${partyId} is under way`);

  const client = clientOf(deps);
  const correlationId = randomUUID();
  const version = await partnerVersionOrFail(client, {
    versionsUrl: input.versionsUrl,
    token: input.tokenA,
    partnerId: before?.id ?? null,
    correlationId,
  });

  const tokenB = newCredentialsToken();
  const handshake = await beginHandshake(deps.db, before, {
    countryCode,
    partyId,
    role: input.role,
    name,
    tokenHash: hashToken(tokenB),
  });
  try {
    const creds = await postCredentials(client, {
      partnerId: handshake.id,
      method: 'POST',
      url: version.credentialsUrl,
      token: input.tokenA,
      module: 'credentials',
      body: ourCredentials(deps.config, tokenB),
      correlationId,
      secrets: [tokenB],
    });
    if (!rolesInclude(creds.roles, countryCode, partyId)) {
      await bestEffortDelete(
        client,
        version.credentialsUrl,
        creds.token,
        handshake.id,
        correlationId,
      );
      throw new RoamingError(
        `the partner answered for ${creds.roles.map((r) => `${r.country_code}/${r.party_id}`).join(', ')}, not ${countryCode}/${partyId}; its registration was undone`,
      );
    }
    const [row] = await deps.db
      .update(roamingPartners)
      .set({
        ...fromCredentials(creds, version),
        versionsUrl: input.versionsUrl,
        role: input.role,
        name,
        status: 'REGISTERED',
        issuedTokenHash: hashToken(tokenB),
        issuedTokenKind: 'B',
        handshakeTokenHash: null,
        registeredAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(roamingPartners.id, handshake.id))
      .returning();
    // A CPO's Locations and Tariffs: the first pull is due now (else the pull loop finds it).
    if (row!.role === 'CPO')
      await schedulePull(deps.db, row!.id).catch((err: unknown) =>
        console.error('the first pull of the partner could not be scheduled:', err),
      );
    return partnerView(row!);
  } catch (err) {
    await undoHandshake(deps.db, before, handshake.id);
    throw err;
  }
}

/**
 * We update our credentials with a registered partner (PUT): a new token for it, its endpoints
 * read again and the new token it answers kept. The old tokens stop working.
 */
export async function updateWithPartner(
  deps: RoamingClientDeps,
  party: { countryCode: string; partyId: string },
): Promise<PartnerView> {
  const partner = await registeredPartner(deps.db, party);
  const client = clientOf(deps);
  const correlationId = randomUUID();
  const credentialsUrl = credentialsUrlOf(partner);
  const tokenB = newCredentialsToken();
  const marked = await deps.db
    .update(roamingPartners)
    .set({ handshakeTokenHash: hashToken(tokenB) })
    .where(and(eq(roamingPartners.id, partner.id), eq(roamingPartners.status, 'REGISTERED')))
    .returning({ id: roamingPartners.id });
  if (marked.length === 0) throw new RoamingError('the partner changed meanwhile; try again');
  try {
    const creds = await postCredentials(client, {
      partnerId: partner.id,
      method: 'PUT',
      url: credentialsUrl,
      token: partner.theirToken!,
      module: 'credentials',
      body: ourCredentials(deps.config, tokenB),
      correlationId,
      secrets: [tokenB],
    });
    const version = await partnerVersionOrFail(client, {
      versionsUrl: creds.url,
      token: creds.token,
      partnerId: partner.id,
      correlationId,
    });
    const [row] = await deps.db
      .update(roamingPartners)
      .set({
        ...fromCredentials(creds, version),
        issuedTokenHash: hashToken(tokenB),
        issuedTokenKind: 'B',
        handshakeTokenHash: null,
        updatedAt: new Date(),
      })
      .where(eq(roamingPartners.id, partner.id))
      .returning();
    return partnerView(row!);
  } catch (err) {
    await deps.db
      .update(roamingPartners)
      .set({ handshakeTokenHash: null })
      .where(eq(roamingPartners.id, partner.id));
    throw err;
  }
}

/**
 * Removes a partner: a registered one is told first (DELETE on its credentials); with `force`
 * it is removed here even when it cannot be told. Its row stays, UNREGISTERED, for the call log.
 */
export async function removePartner(
  deps: RoamingClientDeps,
  party: { countryCode: string; partyId: string },
  options: { force?: boolean } = {},
): Promise<{ partner: PartnerView; told: boolean; warning?: string }> {
  const { countryCode, partyId } = validParty(party.countryCode, party.partyId);
  const partner = await findPartner(deps.db, countryCode, partyId);
  if (!partner) throw new RoamingError(`no partner ${countryCode}/${partyId}`);
  let told = false;
  let warning: string | undefined;
  if (partner.status === 'REGISTERED' && partner.theirToken) {
    try {
      const a = await ocpiCall(clientOf(deps), {
        partnerId: partner.id,
        method: 'DELETE',
        url: credentialsUrlOf(partner),
        token: partner.theirToken,
        module: 'credentials',
      });
      // 405: it had forgotten us already.
      if (
        a.httpStatus === 405 ||
        (a.httpStatus === 200 && a.envelope.status_code === ocpiStatus.SUCCESS)
      )
        told = true;
      else throw new RoamingError(`the partner refused the unregistration: ${describe(a)}`);
    } catch (err) {
      if (!(err instanceof RoamingError) || !options.force) throw err;
      warning = err.message;
    }
  }
  const row = await deps.db.transaction(async (tx) => {
    const [r] = await tx
      .update(roamingPartners)
      .set(unregistered())
      .where(eq(roamingPartners.id, partner.id))
      .returning();
    await forgetPartnerData(tx, partner.id);
    return r;
  });
  return { partner: partnerView(row!), told, warning };
}

async function registeredPartner(db: Db, party: { countryCode: string; partyId: string }) {
  const { countryCode, partyId } = validParty(party.countryCode, party.partyId);
  const partner = await findPartner(db, countryCode, partyId);
  if (!partner) throw new RoamingError(`no partner ${countryCode}/${partyId}`);
  if (partner.status !== 'REGISTERED' || !partner.theirToken)
    throw new RoamingError(`partner ${countryCode}/${partyId} is not registered`);
  return partner;
}

function credentialsUrlOf(partner: PartnerRow): string {
  const e = partnerEndpoints(partner).find((x) => x.identifier === 'credentials');
  if (!e)
    throw new RoamingError(
      `partner ${partner.countryCode}/${partner.partyId} has no credentials endpoint`,
    );
  return e.url;
}

async function partnerVersionOrFail(
  client: OcpiClientDeps,
  input: Parameters<typeof fetchPartnerVersion>[1],
): Promise<PartnerVersion> {
  // PartnerApiError is a RoamingError: its message is what the operator reads.
  return fetchPartnerVersion(client, input);
}

async function postCredentials(client: OcpiClientDeps, req: OcpiRequest): Promise<OcpiCredentials> {
  let a: OcpiAnswer;
  try {
    a = await ocpiCall(client, req);
  } catch (err) {
    if (err instanceof OcpiUnreachableError)
      throw new RoamingError(`the partner's credentials: ${err.message}`);
    throw err;
  }
  if (a.httpStatus !== 200 || a.envelope.status_code !== ocpiStatus.SUCCESS)
    throw new RoamingError(`the partner refused our credentials: ${describe(a)}`);
  const creds = ocpiCredentialsSchema.safeParse(a.envelope.data);
  if (!creds.success)
    throw new RoamingError('the partner answered with no valid credentials object');
  return creds.data;
}

function describe(a: OcpiAnswer): string {
  const m = a.envelope.status_message;
  return `HTTP ${a.httpStatus}, OCPI ${a.envelope.status_code}${m ? ` (${m})` : ''}`;
}

async function bestEffortDelete(
  client: OcpiClientDeps,
  url: string,
  token: string,
  partnerId: number,
  correlationId: string,
) {
  await ocpiCall(client, {
    partnerId,
    method: 'DELETE',
    url,
    token,
    module: 'credentials',
    correlationId,
  }).catch(() => {});
}

/** The row that carries the handshake token while the partner reads our versions. */
async function beginHandshake(
  db: Db,
  before: PartnerRow | null,
  input: {
    countryCode: string;
    partyId: string;
    role: RoamingPartnerRole;
    name: string;
    tokenHash: string;
  },
): Promise<{ id: number }> {
  if (before) {
    const [row] = await db
      .update(roamingPartners)
      .set({ handshakeTokenHash: input.tokenHash })
      .where(and(eq(roamingPartners.id, before.id), eq(roamingPartners.status, before.status)))
      .returning({ id: roamingPartners.id });
    if (!row) throw new RoamingError('the partner changed meanwhile; try again');
    return row;
  }
  const [row] = await db
    .insert(roamingPartners)
    .values({
      countryCode: input.countryCode,
      partyId: input.partyId,
      role: input.role,
      name: input.name,
      status: 'UNREGISTERED',
      handshakeTokenHash: input.tokenHash,
    })
    .onConflictDoNothing()
    .returning({ id: roamingPartners.id });
  if (!row) throw new RoamingError('the partner was added meanwhile; try again');
  return row;
}

async function undoHandshake(db: Db, before: PartnerRow | null, id: number) {
  if (before) {
    await db
      .update(roamingPartners)
      .set({ handshakeTokenHash: null })
      .where(eq(roamingPartners.id, id));
  } else {
    await db.delete(roamingPartners).where(eq(roamingPartners.id, id));
  }
}
