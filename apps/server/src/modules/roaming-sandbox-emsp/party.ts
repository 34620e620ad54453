import type { OcpiCredentialsRole } from '@voltpark/contract/ocpi/credentials';
import type { Token } from '@voltpark/contract/ocpi/tokens';

/** Who the emulated eMSP is: VoltDrive Kft., a mobility provider whose drivers charge with us. */
export const VOLTDRIVE = {
  countryCode: 'HU',
  partyId: 'VDR',
  name: 'VoltDrive Kft.',
  website: 'https://voltdrive.example.hu',
} as const;

/** Where the emulator is mounted: its versions list is `${SANDBOX_OCPI_EMSP_PATH}/versions`. */
export const SANDBOX_OCPI_EMSP_PATH = '/sandbox/ocpi-emsp';

/** The roles of the emulator's credentials: one eMSP. */
export function voltDriveRoles(): OcpiCredentialsRole[] {
  return [
    {
      role: 'EMSP',
      business_details: { name: VOLTDRIVE.name, website: VOLTDRIVE.website },
      party_id: VOLTDRIVE.partyId,
      country_code: VOLTDRIVE.countryCode,
    },
  ];
}

/** When the drivers' cards were last changed (fixed: the tokens never change). */
const TOKENS_UPDATED = '2026-01-01T00:00:00Z';

const driver = (uid: string, contract: string, visual: string): Token => ({
  country_code: VOLTDRIVE.countryCode,
  party_id: VOLTDRIVE.partyId,
  uid,
  type: 'RFID',
  contract_id: contract,
  visual_number: visual,
  issuer: VOLTDRIVE.name,
  valid: true,
  whitelist: 'ALWAYS',
  language: 'hu',
  last_updated: TOKENS_UPDATED,
});

/** VoltDrive's drivers' RFID cards (whitelist ALWAYS: our chargers need not ask it). */
export const VOLTDRIVE_TOKENS: readonly Token[] = [
  driver('VDR0000000001', 'HU-VDR-C00000001-K', 'VDR 0001 Kovács Anna'),
  driver('VDR0000000002', 'HU-VDR-C00000002-L', 'VDR 0002 Nagy Bence'),
  driver('VDR0000000003', 'HU-VDR-C00000003-M', 'VDR 0003 Szabó Csilla'),
];
