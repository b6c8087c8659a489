import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './schema';

/**
 * Identity around the sign-in (issue 13): the one-time codes of the redirect-login mode and the
 * click and page-load logs of SPEC §7 "Logging".
 */

/**
 * A one-time code the account login page hands `/CallbackAuth` (SPEC §2 redirect-login mode). Only
 * its SHA-256 is stored, it lives 60 s and `used_at` is set by the one exchange that wins.
 */
export const authCodes = pgTable(
  'auth_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    lmsId: text('lms_id')
      .notNull()
      .references(() => tenants.lmsId, { onDelete: 'cascade' }),
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

/** One page load or link click (POST v1/logger/log/click); URLs are kept without query string or fragment. */
export const clickLogs = pgTable(
  'click_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    lmsId: text('lms_id')
      .notNull()
      .references(() => tenants.lmsId, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    fromUrl: text('from_url').notNull(),
    toUrl: text('to_url').notNull(),
    /** What the summary groups by: the path on the tenant's own hosts, `host/path` elsewhere. */
    page: text('page').notNull(),
    /** The client's time, clamped to within a day of the server's. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('click_logs_lms_at').on(table.lmsId, table.at)],
);
