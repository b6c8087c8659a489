import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Post } from '~/contract/posts';
import type { ItemIndex } from '~/lib/content/routes';
import { type ContentSource, SOURCE_METHODS } from '~/lib/content/source';
import { loadConfig } from '~/server/config';
import { LocalSiteEventBus } from '~/server/platform/site-events';
import type { TenantRecord } from '~/server/platform/tenants';
import { buildDir, setLive } from '~/server/sites/build-layout';
import type { ApiFetch } from '~/server/sites/renderers';
import { type RunningSiteServer, startSiteServer } from '~/server/sites/server';
import type { SiteServerOptions } from '~/server/sites/site-server';

/**
 * Fake site builds in the layout the site server reads (`<dist>/<code>/builds/<id>/`, `live.json`),
 * fake tenants, and a raw HTTP client that sends any Host and any path as written. No vitest here:
 * the memory check runs this file in a child process.
 */

/** The files of a fake build; every body names `label`, so an answer can be traced to its build. */
export function siteFiles(label: string) {
  return {
    'index.html': `<!doctype html><title>${label}</title><link rel="stylesheet" href="/_astro/app.123.css"><h1>${label}: beranda</h1>`,
    'About/index.html': `<!doctype html><title>${label}</title><h1>${label}: tentang</h1>`,
    'News/index.html': `<!doctype html><title>${label}</title><h1>${label}: berita halaman 1</h1>`,
    '404.html': `<!doctype html><title>${label}</title><h1>${label}: Oops.. Maaf halaman tidak ditemukan</h1>`,
    '500.html': `<!doctype html><title>${label}</title><h1>${label}: Opps.. Maaf terjadi kesalahan pada website</h1>`,
    '_astro/app.123.css': `body{color:red}/* ${label} identity */`,
    '_astro/app.123.css.br': `BROTLI-BYTES ${label}`,
    '_astro/app.123.css.gz': `GZIP-BYTES-LONGER ${label}`,
    'robots.txt': 'User-agent: *\nAllow: /\n',
    'logo.png': `\x89PNG fake ${label}`,
  };
}

/**
 * A site renderer (`server/entry.mjs`) in plain JS, with the exports a render worker expects:
 * `configure(context, source)` and `render(request)`. Each page names its build (from the build's
 * `context.json`), reads `sections()` (as every page's navigation does) and its own post through the
 * content source (the fake source counts the reads of each page, see `fakeContent`), and is a 404
 * when the source has no such post. It acts up on request: `…/gagal` throws, `…/mogok` ends its
 * worker, `…/pelan` takes 500 ms, `…/tangkap` catches a failed read and shows a notice, `…/panjang` is
 * a page long enough to be compressed. `hogMb` keeps that much memory for the module's life (and reads nothing).
 */
export function rendererSource(label: string, hogMb = 0): string {
  return `const hog = ${hogMb ? `new Array(${hogMb * 131072}).fill(0.5)` : '[]'};
let context;
let source;
export function configure(given, contentSource) {
  context = given;
  source = contentSource;
}
export async function render(request) {
  const url = new URL(request.url);
  const page = url.pathname + url.search;
  if (page.endsWith('/gagal')) throw new Error('render gagal');
  if (url.pathname.startsWith('/Admin')) {
    // The staff console: who the server vouched for, or "sign in first".
    const viewer = request.headers.get('x-lms-admin-viewer');
    if (!viewer) return new Response(null, { status: 302, headers: { location: '/Login?redirect=' + encodeURIComponent(page) } });
    const who = JSON.parse(Buffer.from(viewer, 'base64url').toString('utf8'));
    return new Response('<!doctype html><p>${label} konsol untuk ' + who.name + ' (' + who.role + ')</p>', {
      status: who.role === 'student' ? 403 : 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
  }
  if (page.endsWith('/mogok')) process.exit(3);
  if (page.endsWith('/pelan')) await new Promise((done) => setTimeout(done, 500));
  if (page.endsWith('/panjang')) {
    return new Response('<!doctype html><p>' + 'kabar panjang '.repeat(400) + '</p>', { headers: { 'content-type': 'text/html; charset=utf-8' } });
  }
  if (page.endsWith('/tangkap')) {
    // As the list loaders do: a failed read becomes a notice on an otherwise whole page.
    try {
      await source.getPost({ kindSlug: 'news', slug: page });
    } catch {
      return new Response('<!doctype html><p>Gagal memuat berita</p>', { headers: { 'content-type': 'text/html; charset=utf-8' } });
    }
  }
  let count = 0;
  if (!${hogMb}) {
    await source.sections();
    const post = await source.getPost({ kindSlug: 'news', slug: page });
    if (!post) return new Response('<!doctype html><p>${label} ' + page + ' tidak ada</p>', { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' } });
    count = post.views;
  }
  return new Response('<!doctype html><title>${label}</title><p>${label} (' + context.build + ') ' + url.host + page + ' render ' + count + ' hog ' + hog.length + '</p>', {
    headers: { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'sesi=rahasia' },
  });
}
`;
}

export interface FakeBuild {
  id: string;
  files: Record<string, string>;
  /** `server/entry.mjs`, for a build with on-demand pages. */
  renderer?: string;
  /** `context.json`, what the renderer is configured with; `{ tenant, build }` when left out. */
  context?: unknown;
  /** `routes.json`: the build's items, whose other addresses are answered with their main address's file. */
  items?: ItemIndex;
  maintenance?: boolean;
  /** Points `live.json` at it once written. */
  live?: boolean;
}

/** Writes a finished build (build.json last, as the builder does) beside files that must never be served. */
export function writeBuild(distRoot: string, code: string, build: FakeBuild): string {
  const dir = buildDir(distRoot, code, build.id);
  const write = (file: string, body: string) => {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), body);
  };
  for (const [name, body] of Object.entries(build.files)) write(join('client', name), body);
  if (build.renderer) write('server/entry.mjs', build.renderer);
  write('context.json', JSON.stringify(build.context ?? { tenant: code, build: build.id }));
  if (build.items) write('routes.json', JSON.stringify(build.items));
  write('secret.txt', 'TOP SECRET');
  write('client-private/key.txt', 'TOP SECRET');
  const info = {
    tenant: code,
    id: build.id,
    version: '1.0.0-test',
    maintenance: build.maintenance ?? false,
    builtAt: '2026-11-23T10:00:00.000Z',
  };
  write('build.json', JSON.stringify(info));
  if (build.live) setLive(distRoot, code, build.id);
  return build.id;
}

/** A temporary dist folder; `remove` deletes it. */
export function makeDist(): { distRoot: string; remove(): void } {
  const distRoot = mkdtempSync(join(tmpdir(), 'lms-sites-'));
  writeFileSync(join(distRoot, 'secret.txt'), 'TOP SECRET');
  return { distRoot, remove: () => rmSync(distRoot, { recursive: true, force: true }) };
}

/** A tenant as the database lists it. */
export function tenantRecord(code: string, hosts: string[] = [], mainTenant: string | null = null): TenantRecord {
  const lmsId = `lms-${code}`;
  return {
    lmsId,
    code,
    appCode: code.toUpperCase(),
    title: code,
    hosts,
    mainTenant,
    catalogueLmsId: lmsId,
    tax: { vatBps: 1100, included: false },
  };
}

/** The tenant directory as the site server uses it. */
export function tenantList(records: TenantRecord[]) {
  return { all: async () => records, invalidate: () => {} };
}

/** The platform API stand-in: `/health`, and a JSON 404 for the rest. */
export const fakeApi: ApiFetch = (req) => {
  if (new URL(req.url).pathname === '/health') return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
  return Response.json({ statusCode: 404, message: 'Endpoint tidak ditemukan' }, { status: 404 });
};

/** The content of the fake tenants, as the site server's `contentSource` gives it to render workers. */
export interface FakeContent {
  contentSource: (tenant: string) => Promise<ContentSource>;
  /** Calls that reached the source, per `<tenant> <method> <slug>` (`kabar getPost /News/x`, `kabar sections`). */
  reads: Map<string, number>;
  /** While true, every call fails as a database outage would. */
  outage: boolean;
}

/**
 * A content source per tenant that counts the calls reaching it: `getPost` answers a post for any
 * slug but those containing `tidak-ada`, with the number of times that slug was read as its `views`;
 * `sections` answers news. Any other method fails.
 */
export function fakeContent(): FakeContent {
  const reads = new Map<string, number>();
  const count = (key: string) => {
    const next = (reads.get(key) ?? 0) + 1;
    reads.set(key, next);
    return next;
  };
  const content: FakeContent = {
    reads,
    outage: false,
    contentSource: async (tenant) => {
      const methods: Partial<ContentSource> = {
        sections: async () => {
          count(`${tenant} sections`);
          return ['news'];
        },
        getPost: async ({ slug = '' }) => {
          const views = count(`${tenant} getPost ${slug}`);
          if (slug.includes('tidak-ada')) return undefined;
          return { id: views, kindSlug: 'news', slug, title: slug, views } as Post;
        },
      };
      return Object.fromEntries(
        SOURCE_METHODS.map((method) => [
          method,
          async (...args: unknown[]) => {
            // As the driver reports an unreachable server: an outage, not a bug.
            if (content.outage) throw Object.assign(new Error('Basis data tidak tersedia'), { code: 'ECONNREFUSED' });
            const answer = methods[method] as ((...args: unknown[]) => Promise<unknown>) | undefined;
            if (!answer) throw new Error(`${method} tidak ada di sumber palsu`);
            return answer(...args);
          },
        ]),
      ) as unknown as ContentSource;
    },
  };
  return content;
}

export interface SiteServerSetup {
  distRoot: string;
  workerScript: string;
  records: TenantRecord[];
  api?: ApiFetch;
  /** Each tenant's content; a `fakeContent()` of its own when left out. */
  content?: FakeContent;
  /** Environment variables of the server (HOST, PORT, RENDER_BURST, …), parsed by `loadConfig`. */
  env?: Record<string, string | undefined>;
  /** Who holds an access token (the staff console); none: every console request is signed out. */
  viewer?: SiteServerOptions['viewer'];
}

/** Starts the site server on a free port of 127.0.0.1, with a local event bus. */
export async function startSites(setup: SiteServerSetup): Promise<RunningSiteServer & { siteEvents: LocalSiteEventBus }> {
  const siteEvents = new LocalSiteEventBus();
  const running = await startSiteServer({
    distRoot: setup.distRoot,
    workerScript: setup.workerScript,
    tenants: tenantList(setup.records),
    api: setup.api ?? fakeApi,
    contentSource: (setup.content ?? fakeContent()).contentSource,
    siteEvents,
    viewer: setup.viewer,
    // Every test request comes from 127.0.0.1: a render budget of its own is given where a test is about it.
    settings: loadConfig({ PORT: '0', HOST: '127.0.0.1', RENDER_BURST: '100000', ...setup.env }),
  });
  return Object.assign(running, { siteEvents });
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

export interface Ask {
  host?: string;
  method?: string;
  headers?: Record<string, string>;
  /** false: a connection of its own (no keep-alive pool). */
  agent?: false;
}

/** One request with the path sent as written (no URL normalising) and the body as sent (no decompression). */
export function ask(port: number, path: string, { host, method = 'GET', headers = {}, agent }: Ask = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        headers: { ...(host === undefined ? {} : { host }), ...headers },
        ...(agent === false ? { agent } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString() });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}
