import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { errorResponse } from './errors';

/** What the API says about the running build. */
export interface ApiInfo {
  tenant: string;
  version: string;
}

/**
 * The embedded platform API, mounted by the server under `/api` (see DESIGN.md for its bases).
 * Routes are relative, so the same app serves `astro dev` (via a Vite middleware) and production.
 * Call families (settings, posts, classes, …) are added as sub-apps in `routes/`.
 */
export function createApiApp(info: ApiInfo) {
  const api = new Hono();
  api.use(secureHeaders({ referrerPolicy: 'strict-origin-when-cross-origin' }));
  api.use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  api.get('/health', (c) => c.json({ status: 'ok', tenant: info.tenant, version: info.version }));

  api.notFound((c) => errorResponse(c, 404, 'Endpoint tidak ditemukan'));
  api.onError((error, c) => {
    console.error(`[api] ${c.req.method} ${c.req.path}:`, error);
    return errorResponse(c, 500, 'Terjadi kesalahan pada server');
  });
  return api;
}
