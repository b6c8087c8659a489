import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import { DEFAULT_BUILD_QUEUE } from '../config';
import type { Db } from '../db/client';
import { buildJobs } from '../db/schema';
import type { BuildJobRow } from './queue';
import { elapsedMs, fromNow, held, logTail, onUniqueRace } from './queue-sql';

/**
 * What becomes of a job that did not finish: a failed attempt is retried after a back-off (or given
 * up once its attempts are used up), and a job whose lease ran out goes back to the queue at once.
 */

const RETRY_MAX_MS = 5 * 60 * 1000;
const INTERRUPTED = 'Build terhenti sebelum selesai: proses build berhenti (lease habis)';

/** What became of a failed or interrupted job. */
export type FailureOutcome = 'retried' | 'merged' | 'failed' | 'gone';

/** Delay before retry number `attempts + 1`: base × 2^attempts, capped. */
export const retryDelayMs = (attempts: number, baseMs: number) => Math.min(baseMs * 2 ** attempts, RETRY_MAX_MS);

/**
 * Records a failed attempt: back to the queue after an exponential back-off, or `failed` once its
 * attempts are used up. Should the tenant already have a queued job, the failed one's events move
 * into it (full ORed, its due time no earlier than the back-off) and the failed row stays in the
 * history as `failed`, naming the job that carries on. `gone` when the job was no longer held.
 */
export function fail(
  db: Db,
  id: number,
  error: string,
  log: string,
  options: { owner?: string | undefined; retryBaseMs?: number | undefined } = {},
): Promise<FailureOutcome> {
  const base = options.retryBaseMs ?? DEFAULT_BUILD_QUEUE.retryBaseMs;
  return settle(
    db,
    held(id, options.owner),
    error,
    () => log,
    (attempts) => retryDelayMs(attempts, base),
  );
}

/**
 * Puts running jobs whose lease ran out (their process died or was stopped) back in the queue at
 * once, merged as `fail` does; a job that used up its attempts this way is `failed`. Returns how many.
 */
export async function recoverExpired(db: Db): Promise<number> {
  const expired = await db
    .select({ id: buildJobs.id })
    .from(buildJobs)
    .where(and(eq(buildJobs.status, 'running'), lt(buildJobs.leaseUntil, sql`now()`)));
  let recovered = 0;
  for (const { id } of expired) {
    const stillExpired = and(eq(buildJobs.id, id), eq(buildJobs.status, 'running'), lt(buildJobs.leaseUntil, sql`now()`));
    const outcome = await settle(
      db,
      stillExpired,
      INTERRUPTED,
      (job) => `${job.log}\n[antrean] ${INTERRUPTED} (${job.lockedBy})`,
      () => 0,
    );
    if (outcome !== 'gone') recovered++;
  }
  return recovered;
}

/** The shared end of a failed attempt, in one transaction; retried when it races an enqueue on the queued index. */
function settle(
  db: Db,
  which: SQL | undefined,
  error: string,
  logOf: (job: BuildJobRow) => string,
  delayOf: (attempts: number) => number,
): Promise<FailureOutcome> {
  return onUniqueRace(() =>
    db.transaction(async (tx) => {
      const [job] = await tx.select().from(buildJobs).where(which).for('update');
      if (!job) return 'gone';
      const log = logOf(job);
      const ended = { finishedAt: sql`now()`, durationMs: elapsedMs, error, lockedBy: null, leaseUntil: null } as const;
      if (job.attempts >= job.maxAttempts) {
        await tx
          .update(buildJobs)
          .set({ ...ended, status: 'failed', log: logTail(`${log}\n[antrean] gagal setelah ${job.attempts} percobaan`) })
          .where(eq(buildJobs.id, job.id));
        return 'failed';
      }
      const retryAt = fromNow(delayOf(job.attempts));
      const [queued] = await tx
        .select({ id: buildJobs.id })
        .from(buildJobs)
        .where(and(eq(buildJobs.tenant, job.tenant), eq(buildJobs.status, 'queued')))
        .for('update');
      if (queued) {
        await tx
          .update(buildJobs)
          .set({
            changes: sql`${JSON.stringify(job.changes)}::jsonb || ${buildJobs.changes}`,
            full: sql`${buildJobs.full} or ${job.full}`,
            runAfter: sql`greatest(${buildJobs.runAfter}, ${retryAt})`,
          })
          .where(eq(buildJobs.id, queued.id));
        await tx
          .update(buildJobs)
          .set({ ...ended, status: 'failed', log: logTail(`${log}\n[antrean] perubahannya dilanjutkan di job #${queued.id}`) })
          .where(eq(buildJobs.id, job.id));
        return 'merged';
      }
      await tx
        .update(buildJobs)
        .set({ ...ended, status: 'queued', runAfter: retryAt, log: logTail(log) })
        .where(eq(buildJobs.id, job.id));
      return 'retried';
    }),
  );
}
