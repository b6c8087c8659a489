import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ApiDeps, ApiEnv } from '../context';
import type { SiteEvent } from './site-events';

/**
 * After a successful write, announces that the tenant's content or settings changed, so every server
 * process drops the pages it cached for the tenant, and (when this process builds sites) queues a
 * build of the tenant: `settings.updated` is a full build, `content.updated` an incremental one.
 * The write stands even if either fails (logged); cached pages then age out on their own.
 */
export function announces(deps: Pick<ApiDeps, 'siteEvents' | 'builds'>, reason: SiteEvent['reason']) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    await next();
    if (c.res.status >= 300) return;
    const tenant = c.get('tenant');
    await deps.siteEvents.publish({ tenant: tenant.code, reason }).catch((error: unknown) => {
      console.error(`[api] perubahan ${reason} tenant ${tenant.code} tidak dapat diumumkan:`, error);
    });
    if (!deps.builds) return;
    const event = { type: `${reason}.updated`, tenant: tenant.code, ids: await changedIds(c) };
    await deps.builds.enqueue(event, 'cms').catch((error: unknown) => {
      console.error(`[api] build tenant ${tenant.code} setelah perubahan ${reason} tidak dapat diantrekan:`, error);
    });
  });
}

/** The id and slug of the written item, from the answer's `data` when it is a JSON object; else none. */
async function changedIds(c: Context): Promise<(string | number)[]> {
  if (!c.res.headers.get('Content-Type')?.startsWith('application/json')) return [];
  try {
    const { data } = (await c.res.clone().json()) as { data?: { id?: unknown; slug?: unknown } };
    return [data?.id, data?.slug].filter((id): id is string | number => typeof id === 'string' || typeof id === 'number');
  } catch {
    return [];
  }
}
