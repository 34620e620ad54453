import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.string().url().optional(),
  VOLTPARK_MODE: z.enum(['sandbox', 'production']).default('sandbox'),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_DATA: z.enum(['auto', 'never']).default('auto'),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Voltpark <no-reply@voltpark.hu>'),
  WIZARD_CARS_OPTIONAL: z.enum(['0', '1']).default('0'),
  WIZARD_CARDS: z.enum(['0', '1']).default('1'),
  WELCOME_SCREEN: z.enum(['0', '1']).default('1'),
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  GOOGLE_CLIENT_IDS: z.string().optional(),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  APPLE_CLIENT_IDS: z.string().optional(),
  APPLE_JWKS_URL: z.string().url().default('https://appleid.apple.com/auth/keys'),
  FACEBOOK_APP_ID: z.string().optional(),
  FACEBOOK_APP_SECRET: z.string().optional(),
  FACEBOOK_GRAPH_URL: z.string().url().default('https://graph.facebook.com/v19.0'),
  CAPTCHA_TEST_ANSWER: z
    .string()
    .regex(/^[A-Z0-9]{5}$/)
    .optional(),
  SIMPLEPAY_MERCHANT: z.string().optional(),
  SIMPLEPAY_SECRET_KEY: z.string().optional(),
  SIMPLEPAY_BASE_URL: z.string().url().optional(),
  ONLINE_WALLET_BASE_URL: z.string().url().optional(),
  ONLINE_WALLET_API_KEY: z.string().optional(),
  ONLINE_WALLET_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  ONLINE_WALLET_SANDBOX_SLOW_MS: z.coerce.number().int().min(0).default(15_000),
  SIMULATE_CHARGERS: z.enum(['0', '1']).optional(),
  REDIS_URL: z.string().url().optional(),
  OCPP_HEARTBEAT_INTERVAL: z.coerce.number().int().positive().default(300),
  OCPP_OFFLINE_MARGIN: z.coerce.number().int().min(0).default(30),
  OCPP_COMMAND_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  GATES_MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
  GATES_MQTT_URL: z
    .string()
    .url()
    .refine(
      (v) => /^(mqtts?|wss?|tcp|ssl):\/\//.test(v),
      'an mqtt://, mqtts://, ws:// or wss:// URL',
    )
    .optional(),
  SIMULATE_GATES: z.enum(['0', '1']).optional(),
  SANDBOX_AUTO_CAR: z.enum(['0', '1']).optional(),
  SZAMLAZZ_AGENT_KEY: z.string().min(1).optional(),
  SZAMLAZZ_BASE_URL: z.string().url().optional(),
  SELLER_NAME: z.string().min(1).optional(),
  SELLER_TAX_NUMBER: z.string().min(1).optional(),
  SELLER_ADDRESS: z.string().min(1).optional(),
  SELLER_BANK_NAME: z.string().min(1).optional(),
  SELLER_BANK_ACCOUNT: z.string().min(1).optional(),
  INVOICE_PREFIX: z
    .string()
    .regex(/^[A-Z0-9]{1,8}$/)
    .default('VP'),
  RECEIPT_PREFIX: z
    .string()
    .regex(/^[A-Z0-9]{1,8}$/)
    .default('VPNY'),
  INVOICE_JOBS: z.enum(['0', '1']).default('1'),
  OPEN_DATA_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  OPEN_DATA_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  SZAMLAZZ_RECEIPT_TEMPLATE_EN: z.string().min(1).max(50).optional(),
  ROAMING_COUNTRY_CODE: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'two letters')
    .default('HU'),
  ROAMING_PARTY_ID: z
    .string()
    .regex(/^[A-Za-z0-9]{3}$/, 'three letters or digits')
    .default('VPK'),
  ROAMING_BUSINESS_NAME: z.string().min(1).max(100).default('Voltpark'),
  ROAMING_BUSINESS_WEBSITE: z.string().url().optional(),
  ROAMING_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  ROAMING_SANDBOX_PARTNER: z.enum(['0', '1']).optional(),
  /** Sandbox only: the built-in eMSP emulator (VoltDrive Kft.) whose drivers charge with us. */
  ROAMING_SANDBOX_EMSP: z.enum(['0', '1']).optional(),
  /** Real-time authorization of a partner's token at our charger waits this long (0044). */
  ROAMING_AUTHORIZE_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5000),
  /** Sandbox only: how often the emulated partner reads a roaming charge's meter (default 15 s). */
  ROAMING_SANDBOX_METER_SEC: z.coerce.number().int().min(1).max(900).optional(),
  ROAMING_COMMAND_TIMEOUT_SEC: z.coerce.number().int().min(1).max(600).default(30),
  ROAMING_PULL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(15),
  ROAMING_FEE_PERCENT: z.coerce.number().min(0).max(100).default(0),
  /** Days the OCPI call log is kept (decision 0046): two years for disputes. */
  ROAMING_CALL_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(730),
});

/** Who we are on OCPI (our credentials' roles) and how long a partner may take to answer. */
export interface RoamingConfig {
  countryCode: string;
  partyId: string;
  businessName: string;
  businessWebsite: string | undefined;
  timeoutMs: number;
  /** Sandbox only: the built-in roaming partner emulator (VoltPartner Kft.) registers with us. */
  sandboxPartner: boolean;
  /** Sandbox only: the built-in eMSP emulator (VoltDrive Kft.) registers with us. */
  sandboxEmsp: boolean;
  /**
   * How long the eMSP's answer to a real-time authorization is awaited (the charger waits for
   * our Authorize answer meanwhile); no answer: ALLOWED_OFFLINE allows, NEVER refuses.
   */
  authorizeTimeoutMs: number;
  /** The `timeout` of our CommandResponses: the CommandResult is posted within it, seconds. */
  commandTimeoutSec: number;
  /** Sandbox partner emulator: seconds between its meter readings of a roaming charge. */
  sandboxMeterSec: number;
  /** How often CPO partners' Locations and Tariffs are pulled; 0: never (pushes only). */
  pullMinutes: number;
  /**
   * Our roaming fee, percent (ROAMING_FEE_PERCENT, default 0): on each price component shown
   * for a partner's charger (decision 0039) and on a partner's CDR the driver pays (0040).
   */
  feePercent: number;
  /**
   * Days every OCPI call in and out is kept in the call log (ROAMING_CALL_LOG_RETENTION_DAYS,
   * default 730), then deleted by the retention sweep (decision 0046).
   */
  callLogRetentionDays: number;
}

/** The invoicing provider (Számlázz.hu Számla Agent) and the seller printed on invoices. */
export interface InvoicingConfig {
  /** The Számla Agent key; secret. */
  agentKey: string;
  /** Null: the built-in emulator (sandbox). */
  baseUrl: string | null;
  invoicePrefix: string;
  receiptPrefix: string;
  /** The English receipt template of the provider account (pdfSablon); null: the default one. */
  receiptTemplateEn: string | null;
  /** Run the Monday invoices, guest receipts and provider retries in this process (tests: off). */
  jobs: boolean;
  seller: {
    name: string;
    taxNumber: string;
    address: string;
    bankName: string;
    bankAccount: string;
  };
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  mode: 'sandbox' | 'production';
  publicUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  seedDemoData: boolean;
  webDistDir: string;
  /** Unset: mails stay in the outbox, readable at the sandbox mailbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  wizardCarsOptional: boolean;
  /** The welcome wizard asks for a bank card (skippable). */
  wizardCards: boolean;
  welcomeScreen: boolean;
  /** Behind a load balancer: take the client address from X-Forwarded-For (rate limits). */
  trustProxy: boolean;
  /** Our OCPI identity (ISO 3166 country, ISO 15118 party id): ids are HU*VPK*E… with it. */
  ocpiParty: { countryCode: string; partyId: string };
  /**
   * The public AFIR open-data API: requests per minute per client address, and how long a
   * location answer (live status) may be served from the cache.
   */
  openData: { rateLimitPerMinute: number; cacheSeconds: number };
  /**
   * SimplePay merchant. Without SIMPLEPAY_BASE_URL the built-in emulator (sandbox) is used with
   * SimplePay's public test merchant.
   */
  simplePay: { merchant: string; secretKey: string; baseUrl: string | null };
  /**
   * The online-wallet partner (points deposits). Without ONLINE_WALLET_BASE_URL the built-in
   * emulator (/sandbox/online-wallet/) is used with its sandbox key.
   */
  onlineWallet: {
    baseUrl: string | null;
    apiKey: string;
    /** How long a call to the partner may take before it counts as unanswered. */
    timeoutMs: number;
    /** The emulator's delay for e-mails tagged +slow (a partner answering too late). */
    sandboxSlowMs: number;
  };
  /** Sandbox only, for browser tests: every captcha has this answer. Refused in production. */
  captchaTestAnswer: string | undefined;
  /** Each provider is off (and its button hidden) until its settings are given. */
  social: {
    google: { clientIds: string[]; jwksUrl: string } | null;
    apple: { clientIds: string[]; jwksUrl: string } | null;
    facebook: { appId: string; appSecret: string; graphUrl: string } | null;
  };
  ocpp: {
    /** Sandbox simulators for every seeded charge point (never in production). */
    simulateChargers: boolean;
    /** Cross-replica command routing; unset = in-process only. */
    redisUrl: string | undefined;
    /** Heartbeat interval given to chargers, seconds. */
    heartbeatIntervalSec: number;
    /** Offline after 2 × interval + this margin without a message, seconds. */
    offlineMarginSec: number;
    /** Default timeout of outgoing commands, ms. */
    commandTimeoutMs: number;
  };
  gates: {
    /**
     * The embedded MQTT broker's port (0: any free port), used when `mqttUrl` is unset. It
     * starts when the server listens.
     */
    mqttPort: number;
    /**
     * In sandbox mode with GATES_MQTT_PORT unset: when 1883 is taken (a local Mosquitto, a second
     * instance), the embedded broker takes a free port instead of stopping the start.
     */
    mqttPortFallback: boolean;
    /** An external broker (it authenticates the controllers; the server is one more client). */
    mqttUrl: string | undefined;
    /** Sandbox simulated controllers for every demo gate (refused in production). */
    simulateGates: boolean;
  };
  /**
   * With simulated gates: a simulated car arrives by itself at the gate where a driver's parking
   * session waits, and drives through once the barrier opens (SANDBOX_AUTO_CAR, default on).
   */
  sandboxAutoCar: boolean;
  invoicing: InvoicingConfig;
  roaming: RoamingConfig;
};

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export class ConfigError extends Error {}

/** The key the built-in online-wallet emulator accepts (sandbox only). */
export const ONLINE_WALLET_SANDBOX_KEY = 'sandbox-online-wallet-key';

/** Reads the environment. Production refuses sandbox parts (ARCHITECTURE: embedded defaults). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    mode: e.VOLTPARK_MODE,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    seedDemoData: e.SEED_DEMO_DATA === 'auto' && e.VOLTPARK_MODE === 'sandbox',
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    wizardCarsOptional: e.WIZARD_CARS_OPTIONAL === '1',
    wizardCards: e.WIZARD_CARDS === '1',
    welcomeScreen: e.WELCOME_SCREEN === '1',
    trustProxy: e.TRUST_PROXY === '1',
    ocpiParty: {
      countryCode: e.ROAMING_COUNTRY_CODE.toUpperCase(),
      partyId: e.ROAMING_PARTY_ID.toUpperCase(),
    },
    openData: {
      rateLimitPerMinute: e.OPEN_DATA_RATE_LIMIT,
      cacheSeconds: e.OPEN_DATA_CACHE_SECONDS,
    },
    captchaTestAnswer: e.CAPTCHA_TEST_ANSWER,
    simplePay: e.SIMPLEPAY_BASE_URL
      ? {
          merchant: e.SIMPLEPAY_MERCHANT ?? '',
          secretKey: e.SIMPLEPAY_SECRET_KEY ?? '',
          baseUrl: e.SIMPLEPAY_BASE_URL,
        }
      : { merchant: 'PUBLICTESTHUF', secretKey: 'FxDa5w314kLlNseq2sKuVwaqZshZT5d6', baseUrl: null },
    onlineWallet: {
      baseUrl: e.ONLINE_WALLET_BASE_URL ?? null,
      apiKey: e.ONLINE_WALLET_BASE_URL
        ? (e.ONLINE_WALLET_API_KEY ?? '')
        : ONLINE_WALLET_SANDBOX_KEY,
      timeoutMs: e.ONLINE_WALLET_TIMEOUT_MS,
      sandboxSlowMs: e.ONLINE_WALLET_SANDBOX_SLOW_MS,
    },
    social: {
      google: e.GOOGLE_CLIENT_IDS
        ? { clientIds: list(e.GOOGLE_CLIENT_IDS), jwksUrl: e.GOOGLE_JWKS_URL }
        : null,
      apple: e.APPLE_CLIENT_IDS
        ? { clientIds: list(e.APPLE_CLIENT_IDS), jwksUrl: e.APPLE_JWKS_URL }
        : null,
      facebook:
        e.FACEBOOK_APP_ID && e.FACEBOOK_APP_SECRET
          ? {
              appId: e.FACEBOOK_APP_ID,
              appSecret: e.FACEBOOK_APP_SECRET,
              graphUrl: e.FACEBOOK_GRAPH_URL,
            }
          : null,
    },
    ocpp: {
      simulateChargers:
        e.VOLTPARK_MODE === 'sandbox' &&
        (e.SIMULATE_CHARGERS === '1' ||
          (e.SIMULATE_CHARGERS !== '0' && e.SEED_DEMO_DATA === 'auto')),
      redisUrl: e.REDIS_URL,
      heartbeatIntervalSec: e.OCPP_HEARTBEAT_INTERVAL,
      offlineMarginSec: e.OCPP_OFFLINE_MARGIN,
      commandTimeoutMs: e.OCPP_COMMAND_TIMEOUT_MS,
    },
    gates: {
      mqttPort: e.GATES_MQTT_PORT,
      mqttPortFallback: e.VOLTPARK_MODE === 'sandbox' && env.GATES_MQTT_PORT === undefined,
      mqttUrl: e.GATES_MQTT_URL,
      simulateGates:
        e.VOLTPARK_MODE === 'sandbox' &&
        (e.SIMULATE_GATES === '1' || (e.SIMULATE_GATES !== '0' && e.SEED_DEMO_DATA === 'auto')),
    },
    sandboxAutoCar: false,
    invoicing: {
      agentKey: e.SZAMLAZZ_AGENT_KEY ?? 'sandbox-szamla-agent-key',
      baseUrl: e.SZAMLAZZ_BASE_URL ?? null,
      invoicePrefix: e.INVOICE_PREFIX,
      receiptPrefix: e.RECEIPT_PREFIX,
      // The emulator's English receipt template is VPEN (szamlazz-sandbox/pdf.ts).
      receiptTemplateEn: e.SZAMLAZZ_RECEIPT_TEMPLATE_EN ?? (e.SZAMLAZZ_BASE_URL ? null : 'VPEN'),
      jobs: e.INVOICE_JOBS === '1',
      seller: {
        name: e.SELLER_NAME ?? 'Voltpark Kft. (sandbox)',
        taxNumber: e.SELLER_TAX_NUMBER ?? '12345678-2-42',
        address: e.SELLER_ADDRESS ?? '1117 Budapest, Próba utca 1.',
        bankName: e.SELLER_BANK_NAME ?? 'Teszt Bank',
        bankAccount: e.SELLER_BANK_ACCOUNT ?? '11111111-22222222-33333333',
      },
    },
    roaming: {
      countryCode: e.ROAMING_COUNTRY_CODE.toUpperCase(),
      partyId: e.ROAMING_PARTY_ID.toUpperCase(),
      businessName: e.ROAMING_BUSINESS_NAME,
      businessWebsite: e.ROAMING_BUSINESS_WEBSITE,
      timeoutMs: e.ROAMING_TIMEOUT_MS,
      sandboxPartner:
        e.VOLTPARK_MODE === 'sandbox' &&
        (e.ROAMING_SANDBOX_PARTNER === '1' ||
          (e.ROAMING_SANDBOX_PARTNER !== '0' && e.SEED_DEMO_DATA === 'auto')),
      sandboxEmsp:
        e.VOLTPARK_MODE === 'sandbox' &&
        (e.ROAMING_SANDBOX_EMSP === '1' ||
          (e.ROAMING_SANDBOX_EMSP !== '0' && e.SEED_DEMO_DATA === 'auto')),
      authorizeTimeoutMs: e.ROAMING_AUTHORIZE_TIMEOUT_MS,
      commandTimeoutSec: e.ROAMING_COMMAND_TIMEOUT_SEC,
      sandboxMeterSec: e.ROAMING_SANDBOX_METER_SEC ?? 15,
      pullMinutes: e.ROAMING_PULL_MINUTES,
      feePercent: e.ROAMING_FEE_PERCENT,
      callLogRetentionDays: e.ROAMING_CALL_LOG_RETENTION_DAYS,
    },
  };
  config.sandboxAutoCar = config.gates.simulateGates && e.SANDBOX_AUTO_CAR !== '0';
  if (e.SIMPLEPAY_BASE_URL && (!e.SIMPLEPAY_MERCHANT || !e.SIMPLEPAY_SECRET_KEY)) {
    throw new ConfigError(
      'SIMPLEPAY_BASE_URL needs SIMPLEPAY_MERCHANT and SIMPLEPAY_SECRET_KEY too.',
    );
  }
  if (e.ONLINE_WALLET_BASE_URL && !e.ONLINE_WALLET_API_KEY) {
    throw new ConfigError('ONLINE_WALLET_BASE_URL needs ONLINE_WALLET_API_KEY too.');
  }
  if (config.mode === 'production') {
    if (config.captchaTestAnswer) {
      throw new ConfigError(
        'CAPTCHA_TEST_ANSWER is for sandbox browser tests only; unset it in production.',
      );
    }
    if (e.SIMULATE_GATES === '1') {
      throw new ConfigError(
        'SIMULATE_GATES is a sandbox part (simulated gate controllers); unset it in production.',
      );
    }
    if (e.ROAMING_SANDBOX_PARTNER === '1') {
      throw new ConfigError(
        'ROAMING_SANDBOX_PARTNER is the sandbox roaming partner emulator; unset it in production.',
      );
    }
    if (e.ROAMING_SANDBOX_EMSP === '1') {
      throw new ConfigError(
        'ROAMING_SANDBOX_EMSP is the sandbox eMSP emulator (VoltDrive); unset it in production.',
      );
    }
    if (e.ROAMING_SANDBOX_METER_SEC !== undefined) {
      throw new ConfigError(
        'ROAMING_SANDBOX_METER_SEC is a knob of the sandbox roaming partner; unset it in production.',
      );
    }
    if (e.SANDBOX_AUTO_CAR === '1') {
      throw new ConfigError(
        'SANDBOX_AUTO_CAR drives simulated cars at sandbox gates; unset it in production.',
      );
    }
    const missing: string[] = [];
    if (!config.databaseUrl) missing.push('DATABASE_URL (the embedded PGlite is a sandbox part)');
    if (!e.PUBLIC_URL) missing.push('PUBLIC_URL');
    if (!config.smtpUrl) missing.push('SMTP_URL (the outbox-only mailbox is a sandbox part)');
    if (!e.SIMPLEPAY_BASE_URL || !e.SIMPLEPAY_MERCHANT || !e.SIMPLEPAY_SECRET_KEY) {
      missing.push(
        'SIMPLEPAY_MERCHANT, SIMPLEPAY_SECRET_KEY, SIMPLEPAY_BASE_URL (the SimplePay emulator is a sandbox part)',
      );
    }
    if (!e.ONLINE_WALLET_BASE_URL) {
      missing.push(
        'ONLINE_WALLET_BASE_URL, ONLINE_WALLET_API_KEY (the online-wallet emulator is a sandbox part)',
      );
    }
    const invoicingVars = [
      'SZAMLAZZ_AGENT_KEY',
      'SZAMLAZZ_BASE_URL',
      'SELLER_NAME',
      'SELLER_TAX_NUMBER',
      'SELLER_ADDRESS',
      'SELLER_BANK_NAME',
      'SELLER_BANK_ACCOUNT',
    ] as const;
    const missingInvoicing = invoicingVars.filter((name) => !e[name]);
    if (missingInvoicing.length > 0) {
      missing.push(`${missingInvoicing.join(', ')} (the invoicing emulator is a sandbox part)`);
    }
    if (missing.length > 0) {
      throw new ConfigError(`Production mode refuses sandbox parts. Set: ${missing.join(', ')}`);
    }
  }
  return config;
}
