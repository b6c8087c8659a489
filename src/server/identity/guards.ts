import { createMiddleware } from 'hono/factory';
import { HEADERS } from '~/contract/common';
import type { Role } from '~/contract/roles';
import type { ApiDeps, ApiEnv } from '../context';
import { accessTokenOf, appTokenOf } from '../http/credentials';
import { assertSameSite, isMutating } from '../http/csrf';
import { fail } from '../platform/errors';
import { userOfToken } from './sessions';

/**
 * Main-service calls need a valid app token (SPEC §7). The token names the tenant; an lmsId header,
 * when sent, must name the same one, and mutating calls need the `write` scope.
 */
export function requireAppToken(deps: Pick<ApiDeps, 'appTokens'>) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const credential = appTokenOf(c);
    if (!credential) throw fail('appTokenMissing');
    const check = await deps.appTokens.verify(credential.value);
    if (!check.ok) throw fail('appTokenInvalid');
    const { tenant } = check.token;
    if (credential.fromCookie) assertSameSite(c, tenant);
    const lmsId = c.req.header(HEADERS.lmsId)?.trim();
    if (lmsId && lmsId !== tenant.lmsId) throw fail('lmsIdNotAppToken');
    if (isMutating(c.req.method) && !check.token.scopes.includes('write')) throw fail('appTokenReadOnly');
    c.set('appToken', check.token);
    c.set('tenant', tenant);
    await next();
  });
}

/** Sets `user` from the access token; 401 when none or an invalid one was sent. */
export function requireUser(deps: Pick<ApiDeps, 'db' | 'tenants'>) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const credential = accessTokenOf(c);
    if (!credential) throw fail('signInRequired');
    const user = await userOfToken(deps.db, credential.value);
    if (!user) throw fail('sessionInvalid');
    const tenant = c.get('tenant') as ApiEnv['Variables']['tenant'] | undefined;
    if (tenant && tenant.lmsId !== user.lmsId) throw fail('accountOtherTenant');
    if (credential.fromCookie) {
      const own = tenant ?? (await deps.tenants.byLmsId(user.lmsId));
      if (!own) throw fail('sessionInvalid');
      assertSameSite(c, own);
    }
    c.set('user', user);
    await next();
  });
}

/**
 * Lets only the given roles of SPEC §6 through (after `requireUser`). Later call families reuse it:
 * e.g. `requireRole('writer', 'admin', 'superadmin')` for posts.
 */
export function requireRole(...roles: Role[]) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const role = c.get('user').role;
    if (!role || !roles.includes(role)) throw fail('roleRefused', { roles });
    await next();
  });
}
