import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { claim, enqueue, schedule } from '~/server/builds/queue';
import { recoverExpired } from '~/server/builds/queue-failures';
import { history } from '~/server/builds/queue-history';
import type { BuildJob, BuildOutcome, BuildRunner } from '~/server/builds/types';
import { BuildWorker, type BuildWorkerOptions } from '~/server/builds/worker';
import { type Database, type Db, openDatabase } from '~/server/db/client';
import { buildJobs } from '~/server/db/schema';
import { adminQuery, type DbKind, dbKinds, MIGRATIONS, POSTGRES_ADMIN_URL } from './support/platform';

/**
 * The build queue as the platform's processes use it: writes enqueue, workers (each one a process
 * with its own connection pool on PostgreSQL) claim and build, and the history shows what happened.
 */

/** A migrated, empty database; `connect()` gives another handle on it, as a second process would have. */
async function openQueueDatabase(kind: DbKind) {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://', migrationsFolder: MIGRATIONS });
    return { db: database.db, connect: async () => database.db, close: () => database.close() };
  }
  const name = `lms_queue_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const handles: Database[] = [];
  const connect = async () => {
    const database = await openDatabase({ url: url.href, dataDir: 'unused', migrationsFolder: MIGRATIONS });
    handles.push(database);
    return database.db;
  };
  const db = await connect();
  return {
    db,
    connect,
    close: async () => {
      for (const database of handles) await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

let tenants = 0;
/** A tenant code of its own for each test, so tests never see each other's jobs. */
const newTenant = () => `t${++tenants}-${randomBytes(2).toString('hex')}`;
const eqId = (id: number) => sql`${buildJobs.id} = ${id}`;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const event = (tenant: string, type = 'post.updated', ids: (string | number)[] = []) => ({ type, tenant, ids });
const outcome = (buildId: string): BuildOutcome => ({ buildId, pages: 10, rendered: 3, incremental: true });

describe.each(await dbKinds())('build queue on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openQueueDatabase>>;
  let db: Db;
  const workers: BuildWorker[] = [];
  const lines: string[] = [];

  /** A started worker, stopped after the test. */
  const startWorker = (options: Partial<BuildWorkerOptions> & Pick<BuildWorkerOptions, 'runner'>) => {
    const worker = new BuildWorker({ db, pollMs: 25, leaseMs: 3000, retryBaseMs: 20, log: (line) => lines.push(line), ...options });
    workers.push(worker);
    worker.start();
    return worker;
  };

  beforeAll(async () => {
    database = await openQueueDatabase(kind);
    db = database.db;
  }, 60_000);
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    // A worker builds any tenant's due job: nothing a test left queued may reach the next test's runner.
    await db.delete(buildJobs);
  });
  afterAll(() => database?.close());

  it('20 writes within 2 s queue one job holding every event, full once a settings change joins', async () => {
    const tenant = newTenant();
    for (let i = 0; i < 20; i++) {
      await enqueue(db, event(tenant, 'post.updated', [i]), 'cms', { delayMs: 5000 });
      await sleep(90);
    }
    let [job, ...others] = await history(db, tenant);
    expect(others).toEqual([]);
    expect(job).toMatchObject({ status: 'queued', trigger: 'cms', full: false, changes: 20 });

    await enqueue(db, event(tenant, 'settings.updated'), 'cms');
    [job, ...others] = await history(db, tenant);
    expect(others).toEqual([]);
    expect(job).toMatchObject({ status: 'queued', full: true, changes: 21 });
  }, 20_000);

  it('20 writes at the same instant race into one job without an error', async () => {
    const tenant = newTenant();
    const queued = await Promise.all(
      Array.from({ length: 20 }, (_, i) => enqueue(db, event(tenant, 'post.updated', [i]), 'cms', { delayMs: 5000 })),
    );
    expect(new Set(queued.map((job) => job.id)).size).toBe(1);
    expect(queued.filter((job) => !job.coalesced)).toHaveLength(1);
    expect(await history(db, tenant)).toMatchObject([{ status: 'queued', changes: 20 }]);
  });

  it('the calendar keeps one scheduled job apart from the queued one: moved, never merged with writes, built once due, dropped when nothing is ahead', async () => {
    const tenant = newTenant();
    const later = new Date(Date.now() + 3_600_000);
    const first = await schedule(db, tenant, later);
    // Re-set after the next build to the next moment: the same job, moved.
    const moved = await schedule(db, tenant, new Date(Date.now() + 60_000));
    expect(moved?.id).toBe(first?.id);
    expect(moved?.dueInMs).toBeLessThanOrEqual(60_000);
    // A write gets a queued job of its own, built at once, with only its own change.
    const write = await enqueue(db, event(tenant, 'post.updated', [7]), 'cms', { delayMs: 0 });
    expect(write.id).not.toBe(first?.id);
    // The history shows the scheduled job first, as the next build, though its id is older.
    expect((await history(db, tenant)).map(({ status, trigger, changes }) => ({ status, trigger, changes }))).toEqual([
      { status: 'scheduled', trigger: 'schedule', changes: 1 },
      { status: 'queued', trigger: 'cms', changes: 1 },
    ]);
    const claimed = await claim(db, 'w1', 3000);
    expect(claimed).toMatchObject({ id: write.id, trigger: 'cms' });
    await db.delete(buildJobs).where(eqId(write.id));
    // Not due yet: nothing to claim. Once its moment comes, a worker builds it.
    expect(await claim(db, 'w1', 3000)).toBeUndefined();
    await schedule(db, tenant, new Date(Date.now() - 1000));
    expect(await claim(db, 'w1', 3000)).toMatchObject({ id: first?.id, status: 'running', trigger: 'schedule' });
    // After that build nothing is ahead: no scheduled job is left.
    await schedule(db, tenant, later);
    await schedule(db, tenant, undefined);
    expect((await history(db, tenant)).filter((job) => job.status === 'scheduled')).toEqual([]);
  });

  it('with a worker building, a 2 s burst of writes becomes one or two builds, not twenty', async () => {
    const tenant = newTenant();
    const built: BuildJob[] = [];
    startWorker({
      runner: async (job) => {
        built.push(job);
        // The first build outlasts the burst: everything written meanwhile waits in one queued job.
        if (built.length === 1) await sleep(2500);
        return outcome(`b${built.length}`);
      },
    });
    for (let i = 0; i < 20; i++) {
      await enqueue(db, event(tenant, 'post.updated', [i]), 'cms', { delayMs: 750 });
      await sleep(100);
    }
    await expect.poll(async () => (await history(db, tenant)).every((job) => job.status === 'done'), { timeout: 10_000 }).toBe(true);
    const jobs = await history(db, tenant);
    expect(jobs.length).toBeGreaterThanOrEqual(1);
    expect(jobs.length).toBeLessThanOrEqual(2);
    // Every write reached a build, each exactly once.
    expect(built.flatMap((job) => job.changes.flatMap((change) => change.ids)).sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 20 }, (_, i) => i),
    );
  }, 20_000);

  it('two workers never build one tenant at once, but build two tenants in parallel', async () => {
    const [a, b] = [newTenant(), newTenant()];
    const runs: { tenant: string; worker: string; start: number; end: number }[] = [];
    const active = new Map<string, number>();
    let overlapSameTenant = false;
    const runnerOf =
      (worker: string): BuildRunner =>
      async (job) => {
        const now = (active.get(job.tenant) ?? 0) + 1;
        active.set(job.tenant, now);
        if (now > 1) overlapSameTenant = true;
        const run = { tenant: job.tenant, worker, start: Date.now(), end: 0 };
        await sleep(400);
        run.end = Date.now();
        runs.push(run);
        active.set(job.tenant, (active.get(job.tenant) ?? 1) - 1);
        return outcome(`${job.tenant}-${runs.length}`);
      };
    // Two processes: on PostgreSQL each worker has its own connection pool.
    startWorker({ db: await database.connect(), workerId: 'proses-1', runner: runnerOf('proses-1') });
    startWorker({ db: await database.connect(), workerId: 'proses-2', runner: runnerOf('proses-2') });

    await Promise.all([enqueue(db, event(a), 'cms', { delayMs: 0 }), enqueue(db, event(b), 'cms', { delayMs: 0 })]);
    await expect.poll(async () => (await history(db, a))[0]?.status, { timeout: 5000, interval: 20 }).toBe('running');
    // More writes to `a` while it builds: its next build waits for the running one, whichever worker is free.
    for (let i = 0; i < 3; i++) {
      await enqueue(db, event(a, 'post.updated', [i]), 'cms', { delayMs: 0 });
      await sleep(150);
    }
    await expect
      .poll(async () => [...(await history(db, a)), ...(await history(db, b))].every((job) => job.status === 'done'), { timeout: 10_000 })
      .toBe(true);

    expect(overlapSameTenant).toBe(false);
    const ofA = runs.filter((run) => run.tenant === a).sort((x, y) => x.start - y.start);
    const [firstB] = runs.filter((run) => run.tenant === b);
    expect(ofA.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < ofA.length; i++) expect(ofA[i]?.start).toBeGreaterThanOrEqual(ofA[i - 1]?.end ?? Number.POSITIVE_INFINITY);
    // The first builds of `a` and `b` ran at the same time, on the two workers.
    const [firstA] = ofA;
    expect(firstA && firstB && firstA.start < firstB.end && firstB.start < firstA.end).toBe(true);
    expect(firstA?.worker).not.toBe(firstB?.worker);
  }, 30_000);

  it('a build whose worker stopped mid-way is taken over by another worker once its lease runs out', async () => {
    const tenant = newTenant();
    let abortedFirst = false;
    let stoppedAt = 0;
    const first = startWorker({
      workerId: 'proses-mati',
      leaseMs: 600,
      runner: (job) =>
        new Promise((_, reject) => {
          job.log('merender 120 halaman');
          job.signal.addEventListener('abort', () => {
            abortedFirst = true;
            reject(job.signal.reason);
          });
        }),
    });
    await enqueue(db, event(tenant, 'post.updated', [7]), 'cms', { delayMs: 0 });
    await expect.poll(async () => (await history(db, tenant))[0]?.status, { timeout: 5000, interval: 20 }).toBe('running');
    await first.stop();
    stoppedAt = Date.now();
    expect(abortedFirst).toBe(true);
    expect(await history(db, tenant)).toMatchObject([{ status: 'running' }]);

    let takenOverAt = 0;
    const second = await database.connect();
    startWorker({
      db: second,
      workerId: 'proses-baru',
      runner: async (job) => {
        takenOverAt = Date.now();
        expect(job.changes).toEqual([event(tenant, 'post.updated', [7])]);
        return outcome('diambil-alih');
      },
    });
    await expect.poll(async () => (await history(db, tenant))[0]?.status, { timeout: 5000 }).toBe('done');
    const [job] = await history(db, tenant);
    expect(job).toMatchObject({ attempts: 2, buildId: 'diambil-alih', error: null });
    expect(job?.log).toContain('merender 120 halaman');
    expect(job?.log).toMatch(/Build terhenti sebelum selesai/);
    expect(job?.log).toContain('proses-baru');
    // Not before the lease of the stopped worker ran out.
    expect(takenOverAt - stoppedAt).toBeGreaterThan(200);
  }, 20_000);

  it('an expired build is merged into the tenant’s queued job instead of queuing twice', async () => {
    const tenant = newTenant();
    await enqueue(db, event(tenant, 'post.updated', [1]), 'cms', { delayMs: 0 });
    const running = await claim(db, 'proses-mati', 1);
    expect(running?.tenant).toBe(tenant);
    await enqueue(db, event(tenant, 'settings.updated'), 'cms', { delayMs: 0 });
    await sleep(20);
    expect(await recoverExpired(db)).toBeGreaterThanOrEqual(1);
    const [queued, interrupted] = await history(db, tenant);
    expect(queued).toMatchObject({ status: 'queued', full: true, changes: 2 });
    expect(interrupted).toMatchObject({ id: running?.id, status: 'failed' });
    expect(interrupted?.log).toContain(`job #${queued?.id}`);
  });

  it('a failing build is retried with growing pauses and ends failed with its error and log', async () => {
    const tenant = newTenant();
    const calls: number[] = [];
    startWorker({
      runner: async (job) => {
        calls.push(Date.now());
        job.log(`percobaan ke-${calls.length}: memuat konten`);
        throw new Error('Halaman /News gagal dirender: judul kosong');
      },
    });
    await enqueue(db, event(tenant), 'webhook', { delayMs: 0 });
    await expect.poll(async () => (await history(db, tenant))[0]?.status, { timeout: 10_000 }).toBe('failed');
    const [job, ...others] = await history(db, tenant);
    expect(others).toEqual([]);
    expect(job).toMatchObject({ status: 'failed', attempts: 5, maxAttempts: 5, error: 'Halaman /News gagal dirender: judul kosong' });
    expect(job?.log).toContain('percobaan ke-1: memuat konten');
    expect(job?.log).toContain('percobaan ke-5: memuat konten');
    expect(job?.log).toContain('gagal setelah 5 percobaan');
    expect(calls).toHaveLength(5);
    // Pauses of 20 ms × 2^attempts: 40, 80, 160, 320 ms (a little clock slack between the database and us).
    const pauses = calls.slice(1).map((at, i) => at - (calls[i] ?? 0));
    pauses.forEach((pause, i) => {
      expect(pause).toBeGreaterThanOrEqual(20 * 2 ** (i + 1) - 15);
    });
    await sleep(200);
    expect(calls).toHaveLength(5);
  }, 20_000);

  it('a failed build with writes queued meanwhile carries its events into that job, which then builds', async () => {
    const tenant = newTenant();
    const built: BuildJob[] = [];
    startWorker({
      runner: async (job) => {
        built.push(job);
        if (built.length === 1) {
          await enqueue(db, event(tenant, 'post.updated', [2]), 'cms', { delayMs: 0 });
          throw new Error('sementara gagal');
        }
        return outcome('pulih');
      },
    });
    await enqueue(db, event(tenant, 'copy.updated', [1]), 'cms', { delayMs: 0 });
    await expect.poll(async () => (await history(db, tenant))[0]?.status, { timeout: 5000 }).toBe('done');
    const [done, failed] = await history(db, tenant);
    expect(done).toMatchObject({ status: 'done', full: true, changes: 2, buildId: 'pulih', pages: 10, rendered: 3 });
    expect(done?.durationMs).toEqual(expect.any(Number));
    expect(failed).toMatchObject({ status: 'failed', error: 'sementara gagal' });
    expect(failed?.log).toContain(`job #${done?.id}`);
    expect(built[1]?.changes.map((change) => change.type)).toEqual(['copy.updated', 'post.updated']);
  }, 20_000);

  it('a runner that throws something odd does not stop the worker from building the next tenant', async () => {
    const [bad, good] = [newTenant(), newTenant()];
    startWorker({
      runner: async (job) => {
        if (job.tenant === bad) throw 'bukan Error';
        return outcome('baik');
      },
    });
    await enqueue(db, event(bad), 'cms', { delayMs: 0, maxAttempts: 1 });
    await enqueue(db, event(good), 'cms', { delayMs: 0 });
    await expect.poll(async () => (await history(db, good))[0]?.status, { timeout: 5000 }).toBe('done');
    expect(await history(db, bad)).toMatchObject([{ status: 'failed', error: 'bukan Error' }]);
  });
});
