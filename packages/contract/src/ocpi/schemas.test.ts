import { describe, expect, it } from 'vitest';
import { ocpiDateTime } from './datatypes.js';
import { evse, geoLocation } from './locations.js';
import { commandResponse, startSession } from './commands.js';
import { authorizationInfo } from './tokens.js';

// Our own objects, so that the schemas are checked without the specification's examples
// (spec-examples.test.ts runs those when OCPI_SPEC_EXAMPLES is set).

const token = {
  country_code: 'HU',
  party_id: 'VPK',
  uid: '04A1B2C3D4',
  type: 'RFID',
  contract_id: 'HU-VPK-C12345678-X',
  issuer: 'Voltpark',
  valid: true,
  whitelist: 'ALLOWED',
  last_updated: '2026-11-24T09:00:00Z',
};

describe('OCPI 2.2.1 schemas', () => {
  it('DateTime is UTC: a Z or nothing, fractions allowed, offsets not', () => {
    for (const ok of ['2026-11-24T09:00:00Z', '2026-11-24T09:00:00', '2026-11-24T09:00:00.123Z']) {
      expect(ocpiDateTime.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of ['2026-11-24T09:00:00+01:00', '2026-11-24', '24/11/2026 09:00']) {
      expect(ocpiDateTime.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('coordinates need 5 to 7 decimals', () => {
    expect(geoLocation.safeParse({ latitude: '47.42902', longitude: '19.03897' }).success).toBe(
      true,
    );
    expect(geoLocation.safeParse({ latitude: '47.4', longitude: '19.0' }).success).toBe(false);
  });

  it('an EVSE needs a connector and a status of the enum', () => {
    const connector = {
      id: '1',
      standard: 'IEC_62196_T2',
      format: 'SOCKET',
      power_type: 'AC_3_PHASE',
      max_voltage: 230,
      max_amperage: 32,
      last_updated: '2026-11-24T09:00:00Z',
    };
    const base = { uid: 'HU*VPK*E1', status: 'AVAILABLE', last_updated: '2026-11-24T09:00:00Z' };
    expect(evse.safeParse({ ...base, connectors: [connector] }).success).toBe(true);
    expect(evse.safeParse({ ...base, connectors: [] }).success).toBe(false);
    expect(evse.safeParse({ ...base, status: 'OCCUPIED', connectors: [connector] }).success).toBe(
      false,
    );
  });

  it('commands and authorization carry a full Token', () => {
    expect(
      startSession.safeParse({
        response_url: 'https://emsp.example/ocpi/commands/START_SESSION/1',
        token,
        location_id: '12',
        evse_uid: 'HU*VPK*E3',
      }).success,
    ).toBe(true);
    expect(
      startSession.safeParse({ response_url: 'https://x', token: { uid: 'x' }, location_id: '1' })
        .success,
    ).toBe(false);
    expect(commandResponse.safeParse({ result: 'ACCEPTED', timeout: 30 }).success).toBe(true);
    expect(commandResponse.safeParse({ result: 'OK', timeout: 30 }).success).toBe(false);
    expect(
      authorizationInfo.safeParse({ allowed: 'ALLOWED', token, location: { location_id: '1' } })
        .success,
    ).toBe(true);
  });
});
