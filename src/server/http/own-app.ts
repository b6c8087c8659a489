import { createMiddleware } from 'hono/factory';
import type { ApiDeps, ApiEnv } from '../context';
import { fail } from '../platform/errors';

/**
 * `{code}` in the path must be the app of the presented app token: a token of one tenant never reads
 * or writes another's settings or builds (404 for an app that does not exist, 403 for another one).
 */
export function ownAppCode(deps: Pick<ApiDeps, 'tenants'>) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const code = c.req.param('code');
    if (code !== c.get('tenant').appCode) {
      if (!code || !(await deps.tenants.byAppCode(code))) throw fail('appNotFound', { code });
      throw fail('appTokenOtherApp');
    }
    await next();
  });
}
