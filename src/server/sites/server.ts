import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ContentSource } from '~/lib/content/source';
import type { Config } from '../config';
import type { SiteEventBus } from '../platform/site-events';
import type { TenantDirectory } from '../platform/tenants';
import { AccessLog } from './access-log';
import { BlobPool } from './blob-pool';
import { ContentReads } from './content-reads';
import { PageCache } from './page-cache';
import { SiteRegistry } from './registry';
import { RenderLimit } from './render-limit';
import { type ApiFetch, Renderers } from './renderers';
import { createSiteListener, type SiteServerOptions, securityHeaders } from './site-server';

export interface SiteServerConfig {
  /** Where builds live (`<dist>/<code>/live.json`, `<dist>/<code>/builds/<id>/`). */
  distRoot: string;
  /** The bundled render worker (dist/_server/render-worker.mjs). */
  workerScript: string;
  tenants: Pick<TenantDirectory, 'all' | 'invalidate'>;
  /** The platform API (paths without `/api`). */
  api: ApiFetch;
  /** Each tenant's content, as on-demand pages read it (dbContentSource over the platform's database). */
  contentSource: (tenant: string) => Promise<ContentSource>;
  /** Content, settings and tenant changes, from this process's API and (with Redis) every other. */
  siteEvents: SiteEventBus;
  /**
   * Content reads at once and waiting when CONTENT_READS_ACTIVE / _WAITING are not set: the embedded
   * database runs one query at a time on the server's own thread (more at once only queue inside it),
   * a PostgreSQL server runs several on its own cores. Default 4 and 64.
   */
  contentReads?: { active: number; waiting: number } | undefined;
  /** Who holds an access token on a tenant, for the staff console (site-server.ts `viewer`). */
  viewer?: SiteServerOptions['viewer'];
  /** The configuration's `server` (HOST, PORT, DEFAULT_TENANT, TRUST_PROXY, ACCESS_LOG) and `sites` (caches, render processes) slices. */
  settings: Pick<Config, 'server' | 'sites'>;
}

export interface RunningSiteServer {
  server: Server;
  registry: SiteRegistry;
  pageCache: PageCache;
  pool: BlobPool;
  renderers: Renderers;
  /** What readiness reports from the sites: content reads failing (empty while all is well). */
  problems(): string[];
  port: number;
  /** Stops taking connections, lets requests in progress finish (at most `timeoutMs`), then frees workers and builds. */
  close(timeoutMs?: number): Promise<void>;
}

/**
 * Starts the one server of every tenant on HOST:PORT. Settings (`config.server`, `config.sites`): DEFAULT_TENANT (demo),
 * TRUST_PROXY, ACCESS_LOG (`1` logs one JSON line per request), STATIC_MEMORY_MB (512: file bodies
 * kept in memory, least recently served dropped past it), PAGE_CACHE_MB (64), PAGE_CACHE_FRESH_S (60)
 * and PAGE_CACHE_STALE_S (3600), RENDER_WORKERS_MAX (4), RENDER_WORKERS_PER_BUILD (2), RENDER_IDLE_S (300), RENDER_TIMEOUT_MS (15000),
 * CONTENT_READS_ACTIVE and CONTENT_READS_WAITING: content reads of on-demand pages at once and
 * queued (more get 503; defaults from `contentReads`), RENDER_BURST (120) and RENDER_PER_MINUTE (120): each address's budget of
 * on-demand renders (past it, 429).
 * The live builds are polled every second, so a finished build or a rollback goes live on its own.
 */
export async function startSiteServer(config: SiteServerConfig): Promise<RunningSiteServer> {
  const { server: settings, sites } = config.settings;
  const common = await securityHeaders();
  const pool = new BlobPool(sites.staticMemoryMb * 1024 * 1024);
  const freshMs = sites.pageCacheFreshS * 1000;
  const reads = new ContentReads(config.contentSource, freshMs, {
    active: sites.contentReads.active ?? config.contentReads?.active ?? 4,
    waiting: sites.contentReads.waiting ?? config.contentReads?.waiting ?? 64,
  });
  const pageCache = new PageCache({
    freshMs,
    staleMs: sites.pageCacheStaleS * 1000,
    capBytes: sites.pageCacheMb * 1024 * 1024,
    common,
  });
  const renderers = new Renderers({
    workerScript: config.workerScript,
    reads,
    idleMs: sites.renderIdleS * 1000,
    maxWorkers: sites.renderWorkersMax,
    perBuild: sites.renderWorkersPerBuild,
    timeoutMs: sites.renderTimeoutMs,
    memoryMb: 256,
    nice: sites.renderNice,
  });
  const registry = new SiteRegistry({
    distRoot: config.distRoot,
    tenants: config.tenants,
    defaultTenant: settings.defaultTenant,
    pool,
    pageCache,
    renderers,
    common,
  });
  await registry.start();

  const unsubscribe = config.siteEvents.subscribe((event) => {
    reads.purge(event.tenant);
    pageCache.purge(event.tenant);
    if (event.reason === 'tenants' || event.reason === 'settings') {
      registry.refreshTenants().catch((error: unknown) => console.error('[sites] daftar tenant tidak dapat dimuat ulang:', error));
    }
    if (event.reason === 'build')
      void registry.activate(event.tenant).catch((error: unknown) => console.error(`[sites] ${event.tenant}:`, error));
  });
  let polling = false;
  const poll = setInterval(() => {
    if (polling) return;
    polling = true;
    registry
      .poll()
      .catch((error: unknown) => console.error('[sites]', error))
      .finally(() => {
        polling = false;
      });
  }, 1000).unref();

  const accessLog = settings.accessLog ? new AccessLog() : undefined;
  const listener = createSiteListener({
    registry,
    api: config.api,
    pool,
    pageCache,
    renderers,
    trustProxyHops: settings.trustProxyHops,
    common,
    accessLog,
    viewer: config.viewer,
    renderLimit: new RenderLimit({ burst: sites.renderBurst, perMinute: sites.renderPerMinute }),
  });
  let closing = false;
  const server = createServer((req, res) => {
    // While shutting down, answers close their connection so keep-alive clients reconnect elsewhere.
    if (closing) res.shouldKeepAlive = false;
    listener(req, res);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => resolve());
  });

  return {
    server,
    registry,
    pageCache,
    pool,
    renderers,
    problems: () => reads.problems(),
    port: (server.address() as AddressInfo).port,
    async close(timeoutMs = 10_000) {
      closing = true;
      clearInterval(poll);
      unsubscribe();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive connections turn idle as their last answer is sent: close them as they do.
      const idle = setInterval(() => server.closeIdleConnections(), 50);
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
      await closed;
      clearInterval(idle);
      clearTimeout(timer);
      accessLog?.flush();
      await renderers.close();
      registry.close();
    },
  };
}
