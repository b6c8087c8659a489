import { eq, sql } from 'drizzle-orm';
import { DEFAULT_BUILD_QUEUE } from '../config';
import type { Db } from '../db/client';
import { buildJobs } from '../db/schema';
import { elapsedMs, fromNow, held, isUniqueViolation, logTail, onUniqueRace } from './queue-sql';
import { type BuildEvent, type BuildOutcome, FULL_BUILD_EVENTS } from './types';

/**
 * The durable build queue on the `build_jobs` table, the same SQL on PGlite and PostgreSQL. A burst
 * of events coalesces into the tenant's one queued job (the partial unique index makes the upsert
 * atomic); workers claim due jobs with `FOR UPDATE SKIP LOCKED`, as pg-boss and graphile-worker do,
 * never a tenant that already has a running job; a claim is a lease the worker renews while it
 * builds, so a job whose process died goes back to the queue when its lease runs out. Every time
 * comparison uses the database's clock, so processes on several machines agree.
 *
 * A failed or interrupted job is settled by queue-failures.ts, the history read by queue-history.ts,
 * and worker.ts runs the jobs.
 */

export type BuildJobRow = typeof buildJobs.$inferSelect;

/** Timings of the queue (milliseconds): `config.builds.queue`, defaults `DEFAULT_BUILD_QUEUE`. */
export interface QueueTimings {
  /** BUILD_DEBOUNCE_MS: how long a new job waits for more events to coalesce into it. */
  debounceMs: number;
  /** BUILD_LEASE_MS: how long a claim lasts unless renewed (renewed every third of it). */
  leaseMs: number;
  /** BUILD_POLL_MS: how often an idle worker looks for due jobs. */
  pollMs: number;
  /** BUILD_RETRY_BASE_MS: a failed job waits base × 2^attempts before its retry (capped at 5 minutes). */
  retryBaseMs: number;
}

export interface EnqueueOptions {
  /** Rebuild every page; also implied by a FULL_BUILD_EVENTS type. */
  full?: boolean | undefined;
  /** The coalescing window of a new job (default `DEFAULT_BUILD_QUEUE.debounceMs`; the build service passes BUILD_DEBOUNCE_MS); an existing queued job keeps its time. */
  delayMs?: number | undefined;
  /** Attempts before a new job is given up as failed (default 5). */
  maxAttempts?: number | undefined;
}

export interface EnqueuedJob {
  id: number;
  /** The event joined a job that was already queued. */
  coalesced: boolean;
  /** Until the job is due, by the database's clock. */
  dueInMs: number;
}

/**
 * Queues a build for the event's tenant: into its queued job when it has one (events appended,
 * `full` ORed), else a new job due after the coalescing window. The window is not pushed back by
 * later events, so a steady stream of writes still gets built every window.
 */
export async function enqueue(db: Db, event: BuildEvent, trigger: string, options: EnqueueOptions = {}): Promise<EnqueuedJob> {
  const full = options.full === true || FULL_BUILD_EVENTS.test(event.type);
  const change: BuildEvent = { type: event.type, tenant: event.tenant, ids: [...event.ids] };
  const delayMs = options.delayMs ?? DEFAULT_BUILD_QUEUE.debounceMs;
  // One statement, atomic under concurrency; the retry covers the rare race PostgreSQL still reports.
  const [job] = await onUniqueRace(() =>
    db
      .insert(buildJobs)
      .values({
        tenant: event.tenant,
        trigger,
        full,
        changes: [change],
        runAfter: fromNow(delayMs),
        ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
      })
      .onConflictDoUpdate({
        target: buildJobs.tenant,
        targetWhere: sql`status = 'queued'`,
        // The earlier due time wins: a write pulls forward a build queued for a scheduled post, and a
        // later event never pushes back one already due.
        set: {
          changes: sql`build_jobs.changes || excluded.changes`,
          full: sql`build_jobs.full or excluded.full`,
          runAfter: sql`least(build_jobs.run_after, excluded.run_after)`,
        },
      })
      .returning({
        id: buildJobs.id,
        inserted: sql<boolean>`(build_jobs.xmax = 0)`,
        dueInMs: sql<number>`greatest(0, extract(epoch from build_jobs.run_after - now()) * 1000)::int`,
      }),
  );
  if (!job) throw new Error(`build ${event.tenant} tidak dapat diantrekan`);
  return { id: job.id, coalesced: !job.inserted, dueInMs: job.dueInMs };
}

/**
 * Keeps the tenant's one scheduled build at `at`, the next moment its pages change by the calendar
 * alone (a post published later, a class whose registration opens or that starts), or drops it when
 * there is none. Set after every build, so it always names the next moment; it keeps its id while it
 * waits, and writes never coalesce into it (they go to the queued job, built at once).
 */
export async function schedule(db: Db, tenant: string, at: Date | undefined): Promise<EnqueuedJob | undefined> {
  const waiting = sql`${buildJobs.tenant} = ${tenant} and ${buildJobs.status} = 'scheduled'`;
  if (!at) {
    await db.delete(buildJobs).where(waiting);
    return undefined;
  }
  const change: BuildEvent = { type: 'content.scheduled', tenant, ids: [] };
  const [job] = await onUniqueRace(() =>
    db
      .insert(buildJobs)
      .values({ tenant, status: 'scheduled', trigger: 'schedule', changes: [change], runAfter: at })
      .onConflictDoUpdate({
        target: buildJobs.tenant,
        targetWhere: sql`status = 'scheduled'`,
        set: { runAfter: sql`excluded.run_after` },
      })
      .returning({
        id: buildJobs.id,
        inserted: sql<boolean>`(build_jobs.xmax = 0)`,
        dueInMs: sql<number>`greatest(0, extract(epoch from build_jobs.run_after - now()) * 1000)::int`,
      }),
  );
  if (!job) throw new Error(`build terjadwal ${tenant} tidak dapat disimpan`);
  return { id: job.id, coalesced: !job.inserted, dueInMs: job.dueInMs };
}

/**
 * Takes the oldest due queued (or scheduled) job whose tenant has no running job, for `leaseMs`; undefined when
 * there is none. SKIP LOCKED lets several workers claim at once without waiting on each other.
 */
export async function claim(db: Db, workerId: string, leaseMs: number): Promise<BuildJobRow | undefined> {
  const next = sql`(
    select q.id from build_jobs q
    where q.status in ('queued', 'scheduled') and q.run_after <= now()
      and not exists (select 1 from build_jobs r where r.tenant = q.tenant and r.status = 'running')
    order by q.run_after, q.id
    limit 1
    for update skip locked)`;
  try {
    const [job] = await db
      .update(buildJobs)
      .set({
        status: 'running',
        attempts: sql`${buildJobs.attempts} + 1`,
        lockedBy: workerId,
        leaseUntil: fromNow(leaseMs),
        startedAt: sql`now()`,
        finishedAt: null,
      })
      .where(eq(buildJobs.id, next))
      .returning();
    return job;
  } catch (error) {
    // Another worker started this tenant in the same instant: the index refused the second; poll again later.
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/**
 * Extends a worker's lease (and stores the log so far, so a recovered job shows where it stopped).
 * False when the worker no longer holds the job: its lease ran out and the job was recovered.
 */
export async function renewLease(db: Db, id: number, workerId: string, leaseMs: number, log?: string): Promise<boolean> {
  const renewed = await db
    .update(buildJobs)
    .set({ leaseUntil: fromNow(leaseMs), ...(log === undefined ? {} : { log: logTail(log) }) })
    .where(held(id, workerId))
    .returning({ id: buildJobs.id });
  return renewed.length > 0;
}

/** Records a finished build; false when the job was no longer held (by `owner`, when given). */
export async function complete(db: Db, id: number, outcome: BuildOutcome, log: string, owner?: string): Promise<boolean> {
  const done = await db
    .update(buildJobs)
    .set({
      status: 'done',
      finishedAt: sql`now()`,
      durationMs: elapsedMs,
      buildId: outcome.buildId,
      pages: outcome.pages,
      rendered: outcome.rendered,
      error: null,
      log: logTail(log),
      lockedBy: null,
      leaseUntil: null,
    })
    .where(held(id, owner))
    .returning({ id: buildJobs.id });
  return done.length > 0;
}
