import { Hono } from 'hono';
import { BatchActiveQuerySchema } from '~/contract/programs';
import type { ApiDeps, ApiEnv } from '../context';
import { ok } from '../http/respond';
import { readQuery } from '../http/validate';
import { requireAppToken } from '../identity';
import { fail } from '../platform/errors';
import { listMentors } from './mentors';
import { batchesOf, countActiveBatches, findProgramSyllabus } from './programs';

/**
 * The core API (SPEC §7 "Core API", docs/design.md base `/api/core/`): active batches, with SPEC §3's own
 * paging fields (current_page, last_page, per_page, total_data); a program's syllabus; active mentors.
 */
export function coreRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const token = requireAppToken(deps);

  app.get('/batch/active', token, async (c) => {
    const { page, pageSize } = readQuery(c, BatchActiveQuerySchema);
    const lmsId = c.get('tenant').catalogueLmsId;
    const [data, total] = await Promise.all([
      batchesOf(deps.db, lmsId, { active: true, page, pageSize }),
      countActiveBatches(deps.db, lmsId),
    ]);
    return ok(c, { data, current_page: page, last_page: Math.max(1, Math.ceil(total / pageSize)), per_page: pageSize, total_data: total });
  });

  app.get('/silabus/:programId{[0-9]{1,10}}', token, async (c) => {
    const syllabus = await findProgramSyllabus(deps.db, c.get('tenant').catalogueLmsId, Number(c.req.param('programId')));
    if (!syllabus) throw fail('programNotFound');
    return ok(c, syllabus);
  });

  app.get('/active/mentors', token, async (c) => ok(c, await listMentors(deps.db, c.get('tenant').catalogueLmsId)));

  return app;
}
