import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { roamingPartners } from '../../../db/schema/index.js';
import { partnerRoles, type PartnerRow } from '../partners.js';

/** Whether a CPO partner speaks for this party: its own, or a CPO role of its credentials. */
export function isPartnerCpoParty(partner: PartnerRow, countryCode: string, partyId: string) {
  const parties = [
    { country_code: partner.countryCode, party_id: partner.partyId },
    ...partnerRoles(partner).filter((r) => r.role === 'CPO'),
  ];
  return parties.some(
    (p) =>
      p.country_code.toUpperCase() === countryCode.toUpperCase() &&
      p.party_id.toUpperCase() === partyId.toUpperCase(),
  );
}

/**
 * Inside a transaction that writes a partner's data: locks its row (shared) and says whether it
 * is still a registered CPO. A removal updates that row, so it waits for the write or the write
 * sees the removal: data never comes back after its partner was removed.
 */
export async function lockRegisteredCpo(tx: DbOrTx, partnerId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: roamingPartners.id })
    .from(roamingPartners)
    .where(
      and(
        eq(roamingPartners.id, partnerId),
        eq(roamingPartners.status, 'REGISTERED'),
        eq(roamingPartners.role, 'CPO'),
      ),
    )
    .for('share');
  return rows.length > 0;
}
