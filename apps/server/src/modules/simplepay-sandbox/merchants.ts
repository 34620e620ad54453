import type { Config } from '../../config.js';

export interface SandboxMerchant {
  secretKey: string;
  currency: 'HUF' | 'EUR' | 'USD';
  /** Where IPN messages are POSTed. */
  ipnUrl: string;
}

/** SimplePay's public test merchant and its published secret. */
export const PUBLIC_TEST_MERCHANT = 'PUBLICTESTHUF';
export const PUBLIC_TEST_SECRET = 'FxDa5w314kLlNseq2sKuVwaqZshZT5d6';

/**
 * The merchants the emulator knows, with their secrets. Replace this when merchants come from
 * configuration; by default the public test merchant, whose IPN goes to our own IPN endpoint.
 */
export function sandboxMerchants(config: Pick<Config, 'publicUrl'>): Map<string, SandboxMerchant> {
  return new Map([
    [
      PUBLIC_TEST_MERCHANT,
      {
        secretKey: PUBLIC_TEST_SECRET,
        currency: 'HUF',
        ipnUrl: `${config.publicUrl.replace(/\/$/, '')}/api/v1/simplepay/ipn`,
      },
    ],
  ]);
}
