import { Hono } from 'hono';
import { CareerDetailQuerySchema, CareerJobDetailQuerySchema, CareerJobListQuerySchema, CareerListQuerySchema } from '~/contract/careers';
import type { ApiDeps, ApiEnv } from '../context';
import { HttpError } from '../http/errors';
import { readQuery } from '../http/validate';
import { requireAppToken } from '../identity';
import { findCareer, findJob, listCareers, listJobs } from './items';

/** Careers and their jobs (SPEC §7 "Careers"), read with the tenant's app token. */
export function careersRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  app.use(requireAppToken(deps));

  app.get('/list', async (c) => {
    const { page, pageSize } = readQuery(c, CareerListQuerySchema);
    return c.json({ statusCode: 200, message: 'OK', data: await listCareers(deps.db, c.get('tenant').lmsId, page, pageSize) });
  });
  app.get('/detail', async (c) => {
    const career = await findCareer(deps.db, c.get('tenant').lmsId, readQuery(c, CareerDetailQuerySchema).slug);
    if (!career) throw new HttpError(404, 'Karier tidak ditemukan');
    return c.json({ statusCode: 200, message: 'OK', data: career });
  });
  app.get('/job/list', async (c) => {
    const { careerId, page, pageSize } = readQuery(c, CareerJobListQuerySchema);
    const jobs = await listJobs(deps.db, c.get('tenant').lmsId, careerId, page, pageSize);
    if (!jobs) throw new HttpError(404, `Karier ${careerId} tidak ditemukan`);
    return c.json({ statusCode: 200, message: 'OK', data: jobs });
  });
  app.get('/job/detail', async (c) => {
    const job = await findJob(deps.db, c.get('tenant').lmsId, readQuery(c, CareerJobDetailQuerySchema).id);
    if (!job) throw new HttpError(404, 'Lowongan tidak ditemukan');
    return c.json({ statusCode: 200, message: 'OK', data: job });
  });
  return app;
}
