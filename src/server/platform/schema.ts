import { index, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, lmsId } from '../db/columns';

/*
 * What the platform keeps for every feature: the issued app tokens and the idempotency keys of retried writes.
 */

/**
 * Issuance record of an app token (SPEC §7 "App token"). The encrypted wire token is only trusted
 * when the token inside it matches a live record of the same tenant: AES-CTR alone has no integrity.
 */
export const appTokens = pgTable(
  'app_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    lmsId: lmsId(),
    clientId: text('client_id').notNull(),
    scopes: text('scopes').array().notNull(),
    origin: text('origin').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('app_tokens_expiry').on(table.lmsId, table.expiresAt)],
);

/**
 * The answer to a submission with an `Idempotency-Key`: the same key and body again gets the same
 * answer without a second row; the same key with another body is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    lmsId: lmsId(),
    /** The call, e.g. `POST v1/team/register`. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: smallint('status').notNull(),
    body: jsonb('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.lmsId, table.scope, table.key] }), index('idempotency_keys_age').on(table.createdAt)],
);
