import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
    const ok = loadConfig({
      VOLTPARK_MODE: 'production',
      DATABASE_URL: 'postgres://u@db/voltpark',
      PUBLIC_URL: 'https://app.voltpark.hu',
      SMTP_URL: 'smtp://mail.voltpark.hu:587',
      SIMPLEPAY_MERCHANT: 'VOLTPARKHUF',
      SIMPLEPAY_SECRET_KEY: 'secret',
      SIMPLEPAY_BASE_URL: 'https://secure.simplepay.hu/payment/v2/',
    });
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
});
