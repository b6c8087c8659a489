import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { CitiesQuerySchema, TokenGenerateRequestSchema } from '~/contract/authorizer';
import type { ApiDeps, ApiEnv } from '../context';
import { HttpError } from '../http/errors';
import { rateLimit } from '../http/rate-limit';
import { readJson, readQuery } from '../http/validate';
import { listCities, listProvinces } from '../platform/areas';
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

  app.post('/token/generate', rateLimit(deps, { name: 'token-generate', limit: 60, windowMs: 60_000 }), async (c) => {
    const body = await readJson(c, TokenGenerateRequestSchema);
    const tenant = await deps.tenants.byAppCode(body.id);
    if (!tenant || !sameSecret(body.secret, tenantClientKeys(deps.keys, tenant).clientSecret)) {
      throw new HttpError(401, 'id atau secret aplikasi salah');
    }
    const origin = c.req.header('Origin');
    const host = originHost(origin);
    if (!origin || !host || !servesHost(tenant, host)) throw new HttpError(403, 'Origin bukan host milik tenant ini');
    const pair = await deps.appTokens.issue(tenant, body.id, body.scopes, origin);
    return c.json({ statusCode: 201, message: 'Token dibuat', data: pair }, 201);
  });

  app.get('/version', (c) => c.json({ statusCode: 200, message: 'OK', data: { version: deps.version } }));

  app.get('/validate', requireAppToken(deps), (c) => {
    const { tenant, scopes, expiresAt } = c.get('appToken');
    return c.json({
      statusCode: 200,
      message: 'Token valid',
      data: { valid: true as const, lmsId: tenant.lmsId, code: tenant.appCode, scopes, expiresAt: expiresAt.toISOString() },
    });
  });

  app.get('/provinces', requireAppToken(deps), async (c) => c.json({ statusCode: 200, message: 'OK', data: await listProvinces() }));

  app.get('/cities', requireAppToken(deps), async (c) => {
    const { provinceId } = readQuery(c, CitiesQuerySchema);
    const cities = await listCities(provinceId);
    if (!cities) throw new HttpError(404, `Provinsi ${provinceId} tidak ditemukan`);
    return c.json({ statusCode: 200, message: 'OK', data: cities });
  });

  return app;
}
