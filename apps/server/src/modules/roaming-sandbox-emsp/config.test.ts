import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createTestApp } from '../../test/app.js';
import { productionEnv } from '../../test/production-env.js';

describe('the eMSP emulator switch (ROAMING_SANDBOX_EMSP)', () => {
  it('is on in the sandbox by default, off when set to 0', () => {
    expect(loadConfig({}).roaming.sandboxEmsp).toBe(true);
    expect(loadConfig({ ROAMING_SANDBOX_EMSP: '0' }).roaming.sandboxEmsp).toBe(false);
  });

  it('is never on in production, and production refuses it when asked for', () => {
    expect(loadConfig({ ...productionEnv }).roaming.sandboxEmsp).toBe(false);
    expect(() => loadConfig({ ...productionEnv, ROAMING_SANDBOX_EMSP: '1' })).toThrow(
      /ROAMING_SANDBOX_EMSP/,
    );
  });

  it('is not mounted in production', async () => {
    const prod = await createTestApp({
      env: { ...productionEnv, DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused' },
    });
    try {
      const res = await prod.app.inject({ url: '/sandbox/ocpi-emsp/versions' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('status_code');
      expect(prod.app.roamingSandboxEmsp).toBeUndefined();
    } finally {
      await prod.close();
    }
  });
});
