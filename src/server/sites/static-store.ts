import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import type { BlobPool } from './blob-pool';
import { COMPRESSIBLE } from './compressible';
import type { FlatHeaders, Prepared, PreparedBody } from './respond';

/** Content types of the files a build writes. */
export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.webmanifest': 'application/manifest+json',
};

/** Cache policy: hashed build assets forever, pages always revalidated, the rest for an hour. */
export function cacheControl(urlPath: string, ext: string): string {
  if (urlPath.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (ext === '.html') return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600';
}

/** A file of the build as it is served: its prepared answer. */
export interface StaticFile {
  prepared: Prepared;
}

/**
 * One build's `client/` folder in memory: every file keyed by the URL path it answers (`/About` and
 * `/About/index.html` for a page, `/` for the home page), each with its precompressed twins and
 * headers prepared at load. Lookups are exact and case-sensitive; nothing outside the folder exists.
 */
export class StaticStore {
  readonly #files = new Map<string, StaticFile>();
  readonly #held: { blob: PreparedBody['body']; path: string }[] = [];
  #released = false;

  private constructor(private readonly pool: BlobPool) {}

  /**
   * Reads a build's files. `common` headers (security headers) go on every answer; `modified` is the
   * Last-Modified of every file (the build's time, so a rebuild with identical bytes keeps its ETag).
   */
  static async load(clientDir: string, pool: BlobPool, common: FlatHeaders, modified: Date): Promise<StaticStore> {
    const store = new StaticStore(pool);
    const names = (await readdir(clientDir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => relative(clientDir, join(entry.parentPath, entry.name)).split(sep).join('/'));
    const present = new Set(names);
    const lastModified = modified.toUTCString();
    // A few files at a time: a swap must not starve the requests being served meanwhile.
    const queue = names.filter((name) => !isTwin(name, present));
    const worker = async () => {
      for (let name = queue.pop(); name !== undefined; name = queue.pop()) await store.#add(clientDir, name, present, common, lastModified);
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    return store;
  }

  get(urlPath: string): StaticFile | undefined {
    return this.#files.get(urlPath);
  }

  get size(): number {
    return this.#files.size;
  }

  /**
   * Keeps only the files under `prefix` (a replaced build's hashed `/_astro/` files, which pages
   * loaded before the swap still ask for) and gives the other bodies back to the pool.
   */
  keepOnly(prefix: string): void {
    const kept = new Set<PreparedBody['body']>();
    for (const [path, file] of this.#files) {
      if (!path.startsWith(prefix)) {
        this.#files.delete(path);
        continue;
      }
      for (const variant of [file.prepared.identity, file.prepared.br, file.prepared.gzip]) {
        if (variant) kept.add(variant.body);
      }
    }
    for (let i = this.#held.length - 1; i >= 0; i--) {
      const { blob, path } = this.#held[i] as { blob: PreparedBody['body']; path: string };
      if (kept.has(blob)) continue;
      if (!Buffer.isBuffer(blob)) this.pool.release(blob, path);
      this.#held.splice(i, 1);
    }
  }

  /** Gives the bodies back to the pool (once); the store must not be served from afterwards. */
  release(): void {
    if (this.#released) return;
    this.#released = true;
    for (const { blob, path } of this.#held) if (!Buffer.isBuffer(blob)) this.pool.release(blob, path);
    this.#files.clear();
  }

  async #add(root: string, name: string, present: Set<string>, common: FlatHeaders, lastModified: string): Promise<void> {
    const ext = extname(name);
    const urlPath = `/${name}`;
    const type = CONTENT_TYPES[ext] ?? 'application/octet-stream';
    const compressible = COMPRESSIBLE.has(ext);
    const base = ['Content-Type', type, 'Cache-Control', cacheControl(urlPath, ext), 'Last-Modified', lastModified, ...common];
    if (compressible) base.push('Vary', 'Accept-Encoding');
    const variant = async (file: string, encoding?: string): Promise<PreparedBody> => {
      const path = join(root, file);
      const blob = this.pool.admit(path, await readFile(path));
      this.#held.push({ blob, path });
      const etag = `"${blob.hash.slice(0, 22)}${encoding ? `-${encoding}` : ''}"`;
      const withEncoding = encoding ? ['Content-Encoding', encoding] : [];
      return {
        headers: [...base, ...withEncoding, 'Content-Length', String(blob.size), 'ETag', etag],
        notModified: [...base, 'ETag', etag],
        etag,
        body: blob,
      };
    };
    const prepared: Prepared = {
      status: 200,
      identity: await variant(name),
      br: compressible && present.has(`${name}.br`) ? await variant(`${name}.br`, 'br') : undefined,
      gzip: compressible && present.has(`${name}.gz`) ? await variant(`${name}.gz`, 'gzip') : undefined,
    };
    const file = { prepared };
    this.#files.set(urlPath, file);
    // Directory format: `About/index.html` also answers `/About`, and `index.html` answers `/`.
    if (name === 'index.html') this.#files.set('/', file);
    else if (name.endsWith('/index.html')) this.#files.set(urlPath.slice(0, -'/index.html'.length), file);
  }
}

/** Whether `name` is the `.br`/`.gz` twin of a compressible file of the build (served only as that file's encoding). */
function isTwin(name: string, present: Set<string>): boolean {
  const match = /^(.*)\.(br|gz)$/.exec(name);
  return match !== null && present.has(match[1] as string) && COMPRESSIBLE.has(extname(match[1] as string));
}
