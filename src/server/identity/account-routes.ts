import { type Context, Hono } from 'hono';
import {
  EmailResendRequestSchema,
  EmailVerifyRequestSchema,
  FORGOT_ANSWER,
  linkLifetime,
  PasswordChangeRequestSchema,
  PasswordForgotRequestSchema,
  PasswordResetRequestSchema,
} from '~/contract/account';
import type { ApiDeps, ApiEnv } from '../context';
import { accessTokenOf, clientAddress } from '../http/credentials';
import { enforceLimit, rateLimit } from '../http/rate-limit';
import { ok } from '../http/respond';
import { siteOrigin } from '../http/site-origin';
import { readJson } from '../http/validate';
import { fail } from '../platform/errors';
import type { RateLimitRule } from '../platform/rate-limit';
import { resendVerification, verifyEmail } from './email-verification';
import { requireUser } from './guards';
import { CHANGE_PER_ACCOUNT, changePassword, FORGOT_PER_ADDRESS, requestPasswordReset, resetPassword } from './password-reset';
import { tenantOfHeader } from './tenant-header';

/** Link uses per address: a token is 256 random bits, so this only bounds the work (a reset hashes a password). */
export const LINK_CALLS: RateLimitRule = { name: 'account-link', limit: 30, windowMs: 600_000 };

/**
 * The account's mail links on the auth service (mounted by `authRoutes`): `email/verify`,
 * `email/resend`, `password/forgot`, `password/reset`, `password/change`. The tenant is the lmsId
 * header's (a signed-in caller's account must be of that tenant); links point at the site the call
 * came from when the tenant serves it (`http/site-origin.ts`).
 */
export function accountRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();

  /** The tenant of the header, which must be the signed-in user's own. */
  const ownTenant = async (c: Context<ApiEnv>) => {
    const tenant = await tenantOfHeader(c, deps);
    const user = c.get('user');
    if (user.lmsId !== tenant.lmsId) throw fail('lmsIdNotAccount');
    return { tenant, user };
  };

  app.post('/email/verify', rateLimit(deps, LINK_CALLS), async (c) => {
    const tenant = await tenantOfHeader(c, deps);
    const { token } = await readJson(c, EmailVerifyRequestSchema);
    return ok(c, await verifyEmail(deps.db, tenant.lmsId, token), 'Email berhasil diverifikasi');
  });

  app.post('/email/resend', requireUser(deps), async (c) => {
    const { tenant, user } = await ownTenant(c);
    await readJson(c, EmailResendRequestSchema);
    const sent = await resendVerification(deps, user, { title: tenant.title, origin: siteOrigin(c, tenant) });
    return ok(c, sent, `Email verifikasi baru sudah dikirim ke ${sent.email}. Tautannya berlaku ${linkLifetime('verify-email')}.`);
  });

  app.post('/password/forgot', rateLimit(deps, FORGOT_PER_ADDRESS), async (c) => {
    const tenant = await tenantOfHeader(c, deps);
    const { email } = await readJson(c, PasswordForgotRequestSchema);
    // The mail is prepared after the answer, so a known address answers as fast as an unknown one.
    await requestPasswordReset(deps, tenant, email, siteOrigin(c, tenant));
    return ok(c, {}, FORGOT_ANSWER);
  });

  app.post('/password/reset', rateLimit(deps, LINK_CALLS), async (c) => {
    const tenant = await tenantOfHeader(c, deps);
    const { token, password } = await readJson(c, PasswordResetRequestSchema);
    const done = await resetPassword(deps, tenant, token, password, siteOrigin(c, tenant));
    return ok(c, done, 'Password berhasil diubah. Semua perangkat telah dikeluarkan; silakan masuk dengan password baru.');
  });

  app.post('/password/change', requireUser(deps), async (c) => {
    const { tenant, user } = await ownTenant(c);
    await enforceLimit(deps, CHANGE_PER_ACCOUNT, user.id);
    const body = await readJson(c, PasswordChangeRequestSchema);
    const done = await changePassword(deps, tenant, user, {
      ...body,
      address: clientAddress(c, deps.trustProxyHops),
      // requireUser found a live token, so there is one.
      accessToken: accessTokenOf(c)?.value ?? '',
      origin: siteOrigin(c, tenant),
    });
    return ok(c, done, 'Password berhasil diubah. Perangkat lain telah dikeluarkan dari akun ini.');
  });

  return app;
}
