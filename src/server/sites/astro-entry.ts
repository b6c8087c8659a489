import { createApp } from 'astro/app/entrypoint';
// The island runtime Astro inlines before a page's first island (the same text it renders).
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import { BUILD_FILES, FIXED_PAGES } from '~/lib/content/fixed-pages';
import { type ContentSource, setContentSource } from '~/lib/content/source';
import { scriptPolicy, withScriptPolicy } from '~/lib/html/script-policy';
import { SPECULATION_RULES } from '~/lib/html/speculation';
import { type SiteContext, setSiteContext } from '~/lib/tenant';

/**
 * The site renderer (`server/entry.mjs` of the one compile that serves every tenant): configured
 * once per process with a tenant's context and a content source, then a Web `Request` in, a
 * `Response` out. Builds render every page through it (site-build.ts); the site server renders
 * on-demand pages of a live build through it, in render processes (renderers.ts). The site uses no
 * `astro:env` variables, so Astro's own environment getter is left as it is: the renderer reads no
 * configuration of its own (the tenant's context and the content source are all it is given).
 */
const app = createApp({ streaming: false });

/**
 * The inline scripts this compile may put in a page, known before any content is read: the scripts
 * Astro inlined from our components, its island runtime and client directives, the speculation rules.
 */
const policy = scriptPolicy([
  ...app.manifest.inlinedScripts.values(),
  ...app.manifest.clientDirectives.values(),
  islandScript,
  SPECULATION_RULES,
]);

export function configure(context: SiteContext, source: ContentSource): void {
  setSiteContext(context);
  setContentSource(source);
}

/** Renders a page; an HTML page gets the compile's script policy (script-policy.ts). */
export async function render(request: Request): Promise<Response> {
  const response = await app.render(request);
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const text = await response.text();
  // An inline script the policy does not allow will not run: content that carried one, or a component
  // whose script Astro did not compile. Either way worth a line.
  const untrusted = policy.untrusted(text);
  if (untrusted.length) console.warn(`[csp] ${new URL(request.url).pathname}: skrip inline tanpa izin (${untrusted.join(' ')})`);
  const html = withScriptPolicy(text, policy);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

/** The fixed pages and files a build writes for every tenant (content items come from the route table). */
export const fixedPages = (): { pages: string[]; files: Record<string, string> } => ({ pages: FIXED_PAGES, files: BUILD_FILES });
