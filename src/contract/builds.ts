import { miniEnvelope, queryInt, z } from './mini';

/*
 * A tenant's site builds as the staff console reads and drives them, at `v1/builds/{code}` on the main
 * base (`{code}`: the tenant's app code, the app token's own): the progress writers watch after a
 * publish, the admins' history, a full build and a rollback. Times are ISO 8601 in UTC. zod/mini: the
 * console's islands validate with these very schemas.
 */

/**
 * A job is `queued` → `running` → `done` | `failed` (a failure that is retried goes back to `queued`);
 * `scheduled` is the tenant's one build its calendar asks for (a post or class that changes later).
 */
export const BUILD_JOB_STATUSES = ['scheduled', 'queued', 'running', 'done', 'failed'] as const;
export type BuildJobStatus = (typeof BUILD_JOB_STATUSES)[number];

const Moment = z.iso.datetime();
const Count = z.number().check(z.int(), z.nonnegative());

/** A job as the progress shows it: no log, no error text. */
export const BuildProgressJobSchema = z.object({
  id: z.number().check(z.int()),
  status: z.enum(BUILD_JOB_STATUSES),
  /** What asked for it first: `cms` (a write through the API), `webhook`, `api` (an admin), `start`, `cli`, `seed`. */
  trigger: z.string(),
  createdAt: Moment,
  /** When its latest attempt was claimed: a job reads the database from then on. */
  startedAt: z.nullable(Moment),
  finishedAt: z.nullable(Moment),
  /** Pages in the build, and how many of them this job rendered; null until it is done. */
  pages: z.nullable(Count),
  rendered: z.nullable(Count),
  /**
   * The build the job made live; when nothing any page shows had changed, the build that stayed live.
   * Null until it is done.
   */
  buildId: z.nullable(z.string()),
});
export type BuildProgressJob = z.infer<typeof BuildProgressJobSchema>;

/** The live build: its id and `builtAt` of its build.json (null when the publisher does not know it). */
export const LiveBuildSchema = z.object({ id: z.string(), builtAt: z.nullable(Moment) });
export type LiveBuild = z.infer<typeof LiveBuildSchema>;

/**
 * GET v1/builds/{code}/progress (writers, admins and superadmins): the live build (null when the
 * tenant has none, or this server does not build sites) and the latest 5 jobs, newest first.
 *
 * A write is live once a job with `status: 'done'` and a `startedAt` after the write has the live
 * build's id as its `buildId` (or a later build is live). Compare `startedAt`, not `createdAt`: a
 * write coalesces into the tenant's queued job, which may have been created before it. A `failed`
 * job whose `startedAt` is after the write means the write is not live; an admin's history has why.
 */
export const BuildProgressSchema = z.object({
  live: z.nullable(LiveBuildSchema),
  jobs: z.array(BuildProgressJobSchema),
});
export type BuildProgress = z.infer<typeof BuildProgressSchema>;
export const BuildProgressResponseSchema = miniEnvelope(BuildProgressSchema);

/** GET v1/builds/{code}?limit (admins): the latest `limit` jobs (1–100, default 20). */
export const BuildHistoryQuerySchema = z.object({ limit: z._default(queryInt('limit', 100), 20) });

/** A job as the history shows it: the progress's fields plus its attempts, error and the tail of its log. */
export const BuildHistoryJobSchema = z.extend(BuildProgressJobSchema, {
  /** A whole-tenant build (settings, page copy, an admin's request) rather than an incremental one. */
  full: z.boolean(),
  /** Change events coalesced into the job. */
  changes: Count,
  durationMs: z.nullable(Count),
  attempts: Count,
  maxAttempts: Count,
  /** Why the latest attempt failed; null when it did not. */
  error: z.nullable(z.string()),
  /** The last 60 lines of the build's log ('' before it ran). */
  log: z.string(),
});
export type BuildHistoryJob = z.infer<typeof BuildHistoryJobSchema>;

/** A build kept for rollback (the live one among them); `builtAt` is absent when the publisher lacks it. */
export const KeptBuildSchema = z.object({
  id: z.string(),
  live: z.boolean(),
  builtAt: z.optional(z.string()),
});
export type KeptBuild = z.infer<typeof KeptBuildSchema>;

/**
 * The history: the tenant's code, the live build's id (null without one, or when this server does
 * not build sites), the kept builds newest first, and the jobs (the scheduled one first, then newest first).
 */
export const BuildHistorySchema = z.object({
  tenant: z.string(),
  live: z.nullable(z.string()),
  builds: z.array(KeptBuildSchema),
  jobs: z.array(BuildHistoryJobSchema),
});
export type BuildHistory = z.infer<typeof BuildHistorySchema>;
export const BuildHistoryResponseSchema = miniEnvelope(BuildHistorySchema);

/** POST v1/builds/{code} (admins): a full build queued at once (202); the job's id. */
export const BuildQueuedSchema = z.object({ jobId: z.number().check(z.int()) });
export const BuildQueuedResponseSchema = miniEnvelope(BuildQueuedSchema);

/** POST v1/builds/{code}/rollback (admins): a kept build to make live again. */
export const RollbackRequestSchema = z.object({
  buildId: z.string().check(z.trim(), z.minLength(1, 'buildId wajib diisi'), z.maxLength(100, 'buildId maksimal 100 karakter')),
});
export type RollbackRequest = z.infer<typeof RollbackRequestSchema>;
/** The rollback's answer: the build now live. */
export const RollbackResponseSchema = miniEnvelope(z.object({ live: z.string() }));
