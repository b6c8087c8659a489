import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Site builds: the durable build queue (one row per build job, which is also the build's history
 * entry) and the webhook ids already accepted (Standard Webhooks replay protection).
 *
 * A job is `queued` → `running` → `done` | `failed` (or back to `queued` with a later `run_after`
 * after a failure that is retried, or a lease that ran out because its process died). At most one
 * queued and one running job per tenant, enforced by partial unique indexes: a burst of writes
 * coalesces into the queued job, and two processes can never build one tenant at once. A tenant also
 * has at most one `scheduled` job, the build its calendar asks for (a post published later, a class
 * whose registration opens): moved to the next such moment after every build, claimed like a queued
 * job once due, and apart from the queued job so writes never wait for it.
 */
export const buildJobs = pgTable(
  'build_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Tenant code. */
    tenant: text('tenant').notNull(),
    status: text('status', { enum: ['scheduled', 'queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** What asked for it first: cms (a write through the API), webhook (an external CMS), start, cli, api, seed. */
    trigger: text('trigger').notNull(),
    /** A whole-tenant build (settings, page copy, first build) rather than an incremental one. */
    full: boolean('full').notNull().default(false),
    /** The events coalesced into this job: `{type, tenant, ids}` each. */
    changes: jsonb('changes').notNull().default(sql`'[]'::jsonb`),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** Not claimed before this time: the coalescing window, and the back-off after a failure. */
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    /** The process that holds a running job, and until when its lease lasts (renewed while it builds). */
    lockedBy: text('locked_by'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The build folder id the job produced (build-layout.ts), when it did. */
    buildId: text('build_id'),
    /** Pages in the build, and how many of them this job rendered (fewer when incremental). */
    pages: integer('pages'),
    rendered: integer('rendered'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    /** The last lines of the build's log. */
    log: text('log').notNull().default(''),
  },
  (table) => [
    uniqueIndex('build_jobs_one_scheduled').on(table.tenant).where(sql`status = 'scheduled'`),
    uniqueIndex('build_jobs_one_queued').on(table.tenant).where(sql`status = 'queued'`),
    uniqueIndex('build_jobs_one_running').on(table.tenant).where(sql`status = 'running'`),
    index('build_jobs_claim').on(table.status, table.runAfter),
    index('build_jobs_history').on(table.tenant, table.id),
  ],
);

/** Webhook message ids already accepted, kept past the 5-minute tolerance so a replay is refused. */
export const webhookMessages = pgTable('webhook_messages', {
  id: text('id').primaryKey(),
  tenant: text('tenant').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
