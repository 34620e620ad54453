/**
 * Every variable production needs (config.ts refuses to start without them): tests that load a
 * production configuration start from this, so a new production requirement is added once.
 */
export const productionEnv = {
  VOLTPARK_MODE: 'production',
  DATABASE_URL: 'postgres://u@db/voltpark',
  PUBLIC_URL: 'https://app.voltpark.hu',
  SMTP_URL: 'smtp://mail.voltpark.hu:587',
  SIMPLEPAY_MERCHANT: 'VOLTPARKHUF',
  SIMPLEPAY_SECRET_KEY: 'secret',
  SIMPLEPAY_BASE_URL: 'https://secure.simplepay.hu/payment/v2/',
  ONLINE_WALLET_BASE_URL: 'https://api.onlinepenztarca.example/api/v1/',
  ONLINE_WALLET_API_KEY: 'partner-key',
  SZAMLAZZ_AGENT_KEY: 'agent-key',
  SZAMLAZZ_BASE_URL: 'https://www.szamlazz.hu/szamla/',
  SELLER_NAME: 'Voltpark Kft.',
  SELLER_TAX_NUMBER: '12345678-2-42',
  SELLER_ADDRESS: '1117 Budapest, Fő utca 1.',
  SELLER_BANK_NAME: 'OTP Bank',
  SELLER_BANK_ACCOUNT: '11773016-11111111-00000000',
} as const;
