import { eq } from 'drizzle-orm';
import type { OcpiEndpoint } from '@voltpark/contract/ocpi/versions';
import type { Db } from '../../db/client.js';
import { sandboxOcpiPeers } from '../../db/schema/index.js';
import { VOLTPARTNER } from './party.js';
import type { PeerRow } from './peers.js';

/** A registered peer's endpoint of a module in a role, as its version details announced it. */
export function peerEndpoint(
  peer: PeerRow,
  identifier: string,
  role: 'SENDER' | 'RECEIVER',
): string | null {
  const e = ((peer.endpoints as OcpiEndpoint[] | null) ?? []).find(
    (x) => x.identifier === identifier && x.role === role,
  );
  return e ? e.url.replace(/\/+$/, '') : null;
}

/** The peer (by id) the emulator can call now: registered, with the token it was given. */
export async function callablePeer(
  db: Db,
  peerId: number,
): Promise<(PeerRow & { theirToken: string }) | null> {
  const [peer] = await db.select().from(sandboxOcpiPeers).where(eq(sandboxOcpiPeers.id, peerId));
  if (!peer || peer.status !== 'REGISTERED' || !peer.theirToken) return null;
  return { ...peer, theirToken: peer.theirToken };
}

/** OCPI routing headers of a call from the emulated CPO to a peer. */
export function routingTo(peer: PeerRow): { from: [string, string]; to: [string, string] } {
  return {
    from: [VOLTPARTNER.countryCode, VOLTPARTNER.partyId],
    to: [peer.countryCode ?? '', peer.partyId ?? ''],
  };
}
