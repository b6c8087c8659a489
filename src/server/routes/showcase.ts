import { Hono } from 'hono';
import { PortfolioDetailQuerySchema, PortfolioListQuerySchema } from '~/contract/portfolio';
import { AppointmentCreateSchema, GalleryListQuerySchema } from '~/contract/posts';
import type { ApiDeps, ApiEnv } from '../context';
import { HttpError, invalidInput } from '../errors';
import { requireAppToken } from '../middleware/auth';
import { rateLimit } from '../middleware/rate-limit';
import { readJson, readQuery } from '../middleware/validate';
import { createAppointment } from '../services/appointments';
import { findPortfolio, listGallery, listPortfolio } from '../services/catalogue-items';

/** Gallery, portfolio and appointment requests: what a tenant shows of its work and how visitors reach it. */
export function showcaseRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const token = requireAppToken(deps);

  app.get('/v1/post/gallery/list', token, async (c) => {
    const { page, pageSize } = readQuery(c, GalleryListQuerySchema);
    return c.json({ statusCode: 200, message: 'OK', data: await listGallery(deps.db, c.get('tenant').lmsId, page, pageSize) });
  });

  app.get('/v1/portfolio/list', token, async (c) =>
    c.json({
      statusCode: 200,
      message: 'OK',
      data: await listPortfolio(deps.db, c.get('tenant').lmsId, readQuery(c, PortfolioListQuerySchema)),
    }),
  );
  app.get('/v1/portfolio/detail', token, async (c) => {
    const item = await findPortfolio(deps.db, c.get('tenant').lmsId, readQuery(c, PortfolioDetailQuerySchema).slug);
    if (!item) throw new HttpError(404, 'Portofolio tidak ditemukan');
    return c.json({ statusCode: 200, message: 'OK', data: item });
  });

  app.post('/v1/post/appointment/create', rateLimit(deps, { name: 'appointment', limit: 5, windowMs: 10 * 60_000 }), token, async (c) => {
    const result = await createAppointment(deps.db, c.get('tenant').lmsId, await readJson(c, AppointmentCreateSchema));
    if (!result.ok) throw invalidInput([result.error]);
    return c.json({ statusCode: 201, message: 'Permintaan janji temu terkirim', data: result.appointment }, 201);
  });
  return app;
}
