import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FlatHeaders, Prepared, PreparedBody } from './respond';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** What a render worker answers for a page. */
export interface RenderedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** The body compressed by the render process (at its lower priority), when it did; otherwise the cache compresses it. */
  br?: Buffer | undefined;
  gzip?: Buffer | undefined;
}

export interface PageCacheOptions {
  /** How long a stored page is served without rendering it again. */
  freshMs: number;
  /** How long after that it is still served while one render refreshes it in the background. */
  staleMs: number;
  /** Memory bound of all stored pages (their bytes in every encoding); least recently used go first. */
  capBytes: number;
  /** Headers every page answer carries (security headers). */
  common: FlatHeaders;
  now?: () => number;
}

/**
 * How a page was answered, for the access log and X-Cache: from the cache, from a stale copy being
 * refreshed, rendered and stored, or rendered for this request only (`pass`).
 */
export type CacheState = 'hit' | 'stale' | 'miss' | 'pass';

interface Entry {
  prepared: Prepared;
  bytes: number;
  storedAt: number;
  lastUsed: number;
}

/** Statuses worth keeping: the page, or the not-found screen of an address with nothing behind it (yet). */
const CACHEABLE = new Set([200, 404]);
/** Response headers of a render that are kept on the stored answer. */
// `location`: a page that sends the visitor elsewhere (the console's "sign in first")
const KEPT = new Set(['content-type', 'x-robots-tag', 'content-language', 'link', 'location']);

/**
 * Pages rendered on demand, cached per tenant and URL (the caller's key, normalised so that unknown
 * query parameters cannot bust it). Concurrent misses render once; a page past its freshness is
 * answered from the cache while one render refreshes it (stale-while-revalidate), and kept when that
 * render fails (stale-if-error). `purge(tenant)` drops a tenant's pages at once, and a render that
 * started before the purge is not stored, so a write is never hidden by a page rendered before it.
 * `pass` renders a page that is never stored at all.
 */
export class PageCache {
  readonly #tenants = new Map<string, Map<string, Entry>>();
  readonly #inflight = new Map<string, Promise<Entry>>();
  readonly #generations = new Map<string, number>();
  readonly #now: () => number;
  #bytes = 0;
  #clock = 0;

  constructor(private readonly options: PageCacheOptions) {
    this.#now = options.now ?? Date.now;
  }

  /** The stored answer for `key` of `tenant` while it is fresh (the hot path: no promise, no render). */
  fresh(tenant: string, key: string): Prepared | undefined {
    const entry = this.#tenants.get(tenant)?.get(key);
    if (!entry || this.#now() - entry.storedAt > this.options.freshMs) return undefined;
    entry.lastUsed = ++this.#clock;
    return entry.prepared;
  }

  /** The answer for `key` of `tenant`, rendering it when missing or too old. Rejects when the render fails and nothing is stored. */
  async get(tenant: string, key: string, render: () => Promise<RenderedPage>): Promise<{ prepared: Prepared; state: CacheState }> {
    const entry = this.#tenants.get(tenant)?.get(key);
    const age = entry ? this.#now() - entry.storedAt : Number.POSITIVE_INFINITY;
    if (entry && age <= this.options.freshMs) {
      entry.lastUsed = ++this.#clock;
      return { prepared: entry.prepared, state: 'hit' };
    }
    if (entry && age <= this.options.freshMs + this.options.staleMs) {
      entry.lastUsed = ++this.#clock;
      this.#fill(tenant, key, render).catch((error: unknown) => {
        console.error(`[pages] ${tenant} ${key}: render ulang gagal, salinan lama tetap dipakai:`, error);
      });
      return { prepared: entry.prepared, state: 'stale' };
    }
    try {
      return { prepared: (await this.#fill(tenant, key, render)).prepared, state: 'miss' };
    } catch (error) {
      // Stale-if-error: an old copy beats an error page.
      const kept = this.#tenants.get(tenant)?.get(key);
      if (kept) return { prepared: kept.prepared, state: 'stale' };
      throw error;
    }
  }

  /**
   * A page rendered for this request alone: never stored, never shared with another request, no stale
   * copy on failure (the render's error is the caller's), sent `Cache-Control: no-store` without an
   * ETag. For pages whose every answer must be current (lib/content/routes.ts `rendersUncached`).
   */
  async pass(render: () => Promise<RenderedPage>): Promise<{ prepared: Prepared; state: CacheState }> {
    return { prepared: (await this.#prepare(await render(), false)).prepared, state: 'pass' };
  }

  /** Drops every stored page of `tenant`; renders already under way for it are not stored. */
  purge(tenant: string): void {
    this.#generations.set(tenant, (this.#generations.get(tenant) ?? 0) + 1);
    const pages = this.#tenants.get(tenant);
    if (!pages) return;
    for (const entry of pages.values()) this.#bytes -= entry.bytes;
    this.#tenants.delete(tenant);
  }

  stats(): { pages: number; bytes: number; capBytes: number } {
    let pages = 0;
    for (const tenantPages of this.#tenants.values()) pages += tenantPages.size;
    return { pages, bytes: this.#bytes, capBytes: this.options.capBytes };
  }

  #fill(tenant: string, key: string, render: () => Promise<RenderedPage>): Promise<Entry> {
    // A render started before a purge is shared only by requests made before it.
    const generation = this.#generations.get(tenant) ?? 0;
    const id = `${tenant}\n${generation}\n${key}`;
    let pending = this.#inflight.get(id);
    if (!pending) {
      pending = render()
        .then((page) => this.#prepare(page))
        .then((entry) => {
          if (CACHEABLE.has(entry.prepared.status) && (this.#generations.get(tenant) ?? 0) === generation) this.#store(tenant, key, entry);
          return entry;
        })
        .finally(() => this.#inflight.delete(id));
      this.#inflight.set(id, pending);
    }
    return pending;
  }

  #store(tenant: string, key: string, entry: Entry): void {
    if (entry.bytes > this.options.capBytes) return;
    let pages = this.#tenants.get(tenant);
    if (!pages) {
      pages = new Map();
      this.#tenants.set(tenant, pages);
    }
    const old = pages.get(key);
    if (old) this.#bytes -= old.bytes;
    pages.set(key, entry);
    this.#bytes += entry.bytes;
    if (this.#bytes > this.options.capBytes) this.#evict(this.options.capBytes * 0.9);
  }

  #evict(target: number): void {
    const all: [Map<string, Entry>, string, Entry][] = [];
    for (const pages of this.#tenants.values()) for (const [key, entry] of pages) all.push([pages, key, entry]);
    all.sort((a, b) => a[2].lastUsed - b[2].lastUsed);
    for (const [pages, key, entry] of all) {
      if (this.#bytes <= target) break;
      pages.delete(key);
      this.#bytes -= entry.bytes;
    }
  }

  /** The answer of a render, in every encoding; `cacheable` false: no ETag and `no-store` whatever its status. */
  async #prepare(page: RenderedPage, cacheable = true): Promise<Entry> {
    const kept: FlatHeaders = [];
    for (const [name, value] of page.headers) if (KEPT.has(name.toLowerCase())) kept.push(name, value);
    const ok = cacheable && page.status === 200;
    const etag = ok ? `"p-${createHash('sha1').update(page.body).digest('base64url').slice(0, 22)}"` : undefined;
    const base = [
      ...kept,
      ...this.options.common,
      'Cache-Control',
      ok ? 'public, max-age=0, must-revalidate' : 'no-store',
      'Vary',
      'Accept-Encoding',
    ];
    const variant = (body: Buffer, encoding?: string): PreparedBody => {
      const tag = etag && (encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag);
      const headers = [...base, ...(encoding ? ['Content-Encoding', encoding] : []), 'Content-Length', String(body.length)];
      return tag ? { headers: [...headers, 'ETag', tag], notModified: [...base, 'ETag', tag], etag: tag, body } : { headers, body };
    };
    const compress = page.body.length > 1024;
    const [br, gz] = page.br
      ? [page.br, page.gzip]
      : compress
        ? await Promise.all([
            brotli(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: page.body.length } }),
            gzipped(page.body, { level: 6 }),
          ])
        : [undefined, undefined];
    const prepared: Prepared = {
      status: page.status,
      identity: variant(page.body),
      br: br && variant(br, 'br'),
      gzip: gz && variant(gz, 'gzip'),
    };
    const bytes = page.body.length + (br?.length ?? 0) + (gz?.length ?? 0);
    return { prepared, bytes, storedAt: this.#now(), lastUsed: ++this.#clock };
  }
}
