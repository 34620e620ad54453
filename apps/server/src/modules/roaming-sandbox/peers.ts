import { eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sandboxOcpiPeers } from '../../db/schema/index.js';
import { hashToken, newCredentialsToken } from '../roaming/tokens.js';

export type PeerRow = typeof sandboxOcpiPeers.$inferSelect;

export interface PeerMatch {
  peer: PeerRow;
  /** HANDSHAKE: the token the emulator is giving the peer in its own POST or PUT right now. */
  kind: 'A' | 'B' | 'C' | 'HANDSHAKE';
  token: string;
}

/** The peer a credentials token (one of the header's readings) belongs to, and which it is. */
export async function peerByToken(db: Db, candidates: string[]): Promise<PeerMatch | null> {
  for (const token of candidates) {
    const h = hashToken(token);
    const [peer] = await db
      .select()
      .from(sandboxOcpiPeers)
      .where(
        or(eq(sandboxOcpiPeers.issuedTokenHash, h), eq(sandboxOcpiPeers.handshakeTokenHash, h)),
      );
    if (!peer) continue;
    if (peer.issuedTokenHash === h && peer.issuedTokenKind)
      return { peer, kind: peer.issuedTokenKind, token };
    return { peer, kind: 'HANDSHAKE', token };
  }
  return null;
}

/**
 * What the emulated CPO's operator does to let a platform register with it: a new peer and its
 * Token A, returned once (only its hash is kept).
 */
export async function issueTokenA(db: Db): Promise<string> {
  const tokenA = newCredentialsToken();
  await db
    .insert(sandboxOcpiPeers)
    .values({ status: 'PENDING', issuedTokenHash: hashToken(tokenA), issuedTokenKind: 'A' });
  return tokenA;
}

/** A peer after an unregistration: no token opens anything, none is kept. */
export function unregisteredPeer() {
  return {
    status: 'UNREGISTERED' as const,
    issuedTokenHash: null,
    issuedTokenKind: null,
    handshakeTokenHash: null,
    theirToken: null,
    updatedAt: new Date(),
  };
}
