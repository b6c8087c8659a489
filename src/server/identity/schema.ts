import { boolean, date, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, lmsId } from '../db/columns';

/*
 * Who signs in: accounts of a tenant, their sessions, and the one-time codes of the redirect-login mode.
 */

/** A person with an account on one tenant; `kind` is the numeric role of SPEC §6. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lmsId: lmsId(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    kind: smallint('kind').notNull(),
    /** scrypt, self-describing: `scrypt$N$r$p$salt$hash` (see identity/passwords.ts). */
    passwordHash: text('password_hash').notNull(),
    /*
     * Sign-up fields (/Register); null for accounts made by staff or the seed. The phone is stored
     * normalised (digits, `08…`), the province and city as the Kemendagri codes of platform/areas.ts.
     */
    phone: text('phone'),
    birthDate: date('birth_date', { mode: 'string' }),
    gender: text('gender', { enum: ['L', 'P'] }),
    provinceId: text('province_id'),
    cityId: text('city_id'),
    newsletter: boolean('newsletter').notNull().default(false),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /** When the owner opened the verification link of their e-mail; null until then (they may still sign in). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** When an admin deactivated the account (its sessions ended, sign-in refused); null while active. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('users_lms_email').on(table.lmsId, table.email)],
);

/** A signed-in session; only the SHA-256 of the access token is stored. */
export const userSessions = pgTable(
  'user_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    lmsId: lmsId(),
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
 * A one-time code the account login page hands `/CallbackAuth` (SPEC §2 redirect-login mode). Only
 * its SHA-256 is stored, it lives 60 s and `used_at` is set by the one exchange that wins.
 */
export const authCodes = pgTable(
  'auth_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    lmsId: lmsId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The origin the code was sent back to (the tenant's site that asked for the sign-in). */
    returnOrigin: text('return_origin').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('auth_codes_expiry').on(table.expiresAt)],
);

/**
 * A one-time link mailed to an account's owner: `verify-email` (24 h) or `reset-password` (1 h).
 * Only the SHA-256 of the token is stored; `used_at` is set by the one use that wins, and a newer
 * link of the same purpose does not revive an older one.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    lmsId: lmsId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify-email', 'reset-password'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('account_tokens_user').on(table.userId, table.purpose), index('account_tokens_expiry').on(table.expiresAt)],
);
