import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { buildJobs } from '../db/schema';
import type { BuildJobRow } from './queue';

/** A job as the history shows it. */
export interface BuildHistoryEntry {
  id: number;
  trigger: string;
  status: BuildJobRow['status'];
  full: boolean;
  /** Events coalesced into the job. */
  changes: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  durationMs: number | null;
  pages: number | null;
  rendered: number | null;
  buildId: string | null;
  attempts: number;
  maxAttempts: number;
  error: string | null;
  log: string;
}

/** A tenant's jobs: the scheduled one, then the others newest first. */
export function history(db: Db, tenant: string, limit = 20): Promise<BuildHistoryEntry[]> {
  return (
    db
      .select({
        id: buildJobs.id,
        trigger: buildJobs.trigger,
        status: buildJobs.status,
        full: buildJobs.full,
        changes: sql<number>`jsonb_array_length(${buildJobs.changes})::int`,
        createdAt: buildJobs.createdAt,
        startedAt: buildJobs.startedAt,
        finishedAt: buildJobs.finishedAt,
        durationMs: buildJobs.durationMs,
        pages: buildJobs.pages,
        rendered: buildJobs.rendered,
        buildId: buildJobs.buildId,
        attempts: buildJobs.attempts,
        maxAttempts: buildJobs.maxAttempts,
        error: buildJobs.error,
        log: buildJobs.log,
      })
      .from(buildJobs)
      .where(eq(buildJobs.tenant, tenant))
      // The scheduled job first: it is the next build, though made (and kept) since an earlier one.
      .orderBy(sql`(${buildJobs.status} = 'scheduled') desc`, desc(buildJobs.id))
      .limit(limit)
  );
}
