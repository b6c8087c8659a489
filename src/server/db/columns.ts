import { sql } from 'drizzle-orm';
import { bigint, customType, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/schema';

/*
 * The column builders the tenant tables share: the tenant reference every row carries, number ids
 * (routes carry them), references to them, timestamps with zone, and text lists.
 */

/** The tenant a row belongs to; deleting the tenant deletes its rows. */
export const lmsId = () =>
  text('lms_id')
    .notNull()
    .references(() => tenants.lmsId, { onDelete: 'cascade' });
/** A number id the database assigns. */
export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
/** A reference to a number id. */
export const ref = (name: string) => bigint(name, { mode: 'number' });
/** A timestamp with time zone. */
export const at = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => at('created_at').notNull().defaultNow();
export const updatedAt = () => at('updated_at').notNull().defaultNow();
/** A list of texts, empty by default. */
export const texts = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);
/** A full-text search vector (PostgreSQL `tsvector`), e.g. a generated column of a post's words. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
