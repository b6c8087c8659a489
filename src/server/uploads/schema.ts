import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, lmsId } from '../db/columns';
import { users } from '../identity/schema';

/*
 * Uploaded files: who sent what for which purpose; the bytes live in the blob store.
 */

/**
 * A file a visitor or user sent to the upload service: stored by `storageKey` behind the storage
 * interface (local disk or an S3-compatible store). Readable by its uploader (the capability
 * `accessHash` is the hash of) and the tenant's admins.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lmsId: lmsId(),
    storageKey: text('storage_key').notNull().unique(),
    /** The type the bytes were recognised as (never the name's or the sender's claim). */
    mimeType: text('mime_type').notNull(),
    bytes: integer('bytes').notNull(),
    /** The name the sender gave, for display only. */
    originalName: text('original_name').notNull(),
    /** What it is for: `letter` (PDF or image) or `image`. */
    purpose: text('purpose').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** SHA-256 of the capability token handed to the uploader. */
    accessHash: text('access_hash').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('uploads_tenant').on(table.lmsId, table.createdAt)],
);
