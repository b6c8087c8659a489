import { desc, eq } from 'drizzle-orm';
import type { BuildProgressJob } from '~/contract/builds';
import type { Db } from '../db/client';
import { buildJobs } from '../db/schema';

/**
 * A tenant's latest `limit` jobs, newest first (the scheduled one where its id falls), as the progress
 * shows them: what a writer may see, so no log and no error text (those are the admins' history).
 */
export async function progress(db: Db, tenant: string, limit = 5): Promise<BuildProgressJob[]> {
  const rows = await db
    .select({
      id: buildJobs.id,
      status: buildJobs.status,
      trigger: buildJobs.trigger,
      createdAt: buildJobs.createdAt,
      startedAt: buildJobs.startedAt,
      finishedAt: buildJobs.finishedAt,
      pages: buildJobs.pages,
      rendered: buildJobs.rendered,
      buildId: buildJobs.buildId,
    })
    .from(buildJobs)
    .where(eq(buildJobs.tenant, tenant))
    .orderBy(desc(buildJobs.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }));
}
