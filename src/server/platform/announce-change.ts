import type { ApiDeps } from '../context';
import type { SiteEvent } from './site-events';

/** What a write changed, as the write itself reports it. */
export interface Change {
  /** The tenant's code. */
  tenant: string;
  /** `content`: items (posts, classes, …); `settings`: settings or page copy, which any page may show. */
  reason: Extract<SiteEvent['reason'], 'content' | 'settings'>;
  /** Ids (and slugs) of the items written; none for a change of the whole tenant. */
  ids: readonly (string | number)[];
}

/**
 * Announces a write that stands, called by the route right after it: every server process drops the
 * pages it cached for the tenant (a site event), and, when this process builds sites, a build of the
 * tenant is queued: `settings.updated` a full build, `content.updated` an incremental one of `ids`.
 * Never throws: the write stands even if either fails (logged); cached pages then age out on their own.
 */
export async function announceChange(deps: Pick<ApiDeps, 'siteEvents' | 'builds'>, change: Change): Promise<void> {
  const { tenant, reason } = change;
  await deps.siteEvents.publish({ tenant, reason }).catch((error: unknown) => {
    console.error(`[api] perubahan ${reason} tenant ${tenant} tidak dapat diumumkan:`, error);
  });
  if (!deps.builds) return;
  await deps.builds.enqueue({ type: `${reason}.updated`, tenant, ids: [...change.ids] }, 'cms').catch((error: unknown) => {
    console.error(`[api] build tenant ${tenant} setelah perubahan ${reason} tidak dapat diantrekan:`, error);
  });
}
