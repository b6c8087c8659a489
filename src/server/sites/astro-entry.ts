import { createApp } from 'astro/app/entrypoint';
import { setGetEnv } from 'astro/env/setup';
import { BUILD_FILES, FIXED_PAGES } from '~/lib/content/fixed-pages';
import { type ContentSource, setContentSource } from '~/lib/content/source';
import { withScriptPolicy } from '~/lib/html/script-policy';
import { type SiteContext, setSiteContext } from '~/lib/tenant';

/**
 * The site renderer (`server/entry.mjs` of the one compile that serves every tenant): configured
 * once per process with a tenant's context and a content source, then a Web `Request` in, a
 * `Response` out. Builds render every page through it (site-build.ts); the site server renders
 * on-demand pages of a live build through it, in render processes (renderers.ts).
 */
setGetEnv((key) => process.env[key]);
const app = createApp({ streaming: false });

export function configure(context: SiteContext, source: ContentSource): void {
  setSiteContext(context);
  setContentSource(source);
}

/** Renders a page; an HTML page gets its script policy (the hashes of its own inline scripts, see script-policy.ts). */
export async function render(request: Request): Promise<Response> {
  const response = await app.render(request);
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = withScriptPolicy(await response.text());
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

/** The fixed pages and files a build writes for every tenant (content items come from the route table). */
export const fixedPages = (): { pages: string[]; files: Record<string, string> } => ({ pages: FIXED_PAGES, files: BUILD_FILES });
