import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { CitiesQuerySchema, TokenGenerateRequestSchema } from '~/contract/authorizer';
import type { ApiDeps, ApiEnv } from '../context';
import { rateLimit } from '../http/rate-limit';
import { created, ok } from '../http/respond';
import { readJson, readQuery } from '../http/validate';
import { listCities, listProvinces } from '../platform/areas';
import { fail } from '../platform/errors';
import { tenantClientKeys } from '../platform/keys';
import { originHost, servesHost } from '../platform/tenants';
import { requireAppToken } from './guards';

const sameSecret = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The authorizer of the main services (SPEC §7 "App token"), plus the province and city lists. */
export function authorizerRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();

  app.post(
    '/token/generate',
    rateLimit(deps, { name: 'token-generate', limit: deps.tokenGeneratePerMinute, windowMs: 60_000 }),
    async (c) => {
      const body = await readJson(c, TokenGenerateRequestSchema);
      const tenant = await deps.tenants.byAppCode(body.id);
      if (!tenant || !sameSecret(body.secret, tenantClientKeys(deps.keys, tenant).clientSecret)) throw fail('appCredentialsWrong');
      const origin = c.req.header('Origin');
      const host = originHost(origin);
      if (!origin || !host || !servesHost(tenant, host)) throw fail('originNotTenant');
      const pair = await deps.appTokens.issue(tenant, body.id, body.scopes, origin);
      return created(c, pair, 'Token dibuat');
    },
  );

  app.get('/version', (c) => ok(c, { version: deps.version }));

  app.get('/validate', requireAppToken(deps), (c) => {
    const { tenant, scopes, expiresAt } = c.get('appToken');
    return ok(
      c,
      { valid: true as const, lmsId: tenant.lmsId, code: tenant.appCode, scopes, expiresAt: expiresAt.toISOString() },
      'Token valid',
    );
  });

  app.get('/provinces', requireAppToken(deps), async (c) => ok(c, await listProvinces()));

  app.get('/cities', requireAppToken(deps), async (c) => {
    const { provinceId } = readQuery(c, CitiesQuerySchema);
    const cities = await listCities(provinceId);
    if (!cities) throw fail('provinceNotFound', { provinceId });
    return ok(c, cities);
  });

  return app;
}
