import { createReadStream, existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { isListPage, LIST_PARAMS, RENDERED_PREFIX, rendersOnDemand } from '~/lib/content/on-demand';
import { staticFiles } from './static-files';

/** Astro's node middleware (`dist/<code>/server/entry.mjs` → `handler`, middleware mode). */
export type AstroHandler = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => Promise<void> | void;

/** The platform API's fetch handler (`createApiApp(…).fetch`), mounted under `/api`. */
export type ApiFetch = (request: Request, env?: unknown) => Response | Promise<Response>;

export interface SiteServerOptions {
  api: ApiFetch;
  /** `dist/<code>/client`: prerendered pages and assets. */
  clientDir: string;
  /** On-demand routes; absent when the build has none. */
  astroHandler?: AstroHandler | undefined;
  /** Under maintenance every page answers with the maintenance screen (503). */
  maintenance: boolean;
}

/** Shown only when even the error page cannot be sent (SPEC §8 "Error page failure"). */
const ERROR_PAGE_FAILURE = `<!doctype html><html lang="id"><head><meta charset="utf-8"><title>An error occurred while showing the error page</title></head><body><h1>An error occurred while showing the error page</h1><p>Unfortunately an error occurred and while showing the error page another error occurred</p><p><a href="/">Go back to home</a></p></body></html>`;

/**
 * One server for one tenant's build: `/api/*` is the platform API, then static files (precompressed,
 * cached), then Astro's on-demand routes, then the not-found page with status 404.
 */
export function createSiteServer(options: SiteServerOptions) {
  const app = new Hono<{ Bindings: HttpBindings }>();
  const page = (name: string) => join(options.clientDir, name);

  const sendPage = (c: Context, file: string, status: 404 | 500 | 503) => {
    if (!existsSync(file)) return c.html(ERROR_PAGE_FAILURE, 500);
    c.header('Cache-Control', 'no-store');
    return c.body(Readable.toWeb(createReadStream(file)) as ReadableStream, status, { 'Content-Type': 'text/html; charset=utf-8' });
  };

  // mount(): the API keeps its own not-found and error answers (JSON), unlike route().
  app.mount('/api', options.api);

  const securityHeaders = secureHeaders({
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginResourcePolicy: 'cross-origin',
    crossOriginOpenerPolicy: 'same-origin',
  });
  app.use(securityHeaders);
  // Astro writes on-demand pages to the socket itself, past the middleware: they get the same headers first.
  let pageHeaders: Promise<[string, string][]> | undefined;

  if (options.maintenance) {
    // Assets still load (the screen needs its logo and styles); every page is the maintenance screen.
    const assets = staticFiles(options.clientDir);
    app.use(async (c, next) => {
      if (/\.[a-z0-9]+$/i.test(c.req.path) && !c.req.path.endsWith('.html')) return assets(c, next);
      c.header('Retry-After', '3600');
      return sendPage(c, page('index.html'), 503);
    });
  }

  // A list page asked for another page, a search or a category is rendered on demand (its static
  // file is page 1 unfiltered); everything else is served from the build first.
  const files = staticFiles(options.clientDir);
  app.use((c, next) => (wantsRendering(c.req.url) ? next() : files(c, next)));

  app.all('*', async (c) => {
    const handler = options.astroHandler;
    const { pathname } = new URL(c.req.url);
    // The on-demand content route answers only through the rewrite below, never at its own address
    // (however it is spelt: Astro decodes `%6Bonten` and matches routes case-insensitively).
    if (isRenderedPrefix(pathname)) return sendPage(c, page('404.html'), 404);
    if (handler && rendersOnDemand(pathname)) c.env.incoming.url = `${RENDERED_PREFIX}${c.env.incoming.url}`;
    if (handler) {
      pageHeaders ??= headersSetBy(securityHeaders);
      for (const [name, value] of await pageHeaders) c.env.outgoing.setHeader(name, value);
      const handled = await new Promise<boolean>((resolve, reject) => {
        Promise.resolve(handler(c.env.incoming, c.env.outgoing, (error) => (error ? reject(error) : resolve(false))))
          .then(() => resolve(true))
          .catch(reject);
      });
      if (handled && c.env.outgoing.headersSent) return RESPONSE_ALREADY_SENT;
    }
    return sendPage(c, page('404.html'), 404);
  });

  app.onError((error, c) => {
    console.error(`[site] ${c.req.method} ${c.req.path}:`, error);
    return sendPage(c, page('500.html'), 500);
  });
  return app;
}

/** Whether `pathname` is under the on-demand route's own prefix, in any spelling. */
function isRenderedPrefix(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname).toLowerCase();
  } catch {
    return false;
  }
  const prefix = RENDERED_PREFIX.toLowerCase();
  return decoded === prefix || decoded.startsWith(`${prefix}/`);
}

/** The headers a middleware sets on an answer, read once off a probe request. */
async function headersSetBy(middleware: MiddlewareHandler): Promise<[string, string][]> {
  const probe = new Hono().use(middleware).get('*', (c) => c.body(null, 204));
  return [...(await probe.request('/')).headers];
}

/** Whether a list page is asked for with a list query (`?page=`, `?search=`, `?category=`); other pages keep their file. */
function wantsRendering(url: string): boolean {
  const { pathname, searchParams } = new URL(url);
  return isListPage(pathname) && LIST_PARAMS.some((name) => searchParams.has(name));
}
