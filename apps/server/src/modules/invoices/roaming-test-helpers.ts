import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { roamingEmspCdrs, roamingPartners, roamingReceipts } from '../../db/schema/index.js';

const PARTNER = { countryCode: 'HU', partyId: 'VPT', name: 'VoltPartner Kft.' };

async function partnerId(db: Db): Promise<number> {
  await db
    .insert(roamingPartners)
    .values({ ...PARTNER, role: 'CPO', status: 'REGISTERED' })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: roamingPartners.id })
    .from(roamingPartners)
    .where(eq(roamingPartners.partyId, PARTNER.partyId));
  return row!.id;
}

/**
 * A billed CDR of our driver at VoltPartner's Debrecen site and its receipt (decision 0043), as
 * `billRoamingCdr` writes them: `gross` Ft billed on a CDR of `cost` Ft, paid from the wallet at
 * `paidAt` (null: an open rest), the charge ended `endedAt` (default: an hour before payment).
 */
export async function paidRoaming(
  db: Db,
  userId: number,
  gross: number,
  paidAt: Date | null,
  options: { cost?: number; endedAt?: Date; issuedAt?: Date } = {},
) {
  const issuedAt = options.issuedAt ?? paidAt ?? new Date();
  const endedAt = options.endedAt ?? new Date(issuedAt.getTime() - 3_600_000);
  const startedAt = new Date(endedAt.getTime() - 5_400_000);
  const cost = options.cost ?? Math.round(gross / 1.1);
  const id = randomBytes(8).toString('hex').toUpperCase();
  const object = {
    country_code: PARTNER.countryCode,
    party_id: PARTNER.partyId,
    id,
    start_date_time: startedAt.toISOString(),
    end_date_time: endedAt.toISOString(),
    cdr_location: {
      id: 'VPT-DEB-FORUM',
      name: 'Debrecen, Fórum parkolóház',
      address: 'Csapó utca 30.',
      city: 'Debrecen',
      postal_code: '4029',
      country: 'HUN',
      evse_uid: 'HU*VPT*E0101',
      evse_id: 'HU*VPT*E0101',
      connector_id: '1',
    },
    currency: 'HUF',
    total_cost: { excl_vat: Math.round(cost / 1.27), incl_vat: cost },
    total_energy: 12.345,
  };
  const [cdr] = await db
    .insert(roamingEmspCdrs)
    .values({
      partnerId: await partnerId(db),
      countryCode: PARTNER.countryCode,
      partyId: PARTNER.partyId,
      cdrId: id,
      cdrKey: id,
      tokenUid: `TOKEN-${userId}`,
      userId,
      currency: 'HUF',
      totalCostExclVat: Math.round(cost / 1.27),
      totalCostInclVat: cost,
      object,
      lastUpdated: endedAt,
      billing: 'BILLED',
      billedAmount: gross,
      paidAmount: paidAt ? gross : 0,
      earnedPoints: 0,
      billedAt: issuedAt,
    })
    .returning();
  const [receipt] = await db
    .insert(roamingReceipts)
    .values({
      userId,
      cdrId: cdr!.id,
      partnerName: PARTNER.name,
      siteName: object.cdr_location.name,
      energyWh: 12_345,
      startedAt,
      endedAt,
      grossPrice: gross,
      paidAmount: paidAt ? gross : 0,
      earnedPoints: 0,
      paidAt,
      issuedAt,
    })
    .returning();
  return receipt!;
}
