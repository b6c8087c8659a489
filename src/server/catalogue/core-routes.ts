import { Hono } from 'hono';
import { BatchActiveQuerySchema } from '~/contract/programs';
import type { ApiDeps, ApiEnv } from '../context';
import { HttpError } from '../http/errors';
import { readQuery } from '../http/validate';
import { requireAppToken } from '../identity';
import { listMentors } from './mentors';
import { batchesOf, countActiveBatches, findProgramSyllabus } from './programs';

/**
 * The core API (SPEC §7 "Core API", DESIGN base `/api/core/`): active batches, with SPEC §3's own
 * paging fields (current_page, last_page, per_page, total_data); a program's syllabus; active mentors.
 */
export function coreRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const token = requireAppToken(deps);

  app.get('/batch/active', token, async (c) => {
    const { page, pageSize } = readQuery(c, BatchActiveQuerySchema);
    const lmsId = c.get('tenant').lmsId;
    const [data, total] = await Promise.all([
      batchesOf(deps.db, lmsId, { active: true, page, pageSize }),
      countActiveBatches(deps.db, lmsId),
    ]);
    return c.json({
      statusCode: 200,
      message: 'OK',
      data: { data, current_page: page, last_page: Math.max(1, Math.ceil(total / pageSize)), per_page: pageSize, total_data: total },
    });
  });

  app.get('/silabus/:programId{[0-9]{1,10}}', token, async (c) => {
    const syllabus = await findProgramSyllabus(deps.db, c.get('tenant').lmsId, Number(c.req.param('programId')));
    if (!syllabus) throw new HttpError(404, 'Program tidak ditemukan');
    return c.json({ statusCode: 200, message: 'OK', data: syllabus });
  });

  app.get('/active/mentors', token, async (c) =>
    c.json({ statusCode: 200, message: 'OK', data: await listMentors(deps.db, c.get('tenant').lmsId) }),
  );

  return app;
}
