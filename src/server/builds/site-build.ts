import { type ChildProcess, fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Post } from '~/contract/posts';
import { itemIndexOf, itemLookup, mainAddress, mainAddresses } from '~/lib/content/routes';
import { type ContentSource, type PostKey, type SourceMethod, sourceOver } from '~/lib/content/source';
import type { Db } from '../db/client';
import type { TenantRecord } from '../platform/tenants';
import { listPostDetails } from '../posts';
import type { FromWorker, ToWorker } from '../sites';
import {
  buildDir,
  dbContentSource,
  livePointer,
  lowerPriority,
  newBuildId,
  readLive,
  renderWorkerArgs,
  type SiteApiSettings,
  sourceKey,
} from '../sites';
import { brokenLinks } from './link-check';
import { buildMedia } from './media';
import { loadSiteContext } from './site-context';
import type { BuildJob, BuildOutcome, Publisher } from './types';

/**
 * A tenant's build: its pages rendered through the one compile of the site (`dist/_site`, see
 * astro.config.ts) from the database, written into a new build folder, checked, and published.
 *
 * - Data is read once per build: every visible post with its content in one query, every other
 *   call of the pages once (kept for the build), all in this process; pages render in worker
 *   processes (one per core) that ask it over IPC.
 * - Each item is rendered once, at its main address (the route table in lib/content/routes.ts);
 *   `routes.json` lets the site server answer the item's other addresses with the same file.
 * - `deps.json` records what each page read. The next build of the tenant (unless it must be full:
 *   new code, new settings or page copy, or asked for) re-reads only those calls, re-renders the
 *   pages whose reads changed and the new items, and hard-links every other file from the live
 *   build: one changed post re-renders its page, the lists it is on and the sitemap.
 * - The folder gets `build.json` last and goes live through the publisher (an atomic pointer swap);
 *   a failed build is removed and never touches the live site.
 */
export interface SiteBuildOptions {
  db: Db;
  tenantOf(code: string): Promise<TenantRecord | undefined>;
  /** `tenants/`: the seed folders, where settings' file paths (logos) point. */
  tenantsRoot: string;
  distRoot: string;
  /** The site compile (`dist/_site`, with `compile.json`). */
  compileDir: string;
  /** The bundled render worker (dist/_server/render-worker.mjs). */
  workerScript: string;
  publisher: Publisher;
  version: string;
  /** Render processes (BUILD_WORKERS; default: one per core, at most 4). */
  workers?: number | undefined;
  /** CPU niceness of the render processes (RENDER_NICE; 0 keeps this process's). */
  renderNice: number;
  /** What the pages get to call the API (the configuration's `siteApi` and `keys`). */
  api: SiteApiSettings;
  /** Fail on a broken internal link (the command line, CI) rather than log it (the queue). */
  strictLinks?: boolean;
}

/** What a build writes beside its pages so the next build of the tenant can be incremental. */
interface BuildDeps {
  compile: string;
  context: string;
  /** Each source call any page made, with a hash of its answer. */
  reads: Record<string, string>;
  /** Each page (address) with the calls it made, as indexes into `keys`. */
  pages: Record<string, number[]>;
  keys: string[];
}

/** `compile.json` of the site compile: an id that changes with every change of the site's code. */
export function readCompile(compileDir: string): { id: string } {
  const file = join(compileDir, 'compile.json');
  if (!existsSync(file)) throw new Error(`kompilasi situs belum ada (${file}): jalankan npm run build`);
  return JSON.parse(readFileSync(file, 'utf8')) as { id: string };
}

/**
 * A hash of an answer as pages show it: view counts change with every visit and no page shows them,
 * so they are left out (else one edit after a day of traffic would re-render every viewed post).
 */
const hash = (value: unknown) =>
  createHash('sha1')
    .update(JSON.stringify(value ?? null, (key, field) => (key === 'views' ? undefined : field)))
    .digest('base64url');

/** The file of an address in a build's client folder: `/` → index.html, `/About` → About/index.html. */
function fileOf(clientDir: string, address: string, files: Record<string, string>): string {
  const named = files[address];
  const file = join(clientDir, named ?? (address === '/' ? 'index.html' : `${address.slice(1)}/index.html`));
  // A slug with `..` (seed data is not checked like API input) must not write outside the build.
  if (!file.startsWith(`${clientDir}/`)) throw new Error(`alamat ${address} keluar dari folder build`);
  return file;
}

/** Builds one tenant; see the module comment. Throws a readable error when the build fails. */
export async function buildSite(options: SiteBuildOptions, job: BuildJob): Promise<BuildOutcome> {
  const tenant = await options.tenantOf(job.tenant);
  if (!tenant) throw new Error(`tenant "${job.tenant}" tidak ada`);
  const started = performance.now();
  const id = newBuildId();
  const dir = buildDir(options.distRoot, tenant.code, id);
  const clientDir = join(dir, 'client');
  let published = false;
  const phase = (name: string) => job.log(`  ${name}: ${Math.round(performance.now() - started)} ms`);
  try {
    const compile = readCompile(options.compileDir);
    // The compile (renderer and hashed assets) first, hard-linked: a build folder stands on its own.
    linkTree(join(options.compileDir, 'server'), join(dir, 'server'));
    linkTree(join(options.compileDir, 'client'), clientDir);
    const context = await loadSiteContext(options.db, tenant, { tenantsRoot: options.tenantsRoot, clientDir, api: options.api });
    writeFileSync(join(dir, 'context.json'), JSON.stringify(context));
    const contextHash = hash(context);
    phase('konteks');
    const media = await buildMedia(options.tenantsRoot, tenant.code, clientDir, join(options.distRoot, '_media'));
    if (media.encoded) job.log(`${media.encoded} gambar konten WebP dibuat (${media.files} dipakai)`);
    const maintenance = context.tenant.setting.isMaintenance !== false;

    const source = new BuildSource(dbContentSource(options.db, tenant), await listPostDetails(options.db, tenant.lmsId));
    const index = await itemIndexOf(source.asContentSource(), maintenance);
    writeFileSync(join(dir, 'routes.json'), JSON.stringify(index));
    phase('data');
    const entry = join(dir, 'server', 'entry.mjs');
    // The compile's own entry, imported once per compile: a module per build would never be unloaded.
    const { pages: fixed, files } = (
      (await import(`${pathToFileURL(join(options.compileDir, 'server', 'entry.mjs')).href}?compile=${compile.id}`)) as {
        fixedPages(): { pages: string[]; files: Record<string, string> };
      }
    ).fixedPages();
    const addresses = [...new Set([...fixed, ...Object.keys(files), ...mainAddresses(index)])];
    phase('renderer');

    // Incremental when the live build was made by the same code from the same context.
    const live = readLive(options.distRoot, tenant.code);
    const previous = !job.full && live ? readDeps(live.dir) : undefined;
    const incremental = previous !== undefined && previous.compile === compile.id && previous.context === contextHash;
    let toRender = addresses;
    if (incremental && live) {
      const changed = new Set<string>();
      await Promise.all(
        previous.keys.map(async (key) => {
          const [method, args] = parseKey(key);
          await source.call(method, args);
          if (source.hashes.get(key) !== previous.reads[key]) changed.add(key);
        }),
      );
      const known = new Set(Object.keys(previous.pages));
      toRender = addresses.filter(
        (address) => !known.has(address) || previous.pages[address]?.some((i) => changed.has(previous.keys[i] ?? '')),
      );
      // Everything else comes from the live build, as it is (the pages to render are left out).
      const fresh = new Set(
        toRender.flatMap((address) => variants(fileOf(clientDir, address, files).replace(clientDir, join(live.dir, 'client')))),
      );
      linkTree(join(live.dir, 'client'), clientDir, (file) => !fresh.has(file));
      // Items gone since: their pages go with them.
      const current = new Set(addresses);
      const gone = [...known].filter((address) => !current.has(address));
      for (const address of gone) for (const file of variants(fileOf(clientDir, address, files))) rmSync(file, { force: true });
      if (toRender.length === 0 && gone.length === 0) {
        // Nothing any page shows has changed: the live build stays.
        rmSync(dir, { recursive: true, force: true });
        job.log(`${tenant.code}: tidak ada perubahan; build ${live.info.id} tetap hidup`);
        return { buildId: live.info.id, pages: addresses.length, rendered: 0, incremental: true };
      }
      job.log(`inkremental: ${changed.size} data berubah, ${toRender.length} dari ${addresses.length} halaman dirender ulang`);
    } else {
      job.log(
        `penuh: ${addresses.length} halaman${job.full ? '' : live ? ' (kode, pengaturan atau salinan berubah)' : ' (build pertama)'}`,
      );
    }

    const reads = await renderPages({
      entry,
      contextFile: join(dir, 'context.json'),
      workerScript: options.workerScript,
      workers: options.workers ?? Math.min(4, availableParallelism()),
      nice: options.renderNice,
      source,
      pages: toRender.map((address) => ({ address, file: fileOf(clientDir, address, files) })),
      signal: job.signal,
      log: job.log,
    });

    phase('render');
    const lookup = itemLookup(index);
    const checked = incremental
      ? toRender.map((address) => fileOf(clientDir, address, files)).filter((file) => file.endsWith('.html'))
      : undefined;
    const broken = brokenLinks(clientDir, (path) => mainAddress(path, lookup) !== undefined, checked);
    if (broken.length > 0) {
      const shown = broken.slice(0, 30).map(({ page, href }) => `  ${page} → ${href}`);
      const message = `${broken.length} tautan internal menuju halaman yang tidak ada (404):\n${shown.join('\n')}`;
      // From the command line (and CI) a broken link is a bug of the templates or the seed: the build
      // fails. From the queue it is usually an editor's link in a post body: logged, not blocking.
      if (options.strictLinks) throw new Error(message);
      job.log(`peringatan: ${message}`);
    }
    // A read that failed would show as an error notice on a page that looks fine: the build fails instead.
    if (source.failures.length > 0) throw new Error(`membaca data gagal: ${source.failures.slice(0, 3).join('; ')}`);

    phase('cek tautan');
    const deps = mergeDeps(compile.id, contextHash, source, reads, incremental ? previous : undefined, addresses, new Set(toRender));
    writeFileSync(join(dir, 'deps.json'), JSON.stringify(deps));
    // build.json last: a folder without it is an unfinished build, which nothing serves.
    const builtAt = new Date().toISOString();
    writeFileSync(
      join(dir, 'build.json'),
      `${JSON.stringify({ tenant: tenant.code, id, version: options.version, maintenance, builtAt, compile: compile.id, trigger: job.trigger, pages: addresses.length, rendered: toRender.length, incremental }, null, 2)}\n`,
    );
    // Stopped (shutdown, or the lease went to another process): nothing goes live.
    job.signal.throwIfAborted();
    published = true;
    await options.publisher.publish(tenant.code, id, dir);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    job.log(`${tenant.code}: build ${id} hidup: ${toRender.length} dari ${addresses.length} halaman dirender dalam ${seconds} s`);
    return { buildId: id, pages: addresses.length, rendered: toRender.length, incremental };
  } catch (error) {
    // A publisher that failed after the local pointer moved (a mirror down) leaves the build live: it stays.
    if (!published || livePointer(options.distRoot, tenant.code) !== id) rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The content source of one build: every answer kept for the build (and hashed, for `deps.json`),
 * posts found by kind and slug or id in the bulk-loaded set instead of one query each.
 */
export class BuildSource {
  readonly answers = new Map<string, Promise<unknown>>();
  /** A hash of each answer, for `deps.json`. */
  readonly hashes = new Map<string, string>();
  /** Reads that failed (the build fails after rendering, naming them). */
  readonly failures: string[] = [];
  readonly #bySlug = new Map<string, Post>();
  readonly #byId = new Map<number, Post>();

  constructor(
    private readonly db: ContentSource,
    posts: Post[],
  ) {
    for (const post of posts) {
      this.#bySlug.set(`${post.kindSlug}:${post.slug}`, post);
      this.#byId.set(post.id, post);
    }
  }

  /** The same calls as a ContentSource (what the route table's helpers take). */
  asContentSource(): ContentSource {
    return sourceOver((method, args) => this.call(method, args));
  }

  call(method: SourceMethod, args: unknown[]): Promise<unknown> {
    const key = sourceKey(method, args);
    let answer = this.answers.get(key);
    if (!answer) {
      answer =
        method === 'getPost'
          ? Promise.resolve(this.#post(args[0] as PostKey))
          : (this.db[method] as (...a: unknown[]) => Promise<unknown>)(...args);
      this.answers.set(key, answer);
      answer.then(
        (value) => this.hashes.set(key, hash(value)),
        (error: unknown) => this.failures.push(`${key}: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
    return answer;
  }

  /** A post of the bulk set (every visible post): not there means not visible, as findPost would say. */
  #post(key: PostKey): Post | undefined {
    const post =
      key.id !== undefined
        ? this.#byId.get(key.id)
        : key.slug !== undefined && key.kindSlug
          ? this.#bySlug.get(`${key.kindSlug}:${key.slug}`)
          : undefined;
    if (!post || (key.kindSlug && post.kindSlug !== key.kindSlug) || (key.slug !== undefined && post.slug !== key.slug)) return undefined;
    return post;
  }
}

function parseKey(key: string): [SourceMethod, unknown[]] {
  const at = key.indexOf('[');
  return [key.slice(0, at) as SourceMethod, JSON.parse(key.slice(at)) as unknown[]];
}

function readDeps(dir: string): BuildDeps | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, 'deps.json'), 'utf8')) as BuildDeps;
  } catch {
    return undefined;
  }
}

/** The reads of every page of the new build: the rendered pages' own, the others' carried over. */
function mergeDeps(
  compile: string,
  context: string,
  source: BuildSource,
  rendered: Map<string, string[]>,
  previous: BuildDeps | undefined,
  addresses: string[],
  attempted: Set<string>,
): BuildDeps {
  const keys: string[] = [];
  const indexOf = new Map<string, number>();
  const pages: Record<string, number[]> = {};
  for (const address of addresses) {
    // A page rendered now without a file (an item that answered 404) is left out: the next build tries it again.
    if (attempted.has(address) && !rendered.has(address)) continue;
    const read = rendered.get(address) ?? previous?.pages[address]?.map((i) => previous.keys[i] ?? '') ?? [];
    pages[address] = read.map((key) => {
      let index = indexOf.get(key);
      if (index === undefined) {
        index = keys.push(key) - 1;
        indexOf.set(key, index);
      }
      return index;
    });
  }
  return { compile, context, reads: Object.fromEntries(keys.map((key) => [key, source.hashes.get(key) ?? ''])), pages, keys };
}

/** A page's file and its precompressed twins. */
const variants = (file: string) => [file, `${file}.br`, `${file}.gz`];

/**
 * Hard-links every file under `from` into `to` (copying where the file system cannot link), skipping
 * files `to` already has and those `keep` refuses. Linked files are never written to afterwards: a
 * build replaces a file by removing it first (see the render worker), so an older build's bytes stay.
 */
export function linkTree(from: string, to: string, keep: (file: string) => boolean = () => true): void {
  if (!existsSync(from)) return;
  const made = new Set<string>();
  for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const source = join(entry.parentPath, entry.name);
    if (!keep(source)) continue;
    const target = join(to, relative(from, source));
    const folder = dirname(target);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    try {
      linkSync(source, target);
    } catch (error) {
      // Already there (the build wrote it first); another file system: copy.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      writeFileSync(target, readFileSync(source));
    }
  }
}

interface RenderJob {
  entry: string;
  contextFile: string;
  workerScript: string;
  workers: number;
  nice: number;
  source: BuildSource;
  pages: { address: string; file: string }[];
  signal: AbortSignal;
  log: (line: string) => void;
}

/** The status a page of the build has: the error pages are written with theirs. */
const expected = (address: string) => (address === '/404' ? 404 : address === '/500' ? 500 : 200);

/** The longest a build waits for its next page. */
const STALL_MS = 120_000;

/** Pages each worker renders at once (their reads overlap the IPC round trips). */
const IN_FLIGHT = 8;

/** Renders the pages in worker processes; returns each written page's reads. A page that is neither 200 nor a 404 fails the build. */
async function renderPages(job: RenderJob): Promise<Map<string, string[]>> {
  const reads = new Map<string, string[]>();
  if (job.pages.length === 0) return reads;
  const queue = [...job.pages];
  const workers = Math.max(1, Math.min(job.workers, Math.ceil(queue.length / IN_FLIGHT)));
  const children: ChildProcess[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      let running = workers;
      let failed = false;
      // No page finished for this long: a render hangs, and the build fails rather than hold the tenant's queue.
      let stall: NodeJS.Timeout | undefined;
      const watch = () => {
        clearTimeout(stall);
        stall = setTimeout(() => fail(new Error(`tidak ada halaman selesai dalam ${STALL_MS / 1000} s`)), STALL_MS);
      };
      const fail = (error: Error) => {
        clearTimeout(stall);
        if (failed) return;
        failed = true;
        reject(error);
      };
      watch();
      job.signal.addEventListener('abort', () => fail(new Error('build dihentikan')), { once: true });
      for (let n = 0; n < workers; n++) {
        const child = fork(
          job.workerScript,
          renderWorkerArgs({ entry: pathToFileURL(job.entry).href, contextFile: job.contextFile, build: true }),
          {
            serialization: 'advanced',
            stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
          },
        );
        // A build in the server process must not slow what the server answers.
        lowerPriority(child, job.nice);
        children.push(child);
        const inFlight = new Map<number, { address: string; file: string }>();
        let nextId = 1;
        let done = false;
        const send = (message: ToWorker) => {
          if (child.connected) child.send(message, (error) => error && fail(error));
        };
        const finish = () => {
          if (done) return;
          done = true;
          if (--running === 0) {
            clearTimeout(stall);
            resolve();
          }
        };
        const next = () => {
          while (!failed && inFlight.size < IN_FLIGHT && queue.length > 0) {
            const page = queue.shift() as { address: string; file: string };
            const id = nextId++;
            inFlight.set(id, page);
            // The file may be a link into an older build: replace it, never write through it.
            for (const file of variants(page.file)) rmSync(file, { force: true });
            send({ type: 'build-page', id, url: `https://build.invalid${page.address}`, file: page.file, expect: expected(page.address) });
          }
          if (inFlight.size === 0 && queue.length === 0) finish();
        };
        child.on('message', (message: FromWorker) => {
          if (message.type === 'ready') return next();
          if (message.type === 'source') {
            job.source.call(message.method, message.args).then(
              (value) => send({ type: 'source-answer', id: message.id, ok: true, value }),
              (error: unknown) =>
                send({
                  type: 'source-answer',
                  id: message.id,
                  ok: false,
                  message: error instanceof Error ? error.message : String(error),
                  failure: 'unavailable',
                }),
            );
            return;
          }
          if (message.type === 'rendered') return;
          const page = inFlight.get(message.id);
          if (!page) return;
          inFlight.delete(message.id);
          watch();
          if (message.type === 'failed') return fail(new Error(`${page.address}: ${message.message}`));
          if (message.status === expected(page.address)) reads.set(page.address, message.reads);
          else if (message.status !== 404) return fail(new Error(`${page.address}: status ${message.status}`));
          next();
        });
        child.on('error', (error) => fail(error));
        child.on('exit', (code) => {
          // Gone with pages of its own unfinished: the build fails. Gone idle (the others took the queue): it is done.
          if (inFlight.size > 0) fail(new Error(`proses render berhenti (kode ${code})`));
          else if (queue.length === 0) finish();
          else if (!done && running === 1) fail(new Error(`proses render berhenti (kode ${code})`));
          else finish();
        });
      }
    });
  } finally {
    // Closing the channel ends a worker (render-worker.ts); one that hangs is killed.
    for (const child of children) {
      if (child.connected) child.disconnect();
      setTimeout(() => child.kill(), 5000).unref();
    }
  }
  return reads;
}
