import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The platform's one PostgreSQL schema (PGlite embedded, a server in production). Every row that
 * belongs to a tenant carries its `lms_id`, and every query filters on it.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A tenant (brand): its lms id, app code, the hosts its site is served on and, for a pesilat site, its main tenant. */
export const tenants = pgTable('tenants', {
  lmsId: text('lms_id').primaryKey(),
  code: text('code').notNull().unique(),
  appCode: text('app_code').notNull().unique(),
  title: text('title').notNull(),
  hosts: text('hosts').array().notNull().default(sql`'{}'::text[]`),
  /** For a pesilat site: the code of the main tenant whose hosts switch `/pesilat/…` to this one (SPEC §2). */
  mainTenant: text('main_tenant'),
  /** Secret of the tenant's build webhook (Standard Webhooks, `whsec_` + base64); made at seed. */
  webhookSecret: text('webhook_secret'),
  /** Bumped by every settings write; a writer that sends an older revision gets 409. */
  settingsRevision: integer('settings_revision').notNull().default(0),
  settingsUpdatedAt: timestamp('settings_updated_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});

/** One setting value of a tenant (title, css, meta, …), stored as JSON under its key. */
export const appSettings = pgTable(
  'app_settings',
  {
    lmsId: text('lms_id')
      .notNull()
      .references(() => tenants.lmsId, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.lmsId, table.key] })],
);

/** A person with an account on one tenant; `kind` is the numeric role of SPEC §6. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lmsId: text('lms_id')
      .notNull()
      .references(() => tenants.lmsId, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    kind: smallint('kind').notNull(),
    /** scrypt, self-describing: `scrypt$N$r$p$salt$hash` (see services/passwords.ts). */
    passwordHash: text('password_hash').notNull(),
    /*
     * Sign-up fields (/Register); null for accounts made by staff or the seed. The phone is stored
     * normalised (digits, `08…`), the province and city as the Kemendagri codes of services/areas.ts.
     */
    phone: text('phone'),
    birthDate: date('birth_date', { mode: 'string' }),
    gender: text('gender', { enum: ['L', 'P'] }),
    provinceId: text('province_id'),
    cityId: text('city_id'),
    newsletter: boolean('newsletter').notNull().default(false),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('users_lms_email').on(table.lmsId, table.email)],
);

/** A signed-in session; only the SHA-256 of the access token is stored. */
export const userSessions = pgTable(
  'user_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    lmsId: text('lms_id')
      .notNull()
      .references(() => tenants.lmsId, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('user_sessions_user').on(table.userId)],
);

/**
 * Issuance record of an app token (SPEC §7 "App token"). The encrypted wire token is only trusted
 * when the token inside it matches a live record of the same tenant: AES-CTR alone has no integrity.
 */
export const appTokens = pgTable(
  'app_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    lmsId: text('lms_id')
      .notNull()
      .references(() => tenants.lmsId, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    scopes: text('scopes').array().notNull(),
    origin: text('origin').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('app_tokens_expiry').on(table.lmsId, table.expiresAt)],
);

export * from './build-schema';
export * from './catalogue-schema';
export * from './chat-schema';
export * from './content-schema';
export * from './forms-schema';
export * from './gateway-sim-schema';
export * from './identity-schema';
export * from './payments-schema';
