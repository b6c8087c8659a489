import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiDeps, ApiEnv } from './context';
import { errorResponse, HttpError } from './errors';
import { BODY_TOO_LARGE, MAX_BODY_BYTES } from './limits';
import { tenantCors } from './middleware/cors';
import { authRoutes } from './routes/auth';
import { authorizerRoutes } from './routes/authorizer';
import { buildsRoutes } from './routes/builds';
import { careersRoutes } from './routes/careers';
import { postsRoutes } from './routes/posts';
import { settingsRoutes } from './routes/settings';
import { showcaseRoutes } from './routes/showcase';

/**
 * The embedded platform API, mounted by the server under `/api` (bases in DESIGN.md): the main
 * services at the root, the auth service under `auth/`. Routes are relative, so the same app serves
 * `astro dev` (via a Vite middleware), production and in-process tests. Call families are sub-apps
 * in `routes/`.
 */
export function createApiApp(deps: ApiDeps) {
  const api = new Hono<ApiEnv>();
  api.use(secureHeaders({ referrerPolicy: 'strict-origin-when-cross-origin', crossOriginResourcePolicy: 'cross-origin' }));
  api.use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  api.use(tenantCors(deps));
  api.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => errorResponse(c, 413, BODY_TOO_LARGE),
    }),
  );

  // Liveness: the process answers. Never touches the database, so an outage there does not get it restarted.
  api.get('/health', (c) => c.json({ status: 'ok', version: deps.version }));
  // Readiness: the database answers and (with the site server) the default tenant has a live build.
  // Each tenant's live build id is listed; one tenant still building (or failing to) does not take
  // every other brand out of the load balancer: its own hosts answer 503 "situs sedang disiapkan".
  api.get('/health/ready', async (c) => {
    try {
      await deps.db.execute(sql`select 1`);
    } catch {
      return errorResponse(c, 503, 'Basis data tidak dapat dihubungi');
    }
    const report = deps.sites?.readiness();
    const ready = !report || report.tenants[report.defaultTenant]?.build != null;
    const all = !report || Object.values(report.tenants).every((tenant) => tenant.build !== null);
    const status = !ready ? 'preparing' : all ? 'ok' : 'partial';
    return c.json({ status, version: deps.version, tenants: report?.tenants ?? {} }, ready ? 200 : 503);
  });
  api.route('/v1/authorizer', authorizerRoutes(deps));
  api.route('/auth', authRoutes(deps));
  api.route('/v1/builds', buildsRoutes(deps));
  api.route('/', settingsRoutes(deps));
  api.route('/', postsRoutes(deps));
  api.route('/', showcaseRoutes(deps));
  api.route('/career', careersRoutes(deps));

  api.notFound((c) => errorResponse(c, 404, 'Endpoint tidak ditemukan'));
  api.onError((error, c) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      return errorResponse(c, error.statusCode, error.message, error.fields);
    }
    if (error instanceof HTTPException)
      return errorResponse(c, error.status as ContentfulStatusCode, error.message || 'Permintaan ditolak');
    console.error(`[api] ${c.req.method} ${c.req.path}:`, error);
    return errorResponse(c, 500, 'Terjadi kesalahan pada server');
  });
  return api;
}
