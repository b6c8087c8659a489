import { and, eq, sql } from 'drizzle-orm';
import { buildJobs } from '../db/schema';

/**
 * SQL pieces the build queue's modules share (queue.ts, queue-failures.ts, worker.ts): times on the
 * database's clock, the race retry of the one-per-tenant indexes, the held-job condition, the log tail.
 */

/** Lines of a build's log kept with its job. */
export const LOG_TAIL_LINES = 60;

/** The last `LOG_TAIL_LINES` lines of a log. */
export const logTail = (text: string) => text.split('\n').slice(-LOG_TAIL_LINES).join('\n');

/** `now() + ms` on the database's clock. */
export const fromNow = (ms: number) => sql`now() + (${Math.max(0, Math.round(ms))}::int * interval '1 millisecond')`;
/** Milliseconds since the job started, on the database's clock. */
export const elapsedMs = sql<number>`(extract(epoch from now() - ${buildJobs.startedAt}) * 1000)::int`;

/** Whether a database error (possibly wrapped by Drizzle in `cause`) is a unique violation. */
export function isUniqueViolation(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  if ((error as { code?: unknown }).code === '23505') return true;
  return isUniqueViolation((error as { cause?: unknown }).cause, depth + 1);
}

/** Runs `work` again when it lost a race on one of the one-per-tenant indexes. */
export async function onUniqueRace<T>(work: () => Promise<T>, tries = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= tries || !isUniqueViolation(error)) throw error;
    }
  }
}

/** The running job `id` as long as `owner` (when given) holds it. */
export const held = (id: number, owner?: string) =>
  and(eq(buildJobs.id, id), eq(buildJobs.status, 'running'), owner ? eq(buildJobs.lockedBy, owner) : undefined);
