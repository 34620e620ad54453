import type { OcpiCredentialsRole } from '@voltpark/contract/ocpi/credentials';

/** Who the emulated CPO is: VoltPartner Kft., a charging network outside Budapest. */
export const VOLTPARTNER = {
  countryCode: 'HU',
  partyId: 'VPT',
  name: 'VoltPartner Kft.',
  website: 'https://voltpartner.example.hu',
} as const;

/** Where the emulator is mounted: its versions list is `${SANDBOX_OCPI_PARTNER_PATH}/versions`. */
export const SANDBOX_OCPI_PARTNER_PATH = '/sandbox/ocpi-partner';

/** The roles of the emulator's credentials: one CPO. */
export function voltPartnerRoles(): OcpiCredentialsRole[] {
  return [
    {
      role: 'CPO',
      business_details: { name: VOLTPARTNER.name, website: VOLTPARTNER.website },
      party_id: VOLTPARTNER.partyId,
      country_code: VOLTPARTNER.countryCode,
    },
  ];
}
