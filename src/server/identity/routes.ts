import { Hono } from 'hono';
import { CodeExchangeRequestSchema, LoginRequestSchema, LogoutRequestSchema, RegisterRequestSchema } from '~/contract/auth';
import { HEADERS } from '~/contract/common';
import type { ApiDeps, ApiEnv } from '../context';
import { accessTokenOf, clientAddress } from '../http/credentials';
import { rateLimit } from '../http/rate-limit';
import { created, ok } from '../http/respond';
import { siteOrigin } from '../http/site-origin';
import { readJson } from '../http/validate';
import { fail } from '../platform/errors';
import { accountLoginRoutes } from './account-login';
import { accountRoutes } from './account-routes';
import { spendAuthCode } from './auth-codes';
import { requireUser } from './guards';
import { loginResult, openSession, revokeSessions } from './sessions';
import { attemptSignIn, SIGN_IN_CALLS } from './sign-in';
import { signUp } from './sign-up';
import { tenantOfHeader } from './tenant-header';

/**
 * Sign-ups per address and hour: a whole class (up to 36 learners in an Indonesian classroom) behind
 * one school address can sign up together; a script cannot fill the table.
 */
export const SIGN_UP_CALLS = { name: 'sign-up', limit: 40, windowMs: 3_600_000 };
/** Code exchanges per address and minute: a code is 256 random bits, so this only bounds the work. */
const EXCHANGE_CALLS = { name: 'code-exchange', limit: 30, windowMs: 60_000 };

/**
 * The auth service (SPEC §7): sign-in (`generate/token`), sign-up (`user/register`, which mails the
 * verification link), sign-out (`user/logout`), the signed-in user (`user/detail`), the account's mail
 * links (`email/…`, `password/…`, see account-routes.ts), and the account login page of the
 * redirect-login mode (`login`, see account-login.ts) with its code exchange (`exchange/token`).
 */
export function authRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();

  app.post('/generate/token', rateLimit(deps, SIGN_IN_CALLS), async (c) => {
    const tenant = await tenantOfHeader(c, deps);
    const body = await readJson(c, LoginRequestSchema);
    const user = await attemptSignIn(deps, tenant, clientAddress(c, deps.trustProxyHops), body.email, body.password);
    const session = await openSession(deps.db, user);
    return ok(c, loginResult(session), 'Berhasil masuk');
  });

  app.post('/user/register', rateLimit(deps, SIGN_UP_CALLS), async (c) => {
    const tenant = await tenantOfHeader(c, deps);
    const form = await readJson(c, RegisterRequestSchema);
    const session = await signUp(deps.db, tenant, form, siteOrigin(c, tenant));
    deps.mail?.kick();
    return created(c, loginResult(session), 'Akun berhasil dibuat');
  });

  app.post('/exchange/token', rateLimit(deps, EXCHANGE_CALLS), async (c) => {
    const tenant = await tenantOfHeader(c, deps);
    const { code } = await readJson(c, CodeExchangeRequestSchema);
    const user = await spendAuthCode(deps.db, tenant.lmsId, code);
    // One answer whatever the reason: unknown, spent, expired or of another tenant.
    if (!user) throw fail('codeRefused');
    // Deactivated between the account login page and this exchange.
    if (user.deactivatedAt) throw fail('accountDeactivated');
    const session = await openSession(deps.db, user);
    return ok(c, loginResult(session), 'Berhasil masuk');
  });

  app.post('/user/logout', requireUser(deps), async (c) => {
    const { everywhere = false } = await readJson(c, LogoutRequestSchema);
    // requireUser found a live token, so there is one.
    const token = accessTokenOf(c)?.value ?? '';
    const revoked = await revokeSessions(deps.db, token, everywhere);
    return ok(c, { revoked }, 'Berhasil keluar');
  });

  app.get('/user/detail', requireUser(deps), (c) => {
    const user = c.get('user');
    const lmsId = c.req.header(HEADERS.lmsId)?.trim();
    if (lmsId && lmsId !== user.lmsId) throw fail('lmsIdNotAccount');
    return ok(c, user);
  });

  app.route('/login', accountLoginRoutes(deps));
  app.route('/', accountRoutes(deps));

  return app;
}
