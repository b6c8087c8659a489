import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { isAdminPath } from '~/lib/admin/sections';
import { ADMIN_VIEWER_HEADER, type AdminViewer, encodeViewer } from '~/lib/admin/viewer';
import { CLASS_LIST_PATH, canonicalClassRequest } from '~/lib/catalogue/class-query';
import { isListPage, LIST_PARAMS, readListQuery } from '~/lib/content/on-demand';
import { mainAddress, rendersOnDemand, rendersUncached } from '~/lib/content/routes';
import { OPEN_UNDER_MAINTENANCE } from '~/lib/tenant/maintenance';
import { cookieValue } from '../http/cookies';
import { requestHost } from '../http/proxy';
import type { TenantRecord } from '../platform/tenants';
import { type AccessLog, loggedPath } from './access-log';
import type { BlobPool } from './blob-pool';
import { hostPages } from './host-pages';
import type { PageCache } from './page-cache';
import { bareHost, isLocalHost, type LiveBuild, type Site, type SiteRegistry } from './registry';
import type { RenderLimit } from './render-limit';
import { isLoopback, requestAddress } from './render-limit';
import { type ApiFetch, type Renderers, RenderersBusy, SourceFailed } from './renderers';
import { type FlatHeaders, type Prepared, sendPrepared, withStatus } from './respond';

export interface SiteServerOptions {
  registry: SiteRegistry;
  api: ApiFetch;
  pool: BlobPool;
  pageCache: PageCache;
  renderers: Renderers;
  /** TRUST_PROXY hops: behind proxies, the tenant comes from the X-Forwarded-Host value the nearest trusted proxy set. */
  trustProxyHops: number;
  /** Security headers (`securityHeaders()`), on every answer the listener makes itself. */
  common: FlatHeaders;
  /** Each address's budget of pages rendered on demand. */
  renderLimit: RenderLimit;
  accessLog?: AccessLog | undefined;
  /**
   * Who holds an access token on a tenant (the staff console, /Admin): the account when its session is
   * live and of that tenant. Without it every console request is rendered as signed out.
   */
  viewer?: ((tenant: TenantRecord, accessToken: string) => Promise<AdminViewer | undefined>) | undefined;
}

/** The headers Hono's secureHeaders sets, computed once and written with every site answer. */
export async function securityHeaders(): Promise<FlatHeaders> {
  const probe = new Hono()
    .use(
      secureHeaders({
        referrerPolicy: 'strict-origin-when-cross-origin',
        crossOriginResourcePolicy: 'cross-origin',
        crossOriginOpenerPolicy: 'same-origin',
      }),
    )
    .get('*', (c) => c.body(null, 204));
  // What no page of any tenant needs: being framed by another site, a <base> pointing elsewhere, plugins.
  // Scripts are limited by each page's own policy: the renderer puts the hashes of the page's inline
  // scripts in a <meta> policy (lib/html/script-policy.ts); the server's own pages allow none.
  return [...[...(await probe.request('/')).headers].flat(), 'Content-Security-Policy', CSP];
}

const CSP = "base-uri 'self'; frame-ancestors 'self'; object-src 'none'";

/**
 * One request listener for every tenant. `/api/*` is the platform API on any host. Otherwise the
 * host picks the tenant (an unknown host gets the "situs tidak ditemukan" page, a tenant without a
 * live build yet "situs sedang disiapkan"); its build's files answer from memory; list pages asked
 * for a page, a search or a category and items newer than the build are rendered on demand through
 * the page cache, a certificate's page (`rendersUncached`) for every request; anything else is the
 * tenant's 404 page.
 */
export function createSiteListener(options: SiteServerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const { registry, pool, pageCache, renderers, accessLog, common, renderLimit } = options;
  const pages = hostPages(common);
  const api = getRequestListener(new Hono().mount('/api', options.api).fetch);

  const send = (req: IncomingMessage, res: ServerResponse, prepared: Prepared, extra?: FlatHeaders) => {
    const sent = sendPrepared(req, res, prepared, pool, extra);
    if (sent) sent.catch((error: unknown) => fail(res, error));
  };
  const fail = (res: ServerResponse, error: unknown) => {
    console.error('[site]', error);
    if (!res.headersSent) res.writeHead(500, ['Content-Type', 'text/plain; charset=utf-8']).end('Terjadi kesalahan pada server');
    else res.destroy();
  };

  /**
   * /Admin…: never built, never cached, rendered by the live build for the signed-in staff member
   * the `token` cookie names (`viewer`), who travels to the render process in a header only this
   * server sets. The page itself decides: sign in first (302), not staff (403), or the console.
   */
  const staffConsole = (
    req: IncomingMessage,
    res: ServerResponse,
    site: Site,
    build: LiveBuild,
    path: string,
    query: string,
    track: { cache?: string } | undefined,
  ) => {
    const renderer = build.renderer;
    if (!renderer) return send(req, res, build.notFound);
    if (path.endsWith('/')) {
      // As every other address: without the slash (`/Admin/Tulisan/` → `/Admin/Tulisan`), the query kept.
      res.writeHead(301, ['Location', `${encodeBytes(path.replace(/\/+$/, ''))}${encodeBytes(query)}`, ...common]).end();
      return;
    }
    const address = requestAddress(req, options.trustProxyHops);
    const wait = isLoopback(address) ? undefined : renderLimit.take(address);
    if (wait !== undefined) return send(req, res, pages.tooMany, ['Retry-After', String(wait)]);
    const token = cookieValue(req.headers.cookie, 'token');
    const who = token && options.viewer ? options.viewer(site.tenant, token) : Promise.resolve(undefined);
    const url = `https://${site.canonicalHost}${encodeBytes(path)}${encodeBytes(query)}`;
    who
      .then(
        (viewer) =>
          pageCache.pass(() =>
            renderers.render(site.tenant.code, renderer, url, viewer ? [[ADMIN_VIEWER_HEADER, encodeViewer(viewer)]] : undefined),
          ),
        (error: unknown) => {
          // The database did not answer who this is: try again soon, as any read that failed.
          console.error(`[site] ${site.tenant.code} ${path}: sesi tidak dapat dibaca:`, error);
          throw new SourceFailed('unavailable', path);
        },
      )
      .then(
        ({ prepared }) => {
          if (track) track.cache = 'pass';
          send(req, res, CONSOLE_STATUSES.has(prepared.status) ? prepared : build.error, ['X-Cache', 'pass']);
        },
        (error: unknown) => {
          if (error instanceof RenderersBusy) return send(req, res, busy(build));
          if (error instanceof SourceFailed && error.failure !== 'error') {
            return send(req, res, error.failure === 'busy' ? busy(build) : unavailable(build));
          }
          console.error(`[site] ${site.tenant.code} ${path}:`, error);
          send(req, res, build.error);
        },
      );
  };

  return (req, res) => {
    const url = req.url ?? '/';
    if (!METHODS.has(req.method ?? '')) {
      // TRACE and the like: nothing here answers them (and TRACE would echo credentials back).
      console.warn(`[site] metode ${req.method} ditolak: ${loggedPath(url).slice(0, 200)}`);
      return send(req, res, pages.notAllowed);
    }
    // Only origin-form (`/path?query`): an absolute-form request line (`GET http://other.example/`) names no page of ours.
    if (!url.startsWith('/')) return send(req, res, pages.badRequest);
    const queryAt = url.indexOf('?');
    const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
    const query = queryAt === -1 ? '' : url.slice(queryAt);

    const host = requestHost(req.headers['x-forwarded-host'], req.headers.host, options.trustProxyHops);
    if (rawPath === '/api' || rawPath.startsWith('/api/')) {
      // The API works on every host (its tenant comes from the call's credentials); the log names the site it came to.
      accessLog?.track(req, res, registry.resolve(host)?.tenant.code);
      void api(req, res);
      return;
    }

    // A NUL byte names no page (and the database refuses it in text); the API answers it in its own error shape.
    if (url.includes('%00') || url.includes('\0')) return send(req, res, pages.badRequest);

    const site = registry.resolve(host);
    const track = accessLog?.track(req, res, site?.tenant.code);
    if (!site) return send(req, res, pages.unknownHost);

    // SPEC §2: `/pesilat/…` on a main host switches to the matching pesilat host.
    const pesilat =
      site.pesilat && (rawPath === '/pesilat' || rawPath.startsWith('/pesilat/'))
        ? pesilatLocation(site, host ?? '', rawPath, query)
        : undefined;
    if (pesilat) {
      res.writeHead(302, ['Location', pesilat, 'Cache-Control', 'no-store', ...common]).end();
      return;
    }

    const build = site.live;
    if (!build) return send(req, res, pages.preparing);
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(req, res, build.notFound.status === 404 ? notAllowed(build) : build.notFound, ['Allow', 'GET, HEAD']);

    let path: string;
    try {
      path = rawPath.includes('%') ? decodeURIComponent(rawPath) : rawPath;
    } catch {
      return send(req, res, build.notFound);
    }

    // The staff console: rendered for each request with who asks, also under maintenance (staff turn it off there).
    if (isAdminPath(path)) return staffConsole(req, res, site, build, path, query, track);

    if (build.maintenance) {
      // Signing in stays open (staff reach the console to turn maintenance off).
      const open = OPEN_UNDER_MAINTENANCE.has(path) ? build.store.get(path) : undefined;
      if (open) return send(req, res, open.prepared);
      // The screen's own files (logo, styles) load; a missing one is a 404; every page is the screen.
      if (!/\.[a-z0-9]+$/i.test(path) || path.endsWith('.html')) return send(req, res, build.maintenance);
      return send(req, res, build.store.get(path)?.prepared ?? build.notFound);
    }

    if (path.length > 1 && path.endsWith('/')) {
      // Control characters and `//host` or `/\host` would make this an off-site redirect (browsers drop tabs and newlines).
      // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
      if (/[\u0000-\u001f\u007f\\]/.test(path) || path.startsWith('//')) return send(req, res, build.notFound);
      // The address as the canonical page has it, encoded again, with the query kept.
      // The address as it came (`%2F` stays `%2F`), without the slash, bytes outside ASCII encoded, the query kept.
      res.writeHead(301, ['Location', `${encodeBytes(rawPath.replace(/\/+$/, '') || '/')}${encodeBytes(query)}`, ...common]).end();
      return;
    }
    // The error pages are the answers of other addresses, not pages of their own.
    if (path === '/404.html' || path === '/500.html') return send(req, res, build.notFound);

    const listQuery = query.length > 1 && isListPage(path) ? listRequest(path, query) : undefined;
    if (!listQuery) {
      const file = build.store.get(path) ?? (path.startsWith('/_astro/') ? site.previous?.store.get(path) : undefined);
      if (file) return send(req, res, file.prepared);
      // Another address of an item the build has (`/News/12`, `/Berita/{slug}`): the main address's file.
      const main = build.items && mainAddress(path, build.items);
      const mainFile = main && build.store.get(main);
      if (mainFile) return send(req, res, mainFile.prepared);
      if (!build.renderer || !rendersOnDemand(path)) return send(req, res, build.notFound);
    }

    if (!build.renderer) return send(req, res, build.notFound);
    const key = `${path}${listQuery ?? ''}`;
    // A certificate's page is rendered for every request (its revocation shows at once): never from the cache.
    const uncached = !listQuery && rendersUncached(path);
    const cached = uncached ? undefined : pageCache.fresh(site.tenant.code, key);
    if (cached) {
      if (track) track.cache = 'hit';
      return send(req, res, cached, HIT);
    }
    const address = requestAddress(req, options.trustProxyHops);
    // Behind a local reverse proxy not named in TRUST_PROXY every visitor would share one budget: none applies then.
    const wait = isLoopback(address) ? undefined : renderLimit.take(address);
    if (wait !== undefined) return send(req, res, pages.tooMany, ['Retry-After', String(wait)]);
    const renderer = build.renderer;
    const render = () => renderers.render(site.tenant.code, renderer, `https://${site.canonicalHost}${key}`);
    (uncached ? pageCache.pass(render) : pageCache.get(site.tenant.code, key, render)).then(
      ({ prepared, state }) => {
        if (track) track.cache = state;
        // X-Cache tells operators (and CDNs' logs) whether the page came from the cache.
        send(req, res, prepared.status === 200 || prepared.status === 404 ? prepared : build.error, ['X-Cache', state]);
      },
      (error: unknown) => {
        if (track) track.cache = uncached ? 'pass' : 'miss';
        if (error instanceof RenderersBusy) return send(req, res, busy(build));
        // The source failed (logged where it failed) or was too busy: try again soon, never a cached error.
        if (error instanceof SourceFailed && error.failure !== 'error') {
          return send(req, res, error.failure === 'busy' ? busy(build) : unavailable(build));
        }
        console.error(`[site] ${site.tenant.code} ${key}:`, error);
        send(req, res, build.error);
      },
    );
  };
}

const HIT = ['X-Cache', 'hit'];
/** What a console page may answer: the page, sign in first, not staff, an unknown section or post. */
const CONSOLE_STATUSES = new Set([200, 302, 403, 404]);

/** Methods some page or API call takes; the rest get 405. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** A raw path or query (Node gives its bytes as latin1 characters) with every byte outside printable ASCII percent-encoded. */
function encodeBytes(query: string): string {
  return query.replace(/[^\u0021-\u007e]/g, (char) =>
    char.charCodeAt(0) > 0xff ? encodeURIComponent(char) : `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}
const canonicalQueries = new Map<string, string | undefined>();

/**
 * The canonical list query of a list page's request (`?page=2&search=…&category=…`; /Class its
 * filters as class-query.ts writes them), or undefined when it asks for none; remembered per query text.
 */
function listRequest(path: string, query: string): string | undefined {
  const isClassList = path === CLASS_LIST_PATH;
  const key = isClassList ? `${path}${query}` : query;
  if (canonicalQueries.has(key)) return canonicalQueries.get(key);
  const canonical = isClassList ? canonicalClassRequest(query) : canonicalListQuery(query);
  // Bounded: endless distinct queries (searches) cannot grow it.
  if (canonicalQueries.size > 10_000) canonicalQueries.clear();
  canonicalQueries.set(key, canonical);
  return canonical;
}

function canonicalListQuery(query: string): string | undefined {
  const params = new URLSearchParams(query);
  if (!LIST_PARAMS.some((name) => params.has(name))) return undefined;
  const { page, search, category } = readListQuery(params);
  const canonical = new URLSearchParams();
  if (page > 1) canonical.set('page', String(page));
  // Search ignores case and spacing: `Kelas  Data` and `kelas data` are one page (one render, one query).
  if (search) canonical.set('search', search.toLocaleLowerCase('id').replace(/\s+/g, ' '));
  if (category) canonical.set('category', category);
  const text = canonical.toString();
  return text ? `?${text}` : '';
}

/**
 * Where `/pesilat/<rest>` on a main host goes: the pesilat tenant's host of the same kind (local or
 * public); undefined when it has none of that kind (a public site never sends visitors to a local name).
 */
function pesilatLocation(site: Site, host: string, rawPath: string, query: string): string | undefined {
  const target = site.pesilat;
  if (!target) return undefined;
  const bare = bareHost(host.toLowerCase());
  // Only a port number follows the name: `demo.localhost:@evil.example` must not carry `@evil.example` along.
  const port = /^:\d{1,5}$/.test(host.slice(bare.length)) ? host.slice(bare.length) : '';
  const local = isLocalHost(bare);
  const publicHost = target.hosts.find((h) => !isLocalHost(bareHost(h)));
  const targetHost = local ? `${target.code}.localhost${port}` : publicHost;
  if (!targetHost) return undefined;
  const rest = rawPath.slice('/pesilat'.length) || '/';
  // Scheme-relative: the visitor stays on http or https as they came.
  return `//${targetHost}${rest}${query}`;
}

/**
 * One of a build's pages answered with another status (made once per build and kept with it): its
 * error page as a 503 while renders are full (`busy`) or its content cannot be read (`unavailable`),
 * its 404 page as a 405 (a page is only read, never posted to).
 */
function variantOf(kind: 'busy' | 'unavailable' | 'notAllowed'): (build: LiveBuild) => Prepared {
  const made = new WeakMap<LiveBuild, Prepared>();
  return (build) => {
    let prepared = made.get(build);
    if (!prepared) {
      prepared =
        kind === 'notAllowed'
          ? withStatus(build.notFound, 405)
          : withStatus(build.error, 503, ['Retry-After', kind === 'busy' ? '5' : '30']);
      made.set(build, prepared);
    }
    return prepared;
  };
}
const busy = variantOf('busy');
const unavailable = variantOf('unavailable');
const notAllowed = variantOf('notAllowed');
