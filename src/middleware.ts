import { defineMiddleware } from 'astro:middleware';
import { type ContentSource, setContentSource } from '~/lib/content/source';
import { type SiteContext, setSiteContext } from '~/lib/tenant';

/**
 * `astro dev` only: before each page, sets the tenant's context and content source that the dev
 * plugin (src/server/dev-plugin.ts) made from the platform it runs. Builds and render processes set
 * them once through `configure` (astro-entry.ts); there this does nothing.
 */
const DEV_SITE = Symbol.for('lms.dev-site');

export const onRequest = defineMiddleware(async (_context, next) => {
  if (import.meta.env.DEV) {
    const devSite = (globalThis as { [DEV_SITE]?: () => Promise<{ context: SiteContext; source: ContentSource }> })[DEV_SITE];
    if (devSite) {
      const { context, source } = await devSite();
      setSiteContext(context);
      setContentSource(source);
    }
  }
  return next();
});
