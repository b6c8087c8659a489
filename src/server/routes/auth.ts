import { Hono } from 'hono';
import { LoginRequestSchema } from '~/contract/auth';
import { HEADERS } from '~/contract/common';
import type { ApiDeps, ApiEnv } from '../context';
import { HttpError } from '../errors';
import { requireUser } from '../middleware/auth';
import { clientAddress } from '../middleware/credentials';
import { enforceLimit, rateLimit } from '../middleware/rate-limit';
import { readJson } from '../middleware/validate';
import { signIn } from '../services/sessions';

/** The auth service (SPEC §7): sign-in (`generate/token`) and the signed-in user (`user/detail`). */
export function authRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();

  app.post('/generate/token', rateLimit(deps, { name: 'sign-in', limit: 10, windowMs: 60_000 }), async (c) => {
    const lmsId = c.req.header(HEADERS.lmsId)?.trim();
    if (!lmsId) throw new HttpError(400, 'Header lmsId wajib dikirim', [{ field: HEADERS.lmsId, message: 'wajib diisi' }]);
    const tenant = await deps.tenants.byLmsId(lmsId);
    if (!tenant) throw new HttpError(404, 'Tenant dengan lmsId tersebut tidak ditemukan');
    const body = await readJson(c, LoginRequestSchema);
    // Per account too, so guessing one password from many addresses is limited; set higher than the
    // per-address limit so that one attacker cannot lock the owner out.
    await enforceLimit(
      deps,
      { name: 'sign-in-account', limit: 30, windowMs: 60_000 },
      `${tenant.lmsId}:${body.email.trim().toLowerCase()}`,
    );
    const session = await signIn(deps.db, tenant.lmsId, body.email, body.password);
    if (!session) {
      console.warn(`[auth] gagal masuk: ${tenant.code} dari ${clientAddress(c, deps.trustProxyHops)}`);
      throw new HttpError(401, 'Email atau password salah');
    }
    return c.json({
      statusCode: 200,
      message: 'Berhasil masuk',
      data: {
        accessToken: session.accessToken,
        tokenType: 'Bearer' as const,
        expiresAt: session.expiresAt.toISOString(),
        user: session.user,
      },
    });
  });

  app.get('/user/detail', requireUser(deps), (c) => {
    const user = c.get('user');
    const lmsId = c.req.header(HEADERS.lmsId)?.trim();
    if (lmsId && lmsId !== user.lmsId) throw new HttpError(403, 'lmsId tidak sesuai dengan akun ini');
    return c.json({ statusCode: 200, message: 'OK', data: user });
  });

  return app;
}
