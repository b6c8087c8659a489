import { Hono } from 'hono';
import { PortfolioDetailQuerySchema, PortfolioListQuerySchema } from '~/contract/portfolio';
import { GalleryListQuerySchema } from '~/contract/posts';
import type { ApiDeps, ApiEnv } from '../context';
import { HttpError } from '../http/errors';
import { readQuery } from '../http/validate';
import { requireAppToken } from '../identity';
import { findPortfolio, listGallery, listPortfolio } from './items';

/** Gallery and portfolio: what a tenant shows of its work (appointment requests are in forms.ts). */
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

  return app;
}
