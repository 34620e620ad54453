import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * A driver's account. E-mail is stored lower-cased. A casual (guest) user has only an e-mail.
 * A deleted account keeps its row (invoices and charges point at it) with personal data erased.
 */
export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    phone: text(),
    passwordHash: text(),
    firstName: text(),
    lastName: text(),
    preferredLanguage: text().notNull().default('hu'),
    types: text()
      .array()
      .notNull()
      .default(sql`'{USER}'::text[]`),
    casualUser: boolean().notNull().default(false),
    casualCharge: boolean().notNull().default(false),
    activatedAt: timestamp({ withTimezone: true }),
    googleSubject: text(),
    appleSubject: text(),
    facebookSubject: text(),
    carAdditionSkipped: boolean().notNull().default(false),
    cardAdditionSkipped: boolean().notNull().default(false),
    /** Where the driver came from when registering (SPEC: chargerId, gateId). */
    registeredAtChargerId: integer(),
    registeredAtGateId: integer(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_live_key')
      .on(t.email)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_google_key').on(t.googleSubject),
    uniqueIndex('users_apple_key').on(t.appleSubject),
    uniqueIndex('users_facebook_key').on(t.facebookSubject),
  ],
);

/** A logged-in device. The client holds the tokens; we keep only their SHA-256 hashes. */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    accessTokenHash: text().notNull(),
    /** Set for sessions an external client app obtained through /authorize. */
    oauthClientId: text(),
    /**
     * A guest's charge link (e-mailed when the charge starts, and the receipt's): the session
     * sees and stops only this charge (charges.id; no FK, the schemas would import each other).
     */
    chargeId: integer(),
    userAgent: text(),
    createdAt: createdAt(),
    lastUsedAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_sessions_token_key').on(t.tokenHash),
    uniqueIndex('user_sessions_access_token_key').on(t.accessTokenHash),
    index('user_sessions_user_idx').on(t.userId),
  ],
);

/** Single-use links sent by mail: account activation and password reset. */
export const actionTokens = pgTable(
  'action_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['activate', 'reset_password', 'login_ticket'] }).notNull(),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('action_tokens_hash_key').on(t.tokenHash)],
);

/** A captcha challenge; the answer is kept hashed and can be used once. */
export const captchas = pgTable('captchas', {
  id: text().primaryKey(),
  answerHash: text().notNull(),
  /** The picture, rendered once at creation. */
  svg: text().notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
});

/** Failed log-ins and registrations per key (an IP or an e-mail), shared by all replicas. */
export const authThrottle = pgTable('auth_throttle', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  windowStartedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp({ withTimezone: true }),
});

/** External client apps allowed to use /authorize (SPEC OAuth client). */
export const oauthClients = pgTable('oauth_clients', {
  id: text().primaryKey(),
  name: text().notNull(),
  redirectUris: text().array().notNull(),
  showAuthorizePage: boolean().notNull().default(true),
  createdAt: createdAt(),
});

/** One-time authorization codes (PKCE) handed to a client app's redirect address. */
export const oauthCodes = pgTable('oauth_codes', {
  codeHash: text().primaryKey(),
  clientId: text()
    .notNull()
    .references(() => oauthClients.id, { onDelete: 'cascade' }),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  redirectUri: text().notNull(),
  codeChallenge: text(),
  createdAt: createdAt(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
});

/**
 * Every mail we send. Without SMTP_URL this is the sandbox mailbox; with it, a job delivers
 * pending rows and records attempts, so a mail survives a restart.
 */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial().primaryKey(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text().notNull(),
    template: text().notNull(),
    lang: text().notNull(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    nextAttemptAt: createdAt(),
    lastError: text(),
    /** Makes a mail that must go once (e.g. `receipt:<id>`) idempotent: a second insert is ignored. */
    dedupeKey: text(),
    /** Files sent with the mail (an invoice's PDF), base64. */
    attachments: jsonb().$type<MailAttachment[]>(),
  },
  (t) => [
    uniqueIndex('mail_outbox_dedupe_key').on(t.dedupeKey),
    index('mail_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);
