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
  SIMULATE_CHARGERS: z.enum(['0', '1']).optional(),
  REDIS_URL: z.string().url().optional(),
  OCPP_HEARTBEAT_INTERVAL: z.coerce.number().int().positive().default(300),
  OCPP_OFFLINE_MARGIN: z.coerce.number().int().min(0).default(30),
  OCPP_COMMAND_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
});

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
  /**
   * SimplePay merchant. Without SIMPLEPAY_BASE_URL the built-in emulator (sandbox) is used with
   * SimplePay's public test merchant.
   */
  simplePay: { merchant: string; secretKey: string; baseUrl: string | null };
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
};

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export class ConfigError extends Error {}

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
    captchaTestAnswer: e.CAPTCHA_TEST_ANSWER,
    simplePay: e.SIMPLEPAY_BASE_URL
      ? {
          merchant: e.SIMPLEPAY_MERCHANT ?? '',
          secretKey: e.SIMPLEPAY_SECRET_KEY ?? '',
          baseUrl: e.SIMPLEPAY_BASE_URL,
        }
      : { merchant: 'PUBLICTESTHUF', secretKey: 'FxDa5w314kLlNseq2sKuVwaqZshZT5d6', baseUrl: null },
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
  };
  if (e.SIMPLEPAY_BASE_URL && (!e.SIMPLEPAY_MERCHANT || !e.SIMPLEPAY_SECRET_KEY)) {
    throw new ConfigError(
      'SIMPLEPAY_BASE_URL needs SIMPLEPAY_MERCHANT and SIMPLEPAY_SECRET_KEY too.',
    );
  }
  if (config.mode === 'production') {
    if (config.captchaTestAnswer) {
      throw new ConfigError(
        'CAPTCHA_TEST_ANSWER is for sandbox browser tests only; unset it in production.',
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
    if (missing.length > 0) {
      throw new ConfigError(`Production mode refuses sandbox parts. Set: ${missing.join(', ')}`);
    }
  }
  return config;
}
