import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed, vi } from 'vitest';
import type { PostSummary } from '~/contract/posts';
import { type ApiClient, createPost, credentialHeaders, getPost, listPosts, updatePost } from '~/lib/api';
import { listTenantCodes, loadTenant } from '~/lib/tenant/load';
import { writerClient } from '../e2e/support';
import { childPids, eventually, isRunning, type ServerProcess, startServer } from './support/server-process';
import { type BuildJobEntry, type BuildsAdmin, buildsAdmin, forgedSecret, getPage, signedWebhook } from './support/site-calls';
import { throwawayDatabase, throwawayDirs } from './support/throwaway';

/**
 * Site builds as an editor, an external CMS and an operator meet them, on the production server
 * (`dist/_server/main.mjs`) with its own build worker, a throwaway DIST_DIR and a fresh PostgreSQL
 * database: a write goes live without a restart through an incremental build, a burst of writes
 * makes one or two builds, a signed webhook is the only outside call that queues one, a server
 * killed mid-build leaves the live site alone and the job is finished by the next server, and a
 * rollback brings back the previous pages byte for byte. The demo tenant is built by the server at
 * start; the other tenants' live builds are linked from `dist/` (`npm test` builds them all first)
 * or, when missing, built by the server before the tests begin.
 */
const root = process.cwd();
// The project's bundle, not its copy in the throwaway DIST_DIR: main.ts finds the project (tenants/,
// package.json) two folders above the bundle.
const bundle = join(root, 'dist/_server/main.mjs');
const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const demo = loadTenant('tenants', 'demo');

let dirs: ReturnType<typeof throwawayDirs>;
let database: Awaited<ReturnType<typeof throwawayDatabase>>;
let server: ServerProcess;
let admin: BuildsAdmin;
let writer: ApiClient;
/** The shared database, as an external CMS writing content beside the platform sees it. */
let cms: pg.Client;
/** A seeded news post the tests change. */
let target: PostSummary;

beforeAll(async () => {
  if (!existsSync(join(root, 'dist/_site/compile.json')) || !existsSync(bundle)) {
    const { compileSite, buildServer } = await import('../../scripts/build.mjs');
    await compileSite();
    await buildServer();
  }
  dirs = throwawayDirs(root, [demo.code]);
  database = await throwawayDatabase(adminUrl, 'lms_int_builds');
  // The test signs in with app credentials derived from the server's key, kept in its DATA_DIR.
  vi.stubEnv('DATA_DIR', dirs.dataDir);
  const started = performance.now();
  server = await startServer(bundle, serverEnv());
  const listening = performance.now();
  // The server queues a full build of each tenant without a live build (demo first) and runs them in turn.
  await eventually('semua tenant punya build live (GET /api/health/ready)', everyTenantLive, {
    timeoutMs: 240_000,
    everyMs: 500,
    describe: () => server.tail(),
  });
  admin = await buildsAdmin(server.base, demo);
  writer = await writerClient(server.base, demo);
  const start = await settled();
  expect(start.jobs).toContainEqual(expect.objectContaining({ trigger: 'start', status: 'done', full: true }));
  cms = new pg.Client({ connectionString: database.url });
  await cms.connect();
  const [first] = (await listPosts(writer, { kindSlug: 'news' })).items;
  if (!first) throw new Error('tenant demo tidak punya berita');
  target = first;
  const built = listTenantCodes('tenants').filter((code) => !dirs.linked.includes(code));
  console.log(
    `server menjawab dalam ${ms(listening - started)}, semua tenant live dalam ${ms(performance.now() - started)}; ` +
      `dibangun saat mulai: ${built.join(', ')}; dari dist/: ${dirs.linked.length} tenant`,
  );
}, 300_000);

afterAll(async () => {
  await cms?.end();
  await server?.stop();
  await database?.drop();
  dirs?.remove();
  vi.unstubAllEnvs();
}, 60_000);

beforeEach(() => {
  onTestFailed(() => console.log(`--- keluaran server terakhir ---\n${server?.tail(120)}`));
});

describe('site builds on the production server', () => {
  it('a post written through the API goes live on its page, the first list pages and the sitemap, through an incremental build', async () => {
    const before = await settled();
    const word = `buildtes${randomBytes(3).toString('hex')}`;
    const title = `Berita build ${word}`;
    await createPost(writer, {
      kindSlug: 'news',
      title,
      slug: word,
      summary: 'Ringkasan berita uji build.',
      content: '<p>Isi berita uji build.</p>',
    });

    const after = await settled();
    const [job, ...others] = jobsSince(after.jobs, before);
    expect(others).toEqual([]);
    expect(job).toMatchObject({ trigger: 'cms', status: 'done', full: false });
    console.log(`build setelah berita baru: ${job?.rendered} dari ${job?.pages} halaman dirender`);
    expect(job?.rendered).toBeGreaterThan(0);
    expect(job?.rendered).toBeLessThan((job?.pages ?? 0) / 4);
    expect(after.live).toBe(job?.buildId);
    expect(after.live).not.toBe(before.live);

    // Served from the new build's files (no X-Cache), not rendered on demand.
    await serving(after.live);
    const page = await getPage(server.base, demo.code, `/News/${word}`);
    expect(page.status).toBe(200);
    expect(page.cache).toBeNull();
    expect(page.html).toContain(title);
    // Both lists of news, and the sitemap, in every encoding a browser may ask for.
    for (const encoding of ['identity', 'gzip', 'br'] as const) {
      for (const list of ['/News', '/Berita']) {
        const { status, cache, html } = await getPage(server.base, demo.code, list, encoding);
        expect({ list, encoding, status, cache, shows: html.includes(title) }).toEqual({
          list,
          encoding,
          status: 200,
          cache: null,
          shows: true,
        });
      }
      expect((await getPage(server.base, demo.code, '/sitemap.xml', encoding)).html).toContain(`/News/${word}`);
    }
  }, 60_000);

  it('a settings change and a page-copy change through the API rebuild the whole site from the database', async () => {
    const before = await settled();
    const title = `Nusantara Uji ${randomBytes(3).toString('hex')}`;
    expect((await admin.putApp('setting/title', { value: title })).status).toBe(200);
    const heading = `Tentang kami, versi ${randomBytes(3).toString('hex')}`;
    const about = (await admin.putApp('copy/item?key=page:About', {})).status;
    // A value the copy schema refuses is a 400 naming the field, and nothing is queued for it.
    expect(about).toBe(400);
    const current = await fetch(`${server.base}/api/${demo.appCode}/cms/app/copy/item?key=page:About`, {
      headers: { Origin: server.base, ...credentialHeaders('main', writer.credentials()) },
    });
    const copy = ((await current.json()) as { data: { value: { data: { hero: { heading: string } } } } }).data.value;
    copy.data.hero.heading = heading;
    expect((await admin.putApp('copy/item?key=page:About', { value: copy })).status).toBe(200);

    const after = await settled();
    const jobs = jobsSince(after.jobs, before);
    expect(jobs.length).toBeGreaterThanOrEqual(1);
    expect(jobs.every((job) => job.status === 'done' && job.full)).toBe(true);
    await serving(after.live);
    // Every page carries the new title; the About page its new heading.
    expect((await getPage(server.base, demo.code, '/')).html).toContain(title);
    expect((await getPage(server.base, demo.code, '/Gallery')).html).toContain(title);
    expect((await getPage(server.base, demo.code, '/About')).html).toContain(heading);
  }, 90_000);

  it('twenty writes in a burst make one or two builds, not twenty', async () => {
    const before = await settled();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        updatePost(writer, target.slug, { kindSlug: 'news', content: `<p>Revisi ${n + 1} dari 20 untuk uji build.</p>` }),
      ),
    );
    console.log(`20 penulisan dalam ${ms(performance.now() - started)}`);
    // Sent at once, they land in any order: the page must show the one the API ends up with.
    const last = (await getPost(writer, { kindSlug: 'news', slug: target.slug })).content.match(/Revisi \d+ dari 20/)?.[0];
    expect(last).toBeDefined();

    const after = await settled();
    const jobs = jobsSince(after.jobs, before);
    console.log(`job build: ${jobs.map((job) => `#${job.id} (${job.changes} perubahan)`).join(', ')}`);
    expect(jobs.length).toBeGreaterThanOrEqual(1);
    expect(jobs.length).toBeLessThanOrEqual(2);
    expect(jobs.every((job) => job.trigger === 'cms' && job.status === 'done')).toBe(true);
    // Every write's event was coalesced into those jobs.
    expect(jobs.reduce((sum, job) => sum + job.changes, 0)).toBe(20);
    await serving(after.live);
    const page = await getPage(server.base, demo.code, `/News/${target.slug}`);
    expect(page.cache).toBeNull();
    expect(page.html).toContain(last);
  }, 60_000);

  it('a webhook signed with the tenant secret queues a build that goes live; forged and replayed ones queue nothing', async () => {
    const secret = await admin.webhookSecret();
    const before = await settled();
    const title = `Judul dari CMS luar ${randomBytes(3).toString('hex')}`;
    await writeFromCms(target.slug, title);
    // The database changed, nothing was queued: the live page is still the old one.
    expect((await getPage(server.base, demo.code, `/News/${target.slug}`)).html).not.toContain(title);
    expect(jobsSince((await admin.history()).jobs, before)).toEqual([]);

    const delivery = signedWebhook(secret, { type: 'post.updated', tenant: demo.code, ids: [target.id, target.slug] });
    const accepted = await fetch(webhookUrl(), delivery);
    expect(accepted.status).toBe(202);
    const { jobId } = ((await accepted.json()) as { data: { jobId: number } }).data;
    const after = await settled();
    expect(jobsSince(after.jobs, before)).toEqual([expect.objectContaining({ id: jobId, trigger: 'webhook', status: 'done' })]);
    await serving(after.live);
    const page = await getPage(server.base, demo.code, `/News/${target.slug}`);
    expect(page.cache).toBeNull();
    expect(page.html).toContain(title);

    const body = { type: 'post.updated', tenant: demo.code, ids: [target.id] };
    const forged = await fetch(webhookUrl(), signedWebhook(forgedSecret(), body));
    expect(forged.status).toBe(401);
    const replayed = await fetch(webhookUrl(), delivery);
    expect(replayed.status).toBe(409);
    expect(jobsSince((await admin.history()).jobs, after)).toEqual([]);
  }, 60_000);

  it('a one-post change re-renders a handful of pages (time from the webhook to the page printed)', async () => {
    const secret = await admin.webhookSecret();
    const before = await settled();
    const title = `Perubahan kecil ${randomBytes(3).toString('hex')}`;
    await writeFromCms(target.slug, title);
    const accepted = await fetch(webhookUrl(), signedWebhook(secret, { type: 'post.updated', tenant: demo.code, ids: [target.id] }));
    expect(accepted.status).toBe(202);
    const acceptedAt = performance.now();
    const page = await pageShowing(`/News/${target.slug}`, title, 25);
    console.log(`webhook 202 → halaman berubah: ${ms(performance.now() - acceptedAt)}`);
    expect(page.cache).toBeNull();

    const [job] = jobsSince((await settled()).jobs, before);
    console.log(`build bertahap: ${job?.rendered} dari ${job?.pages} halaman dirender`);
    expect(job?.log).toContain('inkremental');
    expect(job?.rendered).toBeGreaterThan(0);
    expect(job?.rendered).toBeLessThanOrEqual(12);
  }, 60_000);

  it('a server killed mid-build leaves the previous build live; the next server retries the job and it goes live', async () => {
    const before = await settled();
    const path = `/News/${target.slug}`;
    const previous = await getPage(server.base, demo.code, path);
    expect(previous.cache).toBeNull();
    const title = `Judul sebelum mati ${randomBytes(3).toString('hex')}`;
    // An editor's change, and an operator's full rebuild joining it: a build long enough to kill midway.
    await updatePost(writer, target.slug, { kindSlug: 'news', title });
    expect((await admin.requestFullBuild()).status).toBe(202);
    const running = await eventually(
      'build berjalan',
      async () => jobsSince((await admin.history()).jobs, before).find((job) => job.status === 'running'),
      { timeoutMs: 30_000, everyMs: 20 },
    );
    // Killed while its render processes are at work.
    const renderers = await eventually('proses render build berjalan', async () => {
      const children = childPids(server.child.pid ?? 0);
      return children.length > 0 ? children : undefined;
    });
    await server.kill('SIGKILL');
    // Its render processes go with it.
    await eventually('proses render server yang mati berhenti', async () => (renderers.some(isRunning) ? undefined : true), {
      timeoutMs: 10_000,
    });

    // On the same address, as behind a load balancer: the clients signed in before keep working.
    const restarted = performance.now();
    server = await startServer(bundle, serverEnv(), Number(new URL(server.base).port));
    console.log(`server baru menjawab dalam ${ms(performance.now() - restarted)}`);
    const served = await getPage(server.base, demo.code, path);
    const { jobs, live } = await admin.history();
    // Asked before the retry could finish: the previous build, whole.
    expect(jobs.find((job) => job.id === running.id)?.status).not.toBe('done');
    expect(live).toBe(before.live);
    expect(await servedBuild()).toBe(before.live);
    expect(served.status).toBe(200);
    expect(served.bytes.equals(previous.bytes)).toBe(true);

    // Its lease runs out and this server's worker takes the job over.
    const after = await settled(60_000);
    const retried = after.jobs.find((job) => job.id === running.id);
    expect(retried).toMatchObject({ status: 'done', trigger: 'cms', full: true });
    expect(retried?.attempts).toBeGreaterThanOrEqual(2);
    expect(jobsSince(after.jobs, before)).toHaveLength(1);
    expect(after.live).toBe(retried?.buildId);
    await serving(after.live);
    const changed = await getPage(server.base, demo.code, path);
    expect(changed.cache).toBeNull();
    expect(changed.html).toContain(title);
  }, 120_000);

  it('a rollback to the previous build brings back its pages byte for byte', async () => {
    const before = await settled();
    const path = `/News/${target.slug}`;
    const previous = await getPage(server.base, demo.code, path);
    const title = `Judul yang akan dibatalkan ${randomBytes(3).toString('hex')}`;
    await updatePost(writer, target.slug, { kindSlug: 'news', title });
    const after = await settled();
    expect(after.live).not.toBe(before.live);
    await serving(after.live);
    const changed = await getPage(server.base, demo.code, path);
    expect(changed.html).toContain(title);
    expect(changed.bytes.equals(previous.bytes)).toBe(false);

    const rollback = await admin.rollback(before.live ?? '');
    expect(rollback.status).toBe(200);
    expect((await admin.history()).live).toBe(before.live);
    await serving(before.live);
    const restored = await getPage(server.base, demo.code, path);
    expect(restored.status).toBe(200);
    expect(restored.cache).toBeNull();
    expect(restored.bytes.equals(previous.bytes)).toBe(true);
  }, 60_000);
});

/** The server's environment: this file's dist, data and database, quick build queue timings. */
function serverEnv(): Record<string, string | undefined> {
  return {
    DIST_DIR: dirs.distRoot,
    DATA_DIR: dirs.dataDir,
    DATABASE_URL: database.url,
    DEFAULT_TENANT: demo.code,
    BUILD_DEBOUNCE_MS: '300',
    BUILD_POLL_MS: '200',
    BUILD_LEASE_MS: '3000',
    SEED_DEMO_USERS: 'true',
    ACCESS_LOG: '0',
    // One process: site events in process, no Redis.
    REDIS_URL: undefined,
    PGLITE_DIR: undefined,
    LMS_ENV: undefined,
  };
}

/** True once the readiness check says every tenant has a live build (undefined before, for `eventually`). */
async function everyTenantLive(): Promise<true | undefined> {
  const response = await fetch(`${server.base}/api/health/ready`).catch(() => undefined);
  const body = (await response?.json().catch(() => undefined)) as { status?: string } | undefined;
  return body?.status === 'ok' ? true : undefined;
}

/** The demo history once it has no queued or running job (every build asked for so far has ended). */
function settled(timeoutMs = 30_000) {
  return eventually(
    'semua build demo selesai',
    async () => {
      const history = await admin.history();
      return history.jobs.some((job) => job.status === 'queued' || job.status === 'running') ? undefined : history;
    },
    { timeoutMs, everyMs: 100, describe: () => server.tail() },
  );
}

/** The jobs made after the history `before` was read, oldest first. */
function jobsSince(jobs: BuildJobEntry[], before: { jobs: BuildJobEntry[] }): BuildJobEntry[] {
  const last = Math.max(0, ...before.jobs.map((job) => job.id));
  return jobs.filter((job) => job.id > last).sort((a, b) => a.id - b.id);
}

/** The demo build the server serves (its readiness answer lists each tenant's), null while it has none. */
async function servedBuild(): Promise<string | null> {
  const response = await fetch(`${server.base}/api/health/ready`);
  const body = (await response.json()) as { tenants: Record<string, { build: string | null }> };
  return body.tenants[demo.code]?.build ?? null;
}

/** Once the server serves build `id` of demo (it reads a new live build into memory before swapping it in). */
function serving(id: string | null) {
  let seen: string | null = null;
  return eventually(
    `server menyajikan build ${id}`,
    async () => {
      seen = await servedBuild();
      return seen === id ? true : undefined;
    },
    { timeoutMs: 10_000, describe: () => `disajikan: ${seen}` },
  );
}

/** The page once it shows `text` (polled every `everyMs`). */
function pageShowing(path: string, text: string, everyMs: number) {
  return eventually(
    `${path} menampilkan "${text}"`,
    async () => {
      const page = await getPage(server.base, demo.code, path);
      return page.status === 200 && page.html.includes(text) ? page : undefined;
    },
    { timeoutMs: 30_000, everyMs },
  );
}

/** An external CMS changing a demo news post's title in the shared database (no API call, so no build is queued). */
async function writeFromCms(slug: string, title: string): Promise<void> {
  const { rowCount } = await cms.query(
    `update posts set title = $1, updated_at = now() where lms_id = $2 and kind_slug = 'news' and slug = $3`,
    [title, demo.lmsId, slug],
  );
  expect(rowCount).toBe(1);
}

const ms = (value: number) => `${Math.round(value)} ms`;
const webhookUrl = () => `${server.base}/api/v1/builds/${demo.appCode}/webhook`;
