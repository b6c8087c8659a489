import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, lmsId } from '../db/columns';
import { users } from '../identity/schema';

/*
 * The audit log of staff writes. Every feature writes it through `recordAudit` of platform/audit.ts
 * (which reaches this table through the schema barrel); this feature's route reads it.
 */

/** What an audit entry keeps of a write: only the fields that changed, long texts cut short (platform/audit.ts). */
export type AuditSummary = { before?: Record<string, unknown>; after?: Record<string, unknown> };

/**
 * One staff write (who, what, when, and a before/after summary), written by the feature that made
 * the write. The actor's name and role are kept as they were, so the entry outlives the account.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: id(),
    lmsId: lmsId(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role').notNull(),
    /** `post.create`, `settings.update`, `payout.approve`, … */
    action: text('action').notNull(),
    /** What was written, e.g. `post:123`. */
    target: text('target').notNull(),
    summary: jsonb('summary').$type<AuditSummary>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('audit_entries_time').on(table.lmsId, table.createdAt), index('audit_entries_action').on(table.lmsId, table.action)],
);
