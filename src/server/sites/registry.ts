import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ItemIndex, type ItemLookup, itemLookup } from '~/lib/content/routes';
import type { SitesReadiness } from '../context';
import { isLocalHost, LOOPBACK_HOSTS } from '../http/site-origin';
import type { TenantDirectory, TenantRecord } from '../platform/tenants';
import type { BlobPool } from './blob-pool';
import { type BuildInfo, type BuildOnDisk, livePointer, readLive } from './build-layout';
import { ERROR_PAGE_FAILURE } from './host-pages';
import type { PageCache } from './page-cache';
import type { Renderers } from './renderers';
import { type FlatHeaders, type Prepared, withStatus } from './respond';
import { StaticStore } from './static-store';

/** A build being served: its files in memory, its error pages, and its renderer (when it has on-demand routes). */
export interface LiveBuild {
  info: BuildInfo;
  store: StaticStore;
  notFound: Prepared;
  error: Prepared;
  /** The maintenance screen (503), for a build made while the tenant was under maintenance. */
  maintenance: Prepared | undefined;
  /** `server/entry.mjs`, when the build renders on demand. */
  renderer: string | undefined;
  /** The build's items (`routes.json`): every other address of an item is answered with its main address's file. */
  items: ItemLookup | undefined;
}

/** A tenant as the server knows it: its record (hosts, …) and the build it serves. */
export interface Site {
  tenant: TenantRecord;
  /** The host its on-demand pages are rendered for (the first public host). */
  canonicalHost: string;
  live: LiveBuild | undefined;
  /** The build replaced last: its hashed assets still answer for pages loaded before the swap. */
  previous: LiveBuild | undefined;
  /** The pesilat-layout tenant whose host `/pesilat/…` on this tenant's hosts switches to. */
  pesilat: TenantRecord | undefined;
}

export interface SiteRegistryOptions {
  distRoot: string;
  tenants: Pick<TenantDirectory, 'all' | 'invalidate'>;
  /** The tenant of `localhost`, `127.0.0.1` and `[::1]` (DEFAULT_TENANT, default demo). */
  defaultTenant: string;
  pool: BlobPool;
  pageCache: PageCache;
  renderers: Renderers;
  /** Security headers every answer carries. */
  common: FlatHeaders;
}

/** Whether a host is for development only (loopback or `*.localhost`), never a public name to redirect or render for. */
export { isLocalHost };

/** `host[:port]` → the host without its port (IPv6 literals keep their brackets). */
export function bareHost(host: string): string {
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

/**
 * Every tenant the database knows, by host, with the build each one serves. The host picks the
 * tenant: loopback names go to the default tenant, `<code>.localhost` to that tenant, anything else
 * to the tenant listing it. Builds are swapped in whole: a new build is read into memory first and
 * then replaces the old one in a single assignment, so a request sees one build or the other.
 */
export class SiteRegistry {
  readonly #sites = new Map<string, Site>();
  readonly #hosts = new Map<string, Site>();
  readonly #resolved = new Map<string, Site | null>();
  readonly #swaps = new Map<string, Promise<unknown>>();

  constructor(private readonly options: SiteRegistryOptions) {}

  /** Loads the tenants and the builds they have. */
  async start(): Promise<void> {
    await this.refreshTenants();
    // One tenant's unreadable build must not keep the others offline: it stays "sedang disiapkan".
    for (const code of this.#sites.keys()) {
      await this.activate(code).catch((error: unknown) => console.error(`[sites] build ${code} tidak dapat dimuat:`, error));
    }
  }

  get defaultTenant(): string {
    return this.options.defaultTenant;
  }

  sites(): Site[] {
    return [...this.#sites.values()];
  }

  site(code: string): Site | undefined {
    return this.#sites.get(code);
  }

  /** The site a `Host` value (port included or not) names, or undefined for a host no tenant serves. */
  resolve(host: string | undefined): Site | undefined {
    if (!host) return undefined;
    const known = this.#resolved.get(host);
    if (known !== undefined) return known ?? undefined;
    const wanted = host.toLowerCase();
    const bare = bareHost(wanted);
    let site: Site | undefined;
    if (LOOPBACK_HOSTS.has(bare)) site = this.#sites.get(this.options.defaultTenant);
    else if (bare.endsWith('.localhost')) site = this.#sites.get(bare.slice(0, -'.localhost'.length));
    site ??= this.#hosts.get(wanted) ?? this.#hosts.get(bare);
    // Bounded: a client sending endless made-up hosts cannot grow it.
    if (this.#resolved.size > 10_000) this.#resolved.clear();
    this.#resolved.set(host, site ?? null);
    return site;
  }

  /** Reads the tenants again (hosts, links) from the database; sites of new tenants load their builds. */
  async refreshTenants(): Promise<void> {
    this.options.tenants.invalidate();
    const records = await this.options.tenants.all();
    const byCode = new Map(records.map((tenant) => [tenant.code, tenant]));
    for (const [code, site] of this.#sites) {
      if (byCode.has(code)) continue;
      this.#sites.delete(code);
      this.#release(site.live);
      this.#release(site.previous);
      this.options.pageCache.purge(code);
    }
    this.#hosts.clear();
    for (const tenant of [...records].sort((a, b) => a.code.localeCompare(b.code))) {
      const site = this.#sites.get(tenant.code) ?? { tenant, canonicalHost: '', live: undefined, previous: undefined, pesilat: undefined };
      site.tenant = tenant;
      site.canonicalHost = tenant.hosts.find((host) => !isLocalHost(bareHost(host))) ?? `${tenant.code}.localhost`;
      // The same choice as TenantDirectory.pesilatTenantOf: the first by code when several name this tenant.
      site.pesilat = [...records].sort((a, b) => a.code.localeCompare(b.code)).find((other) => other.mainTenant === tenant.code);
      this.#sites.set(tenant.code, site);
      for (const host of tenant.hosts) if (!this.#hosts.has(host)) this.#hosts.set(host, site);
    }
    this.#resolved.clear();
  }

  /**
   * Serves the build the tenant's live pointer names, if it is not served already (a finished build
   * read whole into memory first). Swaps of one tenant run one after another. Returns whether it swapped.
   */
  activate(code: string): Promise<boolean> {
    const previous = this.#swaps.get(code) ?? Promise.resolve();
    const next = previous.then(
      () => this.#activate(code),
      () => this.#activate(code),
    );
    this.#swaps.set(code, next);
    return next;
  }

  /** Checks every tenant's live pointer and swaps those that moved (a build finished, or a rollback). */
  async poll(): Promise<void> {
    for (const [code, site] of this.#sites) {
      const pointer = livePointer(this.options.distRoot, code);
      if (pointer && pointer !== site.live?.info.id)
        await this.activate(code).catch((error: unknown) => console.error(`[sites] ${code}:`, error));
    }
  }

  /** Each tenant's live build id (null while it has none), for the readiness answer. */
  readiness(): SitesReadiness {
    const tenants = Object.fromEntries(
      [...this.#sites].map(([code, site]) => [
        code,
        { build: site.live?.info.id ?? null, maintenance: site.live?.info.maintenance ?? false },
      ]),
    );
    return { defaultTenant: this.options.defaultTenant, tenants };
  }

  close(): void {
    for (const site of this.#sites.values()) {
      this.#release(site.live);
      this.#release(site.previous);
    }
    this.#sites.clear();
  }

  async #activate(code: string): Promise<boolean> {
    const site = this.#sites.get(code);
    if (!site) return false;
    const onDisk = readLive(this.options.distRoot, code);
    if (!onDisk || onDisk.info.id === site.live?.info.id) return false;
    const build = await this.#load(onDisk);
    // Another swap may have finished meanwhile; the tenant may even be gone.
    if (this.#sites.get(code) !== site) {
      build.store.release();
      return false;
    }
    // Its workers were retired when it was replaced (and the same build may be the one going live again).
    site.previous?.store.release();
    const replaced = site.live;
    site.previous = replaced;
    site.live = build;
    this.options.pageCache.purge(code);
    // The replaced build renders nothing more and keeps only the hashed files pages loaded before the swap still ask for.
    if (replaced?.renderer) this.options.renderers.retire(replaced.renderer);
    replaced?.store.keepOnly('/_astro/');
    return true;
  }

  async #load({ info, dir }: BuildOnDisk): Promise<LiveBuild> {
    const store = await StaticStore.load(join(dir, 'client'), this.options.pool, this.options.common, new Date(info.builtAt));
    const page = (path: string) => store.get(path)?.prepared;
    const errorPage = (path: string, status: number, add: FlatHeaders = []) => {
      const found = page(path);
      return found ? withStatus(found, status, add) : withStatus(ERROR_PAGE_FAILURE, 500, this.options.common);
    };
    const entry = join(dir, 'server', 'entry.mjs');
    return {
      info,
      store,
      notFound: errorPage('/404.html', 404),
      error: errorPage('/500.html', 500),
      maintenance: info.maintenance ? errorPage('/index.html', 503, ['Retry-After', '3600']) : undefined,
      renderer: existsSync(entry) ? entry : undefined,
      items: readItems(join(dir, 'routes.json')),
    };
  }

  #release(build: LiveBuild | undefined): void {
    if (!build) return;
    if (build.renderer) this.options.renderers.retire(build.renderer);
    build.store.release();
  }
}

/** A build's item index, or undefined for a build without one (its items are then rendered on demand). */
function readItems(file: string): ItemLookup | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return itemLookup(JSON.parse(readFileSync(file, 'utf8')) as ItemIndex);
  } catch (error) {
    console.error(`[site] ${file} tidak terbaca; alamat lain item dirender sesuai permintaan:`, error);
    return undefined;
  }
}
