import { and, asc, eq, or } from 'drizzle-orm';
import type { OcpiCredentialsRole } from '@voltpark/contract/ocpi/credentials';
import type { OcpiEndpoint } from '@voltpark/contract/ocpi/versions';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  roamingPartners,
  type IssuedTokenKind,
  type RoamingPartnerRole,
  type RoamingPartnerStatus,
} from '../../db/schema/index.js';
import { RoamingError } from './errors.js';
import { hashToken, newCredentialsToken } from './tokens.js';

export type PartnerRow = typeof roamingPartners.$inferSelect;

/** What an operator may see of a partner: never a token. */
export interface PartnerView {
  id: number;
  countryCode: string;
  partyId: string;
  role: RoamingPartnerRole;
  name: string;
  status: RoamingPartnerStatus;
  versionsUrl: string | null;
  version: string | null;
  modules: string[];
  registeredAt: Date | null;
}

export function partnerView(p: PartnerRow): PartnerView {
  const endpoints = (p.endpoints as OcpiEndpoint[] | null) ?? [];
  return {
    id: p.id,
    countryCode: p.countryCode,
    partyId: p.partyId,
    role: p.role,
    name: p.name,
    status: p.status,
    versionsUrl: p.versionsUrl,
    version: p.version,
    modules: [...new Set(endpoints.map((e) => `${e.identifier}:${e.role}`))].sort(),
    registeredAt: p.registeredAt,
  };
}

export function partnerEndpoints(p: PartnerRow): OcpiEndpoint[] {
  return (p.endpoints as OcpiEndpoint[] | null) ?? [];
}

export function partnerRoles(p: PartnerRow): OcpiCredentialsRole[] {
  return (p.roles as OcpiCredentialsRole[] | null) ?? [];
}

export const partyKey = (countryCode: string, partyId: string) =>
  `${countryCode.toUpperCase()}/${partyId.toUpperCase()}`;

export function validParty(
  countryCode: string,
  partyId: string,
): { countryCode: string; partyId: string } {
  if (!/^[A-Za-z]{2}$/.test(countryCode))
    throw new RoamingError('the country code must be two letters (ISO 3166 alpha-2)');
  if (!/^[A-Za-z0-9]{3}$/.test(partyId))
    throw new RoamingError('the party id must be three letters or digits');
  return { countryCode: countryCode.toUpperCase(), partyId: partyId.toUpperCase() };
}

export async function findPartner(db: DbOrTx, countryCode: string, partyId: string) {
  const [row] = await db
    .select()
    .from(roamingPartners)
    .where(
      and(
        eq(roamingPartners.countryCode, countryCode.toUpperCase()),
        eq(roamingPartners.partyId, partyId.toUpperCase()),
      ),
    );
  return row ?? null;
}

export interface TokenMatch {
  partner: PartnerRow;
  /** HANDSHAKE: the token we are giving the partner right now (our POST or PUT to it). */
  kind: IssuedTokenKind | 'HANDSHAKE';
  token: string;
}

/** The partner a credentials token belongs to, and which token it is. */
export async function partnerByToken(db: Db, candidates: string[]): Promise<TokenMatch | null> {
  for (const token of candidates) {
    const h = hashToken(token);
    const rows = await db
      .select()
      .from(roamingPartners)
      .where(or(eq(roamingPartners.issuedTokenHash, h), eq(roamingPartners.handshakeTokenHash, h)));
    const partner = rows[0];
    if (!partner) continue;
    if (partner.issuedTokenHash === h && partner.issuedTokenKind)
      return { partner, kind: partner.issuedTokenKind, token };
    return { partner, kind: 'HANDSHAKE', token };
  }
  return null;
}

export async function listPartners(db: Db): Promise<PartnerView[]> {
  const rows = await db
    .select()
    .from(roamingPartners)
    .orderBy(asc(roamingPartners.countryCode), asc(roamingPartners.partyId));
  return rows.map(partnerView);
}

/**
 * A partner that will register with us: its Token A, returned once (only its hash is kept). A
 * PENDING partner gets a new Token A (the old one stops working); an unregistered one starts
 * over; a registered one is refused (remove it first).
 */
export async function addPartner(
  db: Db,
  input: { countryCode: string; partyId: string; role: RoamingPartnerRole; name: string },
): Promise<{ partner: PartnerView; tokenA: string; renewed: boolean }> {
  const { countryCode, partyId } = validParty(input.countryCode, input.partyId);
  const name = input.name.trim();
  if (!name) throw new RoamingError('the name must not be empty');
  const tokenA = newCredentialsToken();
  const fresh = {
    role: input.role,
    name,
    status: 'PENDING' as const,
    issuedTokenHash: hashToken(tokenA),
    issuedTokenKind: 'A' as const,
    handshakeTokenHash: null,
    theirToken: null,
    versionsUrl: null,
    version: null,
    endpoints: null,
    roles: null,
    registeredAt: null,
    updatedAt: new Date(),
  };
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(roamingPartners)
      .values({ countryCode, partyId, ...fresh })
      .onConflictDoNothing()
      .returning();
    if (inserted[0]) return { partner: partnerView(inserted[0]), tokenA, renewed: false };
    const [existing] = await tx
      .select()
      .from(roamingPartners)
      .where(
        and(eq(roamingPartners.countryCode, countryCode), eq(roamingPartners.partyId, partyId)),
      )
      .for('update');
    if (!existing)
      throw new RoamingError(`partner ${countryCode}/${partyId} changed meanwhile; try again`);
    if (existing.status === 'REGISTERED' || existing.handshakeTokenHash)
      throw new RoamingError(
        `partner ${countryCode}/${partyId} is registered; remove it first to start over`,
      );
    const [row] = await tx
      .update(roamingPartners)
      .set(fresh)
      .where(eq(roamingPartners.id, existing.id))
      .returning();
    return { partner: partnerView(row!), tokenA, renewed: true };
  });
}
