import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ContentSource } from '~/lib/content/source';
import type { SiteContext } from '~/lib/tenant/context';

/**
 * The site's one compile (dist/_site, compiled first when the sources changed), as the
 * `server-render` tests render pages with it: point it at a tenant's context and content source,
 * then render requests.
 */
export interface SiteRenderer {
  configure(context: SiteContext, source: ContentSource): void;
  render(request: Request): Promise<Response>;
}

/** Compiles the site when its sources changed and loads the compiled renderer (a fresh module per compile). */
export async function loadSiteRenderer(root = process.cwd()): Promise<SiteRenderer> {
  const { compileSite } = (await import(pathToFileURL(join(root, 'scripts/build.mjs')).href)) as {
    compileSite(): { id: string } | Promise<{ id: string }>;
  };
  const { id } = await compileSite();
  return (await import(`${pathToFileURL(join(root, 'dist/_site/server/entry.mjs')).href}?compile=${id}`)) as SiteRenderer;
}

/** A page's text as a visitor reads it: no scripts or styles, tags gone, entities and white space plain. */
export const pageText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/\s+/g, ' ');
