import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { productionEnv } from '../../test/production-env.js';

const {
  SZAMLAZZ_AGENT_KEY,
  SZAMLAZZ_BASE_URL,
  SELLER_NAME,
  SELLER_TAX_NUMBER,
  SELLER_ADDRESS,
  SELLER_BANK_NAME,
  SELLER_BANK_ACCOUNT,
  ...production
} = productionEnv;
const invoicing = {
  SZAMLAZZ_AGENT_KEY,
  SZAMLAZZ_BASE_URL,
  SELLER_NAME,
  SELLER_TAX_NUMBER,
  SELLER_ADDRESS,
  SELLER_BANK_NAME,
  SELLER_BANK_ACCOUNT,
};

describe('invoicing configuration', () => {
  it('uses the built-in emulator in sandbox mode', () => {
    const c = loadConfig({});
    expect(c.invoicing.baseUrl).toBeNull();
    expect(c.invoicing.invoicePrefix).toBe('VP');
  });

  it('refuses to start in production without the provider and the seller', () => {
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/SZAMLAZZ_AGENT_KEY.*SELLER_BANK_ACCOUNT/);
    const { SELLER_TAX_NUMBER: _omitted, ...withoutTaxNumber } = invoicing;
    expect(() => loadConfig({ ...production, ...withoutTaxNumber })).toThrow(/SELLER_TAX_NUMBER/);
    const c = loadConfig({ ...production, ...invoicing });
    expect(c.invoicing.seller.taxNumber).toBe('12345678-2-42');
    expect(c.invoicing.baseUrl).toBe('https://www.szamlazz.hu/szamla/');
  });
});
