import { createMiddleware } from 'hono/factory';
import type { ApiDeps, ApiEnv } from '../context';
import type { SiteEvent } from '../sites/site-events';

/**
 * After a successful write, announces that the tenant's content or settings changed, so every server
 * process drops the pages it cached for the tenant. The write stands even if the announcement fails
 * (logged); cached pages then age out on their own.
 */
export function announces(deps: Pick<ApiDeps, 'siteEvents'>, reason: SiteEvent['reason']) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    await next();
    if (c.res.status >= 300) return;
    const tenant = c.get('tenant');
    await deps.siteEvents.publish({ tenant: tenant.code, reason }).catch((error: unknown) => {
      console.error(`[api] perubahan ${reason} tenant ${tenant.code} tidak dapat diumumkan:`, error);
    });
  });
}
