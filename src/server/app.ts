import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { auditRoutes } from './audit';
import { buildsRoutes } from './builds';
import { classesRoutes, coreRoutes, coursesRoutes, programsRoutes } from './catalogue';
import { certificatesRoutes } from './certificates';
import { chatRoutes } from './chat';
import { careersRoutes, showcaseRoutes } from './content';
import type { ApiDeps, ApiEnv } from './context';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailableCause } from './db/errors';
import { formsRoutes } from './forms';
import { healthRoutes } from './health';
import { tenantCors } from './http/cors';
import { DomainError, domainErrorResponse, errorResponse } from './http/errors';
import { MAX_BODY_BYTES } from './http/limits';
import { refuseNulBytes } from './http/nul-bytes';
import { authorizerRoutes, authRoutes, peopleRoutes, usersRoutes } from './identity';
import { learnersRoutes } from './learners';
import { mailerRoutes } from './mail';
import { paymentsRoutes } from './payments';
import { fail } from './platform/errors';
import { postsRoutes } from './posts';
import { restRoutes } from './rest';
import { loggerRoutes, statisticsRoutes, statsHostRoutes } from './statistics';
import { settingsRoutes } from './tenants';
import { uploadRoutes } from './uploads';

/**
 * The embedded platform API, mounted by the server under `/api` (bases in docs/design.md): the main
 * services at the root, the auth service under `auth/`. Routes are relative, so the same app serves
 * `astro dev` (via a Vite middleware), production and in-process tests. Call families are sub-apps
 * in `routes/`.
 */
export function createApiApp(deps: ApiDeps) {
  const api = new Hono<ApiEnv>();
  api.use(secureHeaders({ referrerPolicy: 'strict-origin-when-cross-origin', crossOriginResourcePolicy: 'cross-origin' }));
  api.use(async (c, next) => {
    await next();
    // A route's own no-store variant (`private, no-store` for a user's data) stays; everything else is no-store.
    if (!c.res.headers.get('Cache-Control')?.includes('no-store')) c.header('Cache-Control', 'no-store');
  });
  api.use(tenantCors(deps));
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => domainErrorResponse(c, fail('bodyTooLarge', { maxKb: MAX_BODY_BYTES / 1024 })),
  });
  // The upload service's POST has a limit of its own (uploads/routes.ts); every other call keeps this one.
  api.use((c, next) => (c.req.method === 'POST' && /^\/upload\/?$/.test(c.req.path) ? next() : limitBody(c, next)));
  api.use(refuseNulBytes());

  api.route('/', healthRoutes(deps));
  api.route('/v1/authorizer', authorizerRoutes(deps));
  api.route('/auth', authRoutes(deps));
  api.route('/v1/builds', buildsRoutes(deps));
  api.route('/', formsRoutes(deps));
  api.route('/', settingsRoutes(deps));
  api.route('/', postsRoutes(deps));
  api.route('/', showcaseRoutes(deps));
  api.route('/career', careersRoutes(deps));
  api.route('/', learnersRoutes(deps));
  api.route('/v1/user', usersRoutes(deps));
  api.route('/v1/people', peopleRoutes(deps));
  api.route('/v1/logger', loggerRoutes(deps));
  api.route('/mailer', mailerRoutes(deps));
  api.route('/', paymentsRoutes(deps));
  api.route('/ai', chatRoutes(deps));
  api.route('/v1/class', classesRoutes(deps));
  api.route('/v1/program', programsRoutes(deps));
  api.route('/v1/course', coursesRoutes(deps));
  api.route('/core', coreRoutes(deps));
  api.route('/v1', certificatesRoutes(deps));
  api.route('/v1/audit', auditRoutes(deps));
  api.route('/stats', statsHostRoutes(deps));
  api.route('/rest/v1', restRoutes(deps));
  api.route('/upload', uploadRoutes(deps));
  api.route('/', statisticsRoutes(deps));
  if (deps.gatewaySim) api.route('/sim/duitku', deps.gatewaySim.app);

  api.notFound((c) => domainErrorResponse(c, fail('endpointNotFound')));
  api.onError((error, c) => {
    if (error instanceof DomainError) return domainErrorResponse(c, error);
    if (error instanceof HTTPException)
      return errorResponse(c, error.status as ContentfulStatusCode, error.message || 'Permintaan ditolak');
    // An outage is not a bug: one line, no stack, and the caller is told when to try again.
    const outage = databaseUnavailableCause(error);
    if (outage) {
      console.error(`[api] ${c.req.method} ${c.req.path}: basis data tidak tersedia (${outage})`);
      return domainErrorResponse(c, fail('databaseUnavailable', { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS }));
    }
    console.error(`[api] ${c.req.method} ${c.req.path}:`, error);
    return domainErrorResponse(c, fail('internal'));
  });
  return api;
}
