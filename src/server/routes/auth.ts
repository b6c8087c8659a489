import { Hono } from 'hono';
import { LoginRequestSchema } from '~/contract/auth';
import { HEADERS } from '~/contract/common';
import type { ApiDeps, ApiEnv } from '../context';
import { HttpError } from '../errors';
import { requireUser } from '../middleware/auth';
import { clientAddress } from '../middleware/credentials';
import { rateLimit, tooManyRequests } from '../middleware/rate-limit';
import { readJson } from '../middleware/validate';
import { signIn } from '../services/sessions';
import { takeSignInTurn } from '../services/sign-in-delays';

/**
 * Sign-in calls per address and minute, whatever their outcome: failures are slowed by
 * `sign-in-delays.ts`; this caps the password hashing any one address can ask for, while leaving
 * room for a class behind one school address signing in together.
 */
const SIGN_IN_CALLS = { name: 'sign-in', limit: 60, windowMs: 60_000 };

/** The auth service (SPEC §7): sign-in (`generate/token`) and the signed-in user (`user/detail`). */
export function authRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();

  app.post('/generate/token', rateLimit(deps, SIGN_IN_CALLS), async (c) => {
    const lmsId = c.req.header(HEADERS.lmsId)?.trim();
    if (!lmsId) throw new HttpError(400, 'Header lmsId wajib dikirim', [{ field: HEADERS.lmsId, message: 'wajib diisi' }]);
    const tenant = await deps.tenants.byLmsId(lmsId);
    if (!tenant) throw new HttpError(404, 'Tenant dengan lmsId tersebut tidak ditemukan');
    const body = await readJson(c, LoginRequestSchema);
    const address = clientAddress(c, deps.trustProxyHops);
    // Waits that grow per address and per account, checked before the password; never a lock of the owner.
    const turn = await takeSignInTurn(deps.rateLimiter, address, `${tenant.lmsId}:${body.email.trim().toLowerCase()}`);
    if (turn.wait !== undefined) throw tooManyRequests(turn.wait, 'percobaan masuk');
    const session = await signIn(deps.db, tenant.lmsId, body.email, body.password).catch(async (error: unknown) => {
      await turn.unchecked();
      throw error;
    });
    if (!session) {
      console.warn(`[auth] gagal masuk: ${tenant.code} dari ${address}`);
      throw new HttpError(401, 'Email atau password salah');
    }
    await turn.succeeded();
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
