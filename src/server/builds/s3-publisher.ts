import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand, paginateListObjectsV2, type S3Client } from '@aws-sdk/client-s3';
import { z } from 'zod';
import { DEFAULT_BUILDS_KEEP } from '../config';
import { type S3Connection, s3Client } from '../platform/s3';
import { BuildInfoSchema, COMPRESSIBLE, CONTENT_TYPES, cacheControl, readBuild } from '../sites';
import type { Publisher } from './types';

/**
 * Publishes builds to an S3-compatible bucket with a CDN in front, so that a visitor never gets a
 * mix of two builds. Everything of a tenant lies under `<prefix><tenant>/`:
 *
 * - `files/<sha256><ext>`: each file of the build's `client/`, named by its content, so a file
 *   unchanged since an earlier build is not uploaded again and a key never changes meaning
 *   (Cache-Control `public, max-age=31536000, immutable`). The `.br`/`.gz` twins of compressible
 *   files go up too, as `files/<sha256 of the compressed bytes><ext>.br|.gz` with the original's
 *   Content-Type and `Content-Encoding: br|gzip`, so the edge serves the build's own compression.
 *   Blobs are per tenant: pruning one tenant never touches another's.
 * - `builds/<id>.json`: the manifest (`Manifest`), written once all its blobs are in: build.json's
 *   contents and, per public path, the blob, content type, size, public Cache-Control and encoded
 *   twins. Paths are those the local server answers: `/About/index.html` and `/About`, `/` for home.
 * - `live.json`: `{build, since}`, the only object ever overwritten (Cache-Control no-cache). Its
 *   one PUT is the switch; rollback rewrites it to a kept manifest.
 *
 * No HTML at stable keys: rewriting `<tenant>/About/index.html` in place would let the upload (and
 * a CDN's cache) mix pages of two builds. An edge function resolves a request instead:
 * 1. the tenant's `live.json` (revalidated, or held for a few seconds) → build id;
 * 2. `builds/<id>.json` (immutable: cache it by id) → the entry of the exact, case-sensitive path;
 *    no entry → pass the request to the origin (on-demand pages, 404s, and `/_astro/` files of a
 *    replaced build, which the origin keeps);
 * 3. `br`/`gzip`/identity by Accept-Encoding → GET `files/<blob>`, answered with the entry's type and
 *    Cache-Control (pages revalidate, `/_astro/` immutable), Content-Encoding, `Vary:
 *    Accept-Encoding` and the blob's hash as ETag.
 *
 * Only `client/` goes up; on-demand pages stay with the origin. A tenant's publishes must run one
 * at a time (the build queue runs one job per tenant): the prune deletes blobs that no kept
 * manifest names, which a concurrent publish may have counted on finding.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';
const JSON_TYPE = 'application/json; charset=utf-8';
/** Tenant codes and build ids as they may appear in a key: no slashes, no leading dot. */
const KEY_PART = /^\w[\w.-]*$/;

const BlobRefSchema = z.object({ blob: z.string(), size: z.number().int() });
const ManifestEntrySchema = BlobRefSchema.extend({
  type: z.string(),
  cacheControl: z.string(),
  encodings: z.object({ br: BlobRefSchema.optional(), gzip: BlobRefSchema.optional() }),
});
/** `builds/<id>.json`: what an edge needs to answer any static path of one build. */
export const ManifestSchema = z.object({
  build: BuildInfoSchema,
  publishedAt: z.string(),
  files: z.record(z.string(), ManifestEntrySchema),
});
export type Manifest = z.infer<typeof ManifestSchema>;
type ManifestEntry = z.infer<typeof ManifestEntrySchema>;
const PointerSchema = z.object({ build: z.string(), since: z.string() });

export interface S3PublisherOptions extends S3Connection {
  /** A ready client (tests, custom middleware); otherwise one is made from the options below. */
  client?: S3Client;
  bucket: string;
  /** Key prefix, e.g. `sites/` (a missing trailing slash is added). */
  prefix?: string;
  /** Manifests kept besides the live one (default `DEFAULT_BUILDS_KEEP`, 3; the server passes `BUILDS_KEEP`). */
  keep?: number;
  /** Requests in flight at once while hashing, uploading and reading manifests (default 8). */
  concurrency?: number;
}

/** A publisher to an S3-compatible bucket (see the layout above). */
export function s3Publisher(options: S3PublisherOptions): Publisher {
  const client = options.client ?? s3Client(options);
  const Bucket = options.bucket;
  const prefix = options.prefix ? options.prefix.replace(/\/*$/, '/') : '';
  const keep = options.keep ?? DEFAULT_BUILDS_KEEP;
  const limit = options.concurrency ?? 8;
  const root = (tenant: string) => `${prefix}${keyPart(tenant, 'Kode tenant')}/`;
  const manifestKey = (tenant: string, id: string) => `${root(tenant)}builds/${keyPart(id, 'Id build')}.json`;

  const put = (Key: string, Body: Buffer | string, ContentType: string, CacheControl: string, ContentEncoding?: string) =>
    client.send(new PutObjectCommand({ Bucket, Key, Body, ContentType, CacheControl, ...(ContentEncoding ? { ContentEncoding } : {}) }));

  const getJson = async (Key: string): Promise<unknown> => {
    try {
      const { Body } = await client.send(new GetObjectCommand({ Bucket, Key }));
      return JSON.parse((await Body?.transformToString()) ?? 'null');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };

  /** Keys under `Prefix`, relative to it. */
  const listKeys = async (Prefix: string): Promise<string[]> => {
    const found: string[] = [];
    for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix })) {
      for (const { Key } of page.Contents ?? []) if (Key) found.push(Key.slice(Prefix.length));
    }
    return found;
  };

  const deleteKeys = async (keys: string[]) => {
    for (let at = 0; at < keys.length; at += 1000) {
      const Objects = keys.slice(at, at + 1000).map((Key) => ({ Key }));
      const { Errors } = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      if (Errors?.length) throw new Error(`Gagal menghapus ${Errors.length} objek S3, mis. ${Errors[0]?.Key}: ${Errors[0]?.Message}`);
    }
  };

  const readPointer = async (tenant: string) => PointerSchema.safeParse(await getJson(`${root(tenant)}live.json`)).data?.build;
  const writePointer = (tenant: string, build: string) =>
    put(`${root(tenant)}live.json`, `${JSON.stringify({ build, since: new Date().toISOString() })}\n`, JSON_TYPE, 'no-cache');
  const readManifest = async (tenant: string, id: string) => ManifestSchema.safeParse(await getJson(manifestKey(tenant, id))).data;

  /** Build ids with a manifest, newest first (ids sort by time). */
  const manifestIds = async (tenant: string) => {
    const dir = `${root(tenant)}builds/`;
    return (await listKeys(dir))
      .filter((name) => name.endsWith('.json') && !name.includes('/'))
      .map((name) => name.slice(0, -'.json'.length))
      .sort()
      .reverse();
  };

  /** Drops manifests other than the live one and the `keep` newest others, then every blob no kept manifest names. */
  const prune = async (tenant: string) => {
    const live = await readPointer(tenant);
    const ids = await manifestIds(tenant);
    const kept = [...ids.filter((id) => id !== live).slice(0, keep), ...(live && ids.includes(live) ? [live] : [])];
    await deleteKeys(ids.filter((id) => !kept.includes(id)).map((id) => manifestKey(tenant, id)));
    const manifests = await mapLimit(kept, limit, (id) => readManifest(tenant, id));
    // A kept manifest that cannot be read might name any blob: then no blob is deleted this time.
    if (manifests.some((manifest) => manifest === undefined)) return;
    const named = new Set(manifests.flatMap((manifest) => (manifest ? blobsOf(manifest) : [])));
    const dir = `${root(tenant)}files/`;
    await deleteKeys((await listKeys(dir)).filter((blob) => !named.has(blob)).map((blob) => `${dir}${blob}`));
  };

  return {
    name: 's3',

    async publish(tenant, buildId, buildDir) {
      const build = readBuild(buildDir);
      if (!build) throw new Error(`Build "${buildId}" tenant "${tenant}" belum selesai (tidak ada build.json di ${buildDir})`);
      if (build.info.id !== buildId || build.info.tenant !== tenant) {
        throw new Error(`${buildDir} berisi build "${build.info.id}" tenant "${build.info.tenant}", bukan "${buildId}" tenant "${tenant}"`);
      }
      const { files, uploads } = await scanClient(join(buildDir, 'client'), limit);
      const dir = `${root(tenant)}files/`;
      const stored = new Set(await listKeys(dir));
      const missing = [...uploads].filter(([blob]) => !stored.has(blob));
      await mapLimit(missing, limit, async ([blob, upload]) => {
        await put(`${dir}${blob}`, await readFile(upload.path), upload.type, IMMUTABLE, upload.encoding);
      });
      const manifest: Manifest = { build: build.info, publishedAt: new Date().toISOString(), files };
      await put(manifestKey(tenant, buildId), JSON.stringify(manifest), JSON_TYPE, IMMUTABLE);
      await writePointer(tenant, buildId);
      await prune(tenant);
    },

    async list(tenant) {
      const [ids, live] = await Promise.all([manifestIds(tenant), readPointer(tenant)]);
      const manifests = await mapLimit(ids, limit, (id) => readManifest(tenant, id));
      return ids.map((id, index) => ({ id, live: id === live, builtAt: manifests[index]?.build.builtAt }));
    },

    live: readPointer,

    async rollback(tenant, buildId) {
      if (!KEY_PART.test(buildId) || !(await readManifest(tenant, buildId))) {
        throw new Error(`Build "${buildId}" tenant "${tenant}" tidak ada di penyimpanan S3 (manifest tidak ditemukan)`);
      }
      await writePointer(tenant, buildId);
    },
  };
}

/** A file to upload under its blob name. */
interface Upload {
  path: string;
  type: string;
  encoding: 'br' | 'gzip' | undefined;
}

/** Hashes a build's `client/` folder: the manifest's entries by public path, and each blob's source. */
async function scanClient(clientDir: string, limit: number) {
  const names = (await readdir(clientDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => relative(clientDir, join(entry.parentPath, entry.name)).split(sep).join('/'));
  const present = new Set(names);
  const files: Record<string, ManifestEntry> = {};
  const uploads = new Map<string, Upload>();
  const blob = async (name: string, type: string, encoding?: 'br' | 'gzip') => {
    const path = join(clientDir, name);
    const bytes = await readFile(path);
    const hash = createHash('sha256').update(bytes).digest('hex');
    const ext = encoding ? `${safeExt(name.slice(0, -3))}${safeExt(name)}` : safeExt(name);
    uploads.set(`${hash}${ext}`, { path, type, encoding });
    return { blob: `${hash}${ext}`, size: bytes.length };
  };
  const twinOf = (name: string) => {
    const match = /^(.*)\.(br|gz)$/.exec(name);
    return match?.[1] !== undefined && present.has(match[1]) && COMPRESSIBLE.has(extname(match[1]));
  };
  await mapLimit(
    names.filter((name) => !twinOf(name)),
    limit,
    async (name) => {
      const ext = extname(name);
      const type = CONTENT_TYPES[ext] ?? 'application/octet-stream';
      const urlPath = `/${name}`;
      const compressible = COMPRESSIBLE.has(ext);
      const br = compressible && present.has(`${name}.br`) ? await blob(`${name}.br`, type, 'br') : undefined;
      const gzip = compressible && present.has(`${name}.gz`) ? await blob(`${name}.gz`, type, 'gzip') : undefined;
      const entry: ManifestEntry = {
        ...(await blob(name, type)),
        type,
        cacheControl: cacheControl(urlPath, ext),
        encodings: { ...(br && { br }), ...(gzip && { gzip }) },
      };
      files[urlPath] = entry;
      // Directory format, as the local server answers: `About/index.html` also at `/About`, `index.html` at `/`.
      if (name === 'index.html') files['/'] = entry;
      else if (name.endsWith('/index.html')) files[urlPath.slice(0, -'/index.html'.length)] = entry;
    },
  );
  return { files, uploads };
}

/** Every blob a manifest names. */
function blobsOf(manifest: Manifest): string[] {
  return Object.values(manifest.files).flatMap((entry) =>
    [entry.blob, entry.encodings.br?.blob, entry.encodings.gzip?.blob].filter((blob) => blob !== undefined),
  );
}

/** A file's extension, lower-cased, when it is plain enough for a key (else none). */
function safeExt(name: string): string {
  const ext = extname(name).toLowerCase();
  return /^\.[a-z0-9]{1,16}$/.test(ext) ? ext : '';
}

function keyPart(value: string, what: string): string {
  if (!KEY_PART.test(value)) throw new Error(`${what} "${value}" tidak bisa dipakai sebagai kunci S3`);
  return value;
}

function isMissing(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

/** `task` over `items`, at most `limit` at once, results in order; stops starting new ones after a failure. */
async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await task(items[index] as T);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
