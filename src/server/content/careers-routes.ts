import { Hono } from 'hono';
import { CareerDetailQuerySchema, CareerJobDetailQuerySchema, CareerJobListQuerySchema, CareerListQuerySchema } from '~/contract/careers';
import type { ApiDeps, ApiEnv } from '../context';
import { ok, page } from '../http/respond';
import { readQuery } from '../http/validate';
import { requireAppToken } from '../identity';
import { fail } from '../platform/errors';
import { findCareer, findJob, listCareers, listJobs } from './items';

/** Careers and their jobs (SPEC §7 "Careers"), read with the tenant's app token. */
export function careersRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  app.use(requireAppToken(deps));

  app.get('/list', async (c) => {
    const query = readQuery(c, CareerListQuerySchema);
    return page(c, await listCareers(deps.db, c.get('tenant').lmsId, query.page, query.pageSize));
  });
  app.get('/detail', async (c) => {
    const career = await findCareer(deps.db, c.get('tenant').lmsId, readQuery(c, CareerDetailQuerySchema).slug);
    if (!career) throw fail('careerNotFound');
    return ok(c, career);
  });
  app.get('/job/list', async (c) => {
    const { careerId, ...query } = readQuery(c, CareerJobListQuerySchema);
    const jobs = await listJobs(deps.db, c.get('tenant').lmsId, careerId, query.page, query.pageSize);
    if (!jobs) throw fail('careerIdNotFound', { careerId });
    return page(c, jobs);
  });
  app.get('/job/detail', async (c) => {
    const job = await findJob(deps.db, c.get('tenant').lmsId, readQuery(c, CareerJobDetailQuerySchema).id);
    if (!job) throw fail('jobNotFound');
    return ok(c, job);
  });
  return app;
}
