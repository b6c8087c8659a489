import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createPost } from '~/lib/api';
import { buildHistory, buildProgress, requestBuild, rollbackBuild } from '~/lib/api/builds';
import { localPublisher } from '~/server/builds/local-publisher';
import { claim, complete } from '~/server/builds/queue';
import { buildService } from '~/server/builds/worker';
import { auditEntries, buildJobs } from '~/server/db/schema';
import { appClientOf, DEMO_APP_CODE, otherTenantOf, signInAs } from './support/api-client';
import { makeDist, siteFiles, writeBuild } from './support/fake-sites';
import { dbKinds, platformFor } from './support/platform';
import { OTHER_APP_CODE } from './support/tokens';

const OLD = '20261120-100000000-aaaa';
const LIVE = '20261122-100000000-bbbb';
const NEXT = '20261124-100000000-cccc';

/**
 * The build progress of the staff console (builds/routes.ts `GET {code}/progress`): a writer publishes
 * a post and watches the job that carries it run and its build go live; no log or error text reaches
 * them. The admins' history, full build and rollback answer in the shapes of `contract/builds.ts`.
 */
describe.each(await dbKinds())('build progress on %s', (kind) => {
  const platform = platformFor(kind);
  const dist = makeDist();
  let writer: ApiClient;
  let admin: ApiClient;
  let student: ApiClient;
  let otherWriter: ApiClient;

  beforeAll(async () => {
    platform.deps.builds = buildService(platform.deps.db, localPublisher(dist.distRoot, { keep: 5 }));
    await platform.deps.db.delete(buildJobs);
    writeBuild(dist.distRoot, 'demo', { id: OLD, files: siteFiles('lama') });
    writeBuild(dist.distRoot, 'demo', { id: LIVE, files: siteFiles('baru'), live: true });
    [writer, admin, student] = [await appClientOf(platform), await appClientOf(platform), await appClientOf(platform)];
    await signInAs(writer, 'writer');
    await signInAs(admin, 'admin');
    await signInAs(student, 'student');
    const other = await otherTenantOf(platform);
    otherWriter = await appClientOf(platform, ['read', 'write'], other.appCode);
    await signInAs(otherWriter, 'writer', other.code);
  }, 60_000);
  afterAll(() => dist.remove());

  it('a writer sees the job a publish queued run and its build go live, without logs or errors', async () => {
    const before = await buildProgress(writer, DEMO_APP_CODE);
    expect(before).toEqual({ live: { id: LIVE, builtAt: '2026-11-23T10:00:00.000Z' }, jobs: [] });

    const post = await createPost(writer, { kindSlug: 'news', title: 'Berita progres build', slug: `progres-${Date.now().toString(36)}` });
    const queued = await buildProgress(writer, DEMO_APP_CODE);
    expect(queued.live?.id).toBe(LIVE);
    expect(queued.jobs).toEqual([
      {
        id: expect.any(Number),
        status: 'queued',
        trigger: 'cms',
        createdAt: expect.any(String),
        startedAt: null,
        finishedAt: null,
        pages: null,
        rendered: null,
        buildId: null,
      },
    ]);

    // The worker's part: claim the job once due, build, make the build live, record it.
    const id = queued.jobs[0]?.id ?? 0;
    await platform.deps.db
      .update(buildJobs)
      .set({ runAfter: new Date(0) })
      .where(eq(buildJobs.id, id));
    const claimed = await claim(platform.deps.db, 'uji', 60_000);
    expect(claimed?.id).toBe(id);
    const running = await buildProgress(writer, DEMO_APP_CODE);
    expect(running.jobs[0]).toMatchObject({ id, status: 'running', startedAt: expect.any(String), finishedAt: null });
    writeBuild(dist.distRoot, 'demo', { id: NEXT, files: siteFiles('terbit'), live: true });
    await complete(platform.deps.db, id, { buildId: NEXT, pages: 12, rendered: 3, incremental: true }, 'rahasia log\n', 'uji');

    const done = await buildProgress(writer, DEMO_APP_CODE);
    const [job] = done.jobs;
    expect(job).toMatchObject({ id, status: 'done', pages: 12, rendered: 3, buildId: NEXT, finishedAt: expect.any(String) });
    // What the console checks: a done job that started after the write, whose build is the live one.
    expect(done.live).toEqual({ id: NEXT, builtAt: '2026-11-23T10:00:00.000Z' });
    expect(Date.parse(job?.startedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(post.updatedAt) - 1000);
    expect(Object.keys(job ?? {})).not.toContain('log');
    expect(Object.keys(job ?? {})).not.toContain('error');
  });

  it('shows the latest 5 jobs, newest first; the admins’ history has their logs and errors', async () => {
    const values = Array.from({ length: 6 }, (_, index) => ({
      tenant: 'demo',
      status: 'failed' as const,
      trigger: 'api',
      error: `gagal ${index}`,
      log: `baris log ${index}`,
      finishedAt: new Date(),
    }));
    const inserted = await platform.deps.db.insert(buildJobs).values(values).returning({ id: buildJobs.id });
    const progress = await buildProgress(writer, DEMO_APP_CODE);
    expect(progress.jobs.map((job) => job.id)).toEqual(
      inserted
        .map((row) => row.id)
        .reverse()
        .slice(0, 5),
    );
    expect(JSON.stringify(progress)).not.toMatch(/gagal|baris log|rahasia/);

    const history = await buildHistory(admin, DEMO_APP_CODE, 3);
    expect(history.tenant).toBe('demo');
    expect(history.live).toBe(NEXT);
    expect(history.builds.map((build) => [build.id, build.live])).toEqual([
      [NEXT, true],
      [LIVE, false],
      [OLD, false],
    ]);
    expect(history.jobs).toHaveLength(3);
    expect(history.jobs[0]).toMatchObject({ status: 'failed', error: 'gagal 5', log: 'baris log 5', full: false, attempts: 0 });
  });

  it('an admin queues a full build and rolls back; the progress follows; the audit log has both', async () => {
    const { jobId } = await requestBuild(admin, DEMO_APP_CODE);
    expect((await buildProgress(writer, DEMO_APP_CODE)).jobs[0]).toMatchObject({ id: jobId, status: 'queued', trigger: 'api' });
    const wasLive = (await buildProgress(writer, DEMO_APP_CODE)).live?.id;
    expect(await rollbackBuild(admin, DEMO_APP_CODE, LIVE)).toEqual({ live: LIVE });
    expect((await buildProgress(writer, DEMO_APP_CODE)).live?.id).toBe(LIVE);
    const entries = await platform.deps.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.target, `build:${LIVE}`));
    expect(entries.map((entry) => [entry.action, entry.summary])).toEqual([
      ['build.rollback', { before: { live: wasLive }, after: { live: LIVE } }],
    ]);
    expect(
      (
        await platform.deps.db
          .select()
          .from(auditEntries)
          .where(eq(auditEntries.target, `build-job:${jobId}`))
      ).map((entry) => entry.action),
    ).toEqual(['build.request']);
    await expect(rollbackBuild(admin, DEMO_APP_CODE, 'tidak-ada')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('refuses students, callers without a user, and another tenant’s app or writer; writers get no history', async () => {
    await expect(buildProgress(student, DEMO_APP_CODE)).rejects.toMatchObject({ statusCode: 403 });
    await expect(buildProgress(await appClientOf(platform), DEMO_APP_CODE)).rejects.toMatchObject({ statusCode: 401 });
    await expect(buildProgress(otherWriter, DEMO_APP_CODE)).rejects.toMatchObject({ statusCode: 403 });
    await expect(buildProgress(writer, OTHER_APP_CODE)).rejects.toMatchObject({ statusCode: 403 });
    await expect(buildProgress(writer, 'TIDAK-ADA')).rejects.toMatchObject({ statusCode: 404 });
    await expect(buildHistory(writer, DEMO_APP_CODE)).rejects.toMatchObject({ statusCode: 403 });
    await expect(requestBuild(writer, DEMO_APP_CODE)).rejects.toMatchObject({ statusCode: 403 });
  });

  it('answers no live build when this server builds no sites', async () => {
    const builds = platform.deps.builds;
    platform.deps.builds = undefined;
    try {
      const progress = await buildProgress(writer, DEMO_APP_CODE);
      expect(progress.live).toBeNull();
      expect(progress.jobs.length).toBeGreaterThan(0);
    } finally {
      platform.deps.builds = builds;
    }
  });
});
