import { Hono } from 'hono';
import { PortfolioDetailQuerySchema, PortfolioListQuerySchema } from '~/contract/portfolio';
import { GalleryListQuerySchema } from '~/contract/posts';
import type { ApiDeps, ApiEnv } from '../context';
import { ok, page } from '../http/respond';
import { readQuery } from '../http/validate';
import { requireAppToken } from '../identity';
import { fail } from '../platform/errors';
import { findPortfolio, listGallery, listPortfolio } from './items';

/** Gallery and portfolio: what a tenant shows of its work (appointment requests are in forms.ts). */
export function showcaseRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const token = requireAppToken(deps);

  app.get('/v1/post/gallery/list', token, async (c) => {
    const query = readQuery(c, GalleryListQuerySchema);
    return page(c, await listGallery(deps.db, c.get('tenant').lmsId, query.page, query.pageSize));
  });

  app.get('/v1/portfolio/list', token, async (c) =>
    page(c, await listPortfolio(deps.db, c.get('tenant').lmsId, readQuery(c, PortfolioListQuerySchema))),
  );
  app.get('/v1/portfolio/detail', token, async (c) => {
    const item = await findPortfolio(deps.db, c.get('tenant').lmsId, readQuery(c, PortfolioDetailQuerySchema).slug);
    if (!item) throw fail('portfolioNotFound');
    return ok(c, item);
  });

  return app;
}
