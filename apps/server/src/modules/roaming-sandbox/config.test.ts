import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createTestApp } from '../../test/app.js';
import { productionEnv } from '../../test/production-env.js';

describe('the roaming partner emulator switch (ROAMING_SANDBOX_PARTNER)', () => {
  it('is on in the sandbox by default, off when set to 0', () => {
    expect(loadConfig({}).roaming.sandboxPartner).toBe(true);
    expect(loadConfig({ ROAMING_SANDBOX_PARTNER: '0' }).roaming.sandboxPartner).toBe(false);
  });

  it('is never on in production, and production refuses it when asked for', () => {
    expect(loadConfig({ ...productionEnv }).roaming.sandboxPartner).toBe(false);
    expect(() => loadConfig({ ...productionEnv, ROAMING_SANDBOX_PARTNER: '1' })).toThrow(
      /ROAMING_SANDBOX_PARTNER/,
    );
  });

  it('is not mounted in production', async () => {
    const prod = await createTestApp({
      env: { ...productionEnv, DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused' },
    });
    try {
      const res = await prod.app.inject({ url: '/sandbox/ocpi-partner/versions' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('status_code');
      expect(prod.app.roamingSandbox).toBeUndefined();
    } finally {
      await prod.close();
    }
  });
});

describe('the emulator’s meter interval (ROAMING_SANDBOX_METER_SEC)', () => {
  it('is 15 s unless set, and refused in production', () => {
    expect(loadConfig({}).roaming.sandboxMeterSec).toBe(15);
    expect(loadConfig({ ROAMING_SANDBOX_METER_SEC: '2' }).roaming.sandboxMeterSec).toBe(2);
    expect(() => loadConfig({ ...productionEnv, ROAMING_SANDBOX_METER_SEC: '2' })).toThrow(
      /ROAMING_SANDBOX_METER_SEC/,
    );
  });
});
