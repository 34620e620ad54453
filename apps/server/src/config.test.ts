import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { productionEnv } from './test/production-env.js';

describe('configuration', () => {
  it('runs on embedded defaults in sandbox mode', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      mode: 'sandbox',
      databaseUrl: undefined,
      seedDemoData: true,
      smtpUrl: undefined,
    });
    expect(c.social).toEqual({ google: null, apple: null, facebook: null });
  });

  it('refuses production with a sandbox part, naming what is missing', () => {
    expect(() => loadConfig({ VOLTPARK_MODE: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ VOLTPARK_MODE: 'production' })).toThrow(
      /DATABASE_URL.*PUBLIC_URL.*SMTP_URL/s,
    );
    const ok = loadConfig(productionEnv);
    expect(ok.seedDemoData).toBe(false);
  });

  it('rejects a port that is not a port', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('allows a fixed captcha answer only in sandbox mode', () => {
    expect(loadConfig({ CAPTCHA_TEST_ANSWER: 'VOLT5' }).captchaTestAnswer).toBe('VOLT5');
    expect(() =>
      loadConfig({
        VOLTPARK_MODE: 'production',
        CAPTCHA_TEST_ANSWER: 'VOLT5',
        DATABASE_URL: 'postgres://u@db/v',
        PUBLIC_URL: 'https://app.voltpark.hu',
      }),
    ).toThrow(/sandbox browser tests only/);
  });

  it('simulates gates on the embedded broker in sandbox mode only, and never in production', () => {
    expect(loadConfig({}).gates).toEqual({
      mqttPort: 1883,
      mqttPortFallback: true,
      mqttUrl: undefined,
      simulateGates: true,
    });
    expect(loadConfig({ GATES_MQTT_PORT: '1883' }).gates.mqttPortFallback).toBe(false);
    expect(loadConfig({ SIMULATE_GATES: '0' }).gates.simulateGates).toBe(false);
    expect(loadConfig({ SEED_DEMO_DATA: 'never' }).gates.simulateGates).toBe(false);
    expect(
      loadConfig({ GATES_MQTT_URL: 'mqtt://broker.example:1883', GATES_MQTT_PORT: '0' }).gates,
    ).toMatchObject({ mqttUrl: 'mqtt://broker.example:1883', mqttPort: 0 });
    expect(() => loadConfig({ GATES_MQTT_URL: 'https://broker.example' })).toThrow(
      /GATES_MQTT_URL/,
    );
    const production = productionEnv;
    expect(loadConfig(production).gates.simulateGates).toBe(false);
    expect(() => loadConfig({ ...production, SIMULATE_GATES: '1' })).toThrow(
      /SIMULATE_GATES is a sandbox part/,
    );
  });

  it('lets a simulated car come to a waiting session by itself only with simulated gates', () => {
    expect(loadConfig({}).sandboxAutoCar).toBe(true);
    expect(loadConfig({ SANDBOX_AUTO_CAR: '0' }).sandboxAutoCar).toBe(false);
    expect(loadConfig({ SIMULATE_GATES: '0' }).sandboxAutoCar).toBe(false);
    const production = productionEnv;
    expect(loadConfig(production).sandboxAutoCar).toBe(false);
    expect(() => loadConfig({ ...production, SANDBOX_AUTO_CAR: '1' })).toThrow(/SANDBOX_AUTO_CAR/);
  });

  it('keeps the OCPI call log two years unless told how many days', () => {
    expect(loadConfig({}).roaming.callLogRetentionDays).toBe(730);
    expect(
      loadConfig({ ROAMING_CALL_LOG_RETENTION_DAYS: '3650' }).roaming.callLogRetentionDays,
    ).toBe(3650);
    for (const bad of ['0', '-5', '1.5', 'forever']) {
      expect(() => loadConfig({ ROAMING_CALL_LOG_RETENTION_DAYS: bad }), bad).toThrow(
        /ROAMING_CALL_LOG_RETENTION_DAYS/,
      );
    }
  });
});
