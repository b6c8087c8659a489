import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { localPublisher } from '~/server/builds/local-publisher';
import { history } from '~/server/builds/queue-history';
import { webhookHeaders } from '~/server/builds/webhooks';
import { buildService } from '~/server/builds/worker';
import { buildJobs, tenants } from '~/server/db/schema';
import type { SiteEvent } from '~/server/platform/site-events';
import { seedDatabase } from '~/server/seed/seed';
import { makeDist, siteFiles, writeBuild } from './support/fake-sites';
import { dbKinds, platformFor } from './support/platform';
import { DEMO_APP_CODE, expectApiError, generateAppToken, type IssuedAppToken, OTHER_APP_CODE, signInDemo } from './support/tokens';

/**
 * The build endpoints as an external CMS and a tenant's admin use them: the signed webhook queues a
 * build (and nothing else does, however it is forged), admins read the history, queue a full build,
 * fetch the webhook secret and roll back to a kept build; API writes queue builds too.
 */
describe.each(await dbKinds())('build webhooks and admin routes on %s', (kind) => {
  const platform = platformFor(kind);
  let app: IssuedAppToken;
  let adminToken: string;
  let studentToken: string;
  let secret: string;
  const dist = makeDist();
  const events: SiteEvent[] = [];
  const TENANT = 'demo';

  beforeAll(async () => {
    platform.deps.builds = buildService(platform.deps.db, localPublisher(dist.distRoot, { keep: 5 }));
    platform.deps.siteEvents.subscribe((event) => events.push(event));
    app = await generateAppToken(platform);
    adminToken = await signInDemo(platform, 'admin');
    studentToken = await signInDemo(platform, 'student');
    writeBuild(dist.distRoot, TENANT, { id: '20261120-100000000-aaaa', files: siteFiles('lama') });
    writeBuild(dist.distRoot, TENANT, { id: '20261122-100000000-bbbb', files: siteFiles('baru'), live: true });
    const res = await asAdmin(`/v1/builds/${DEMO_APP_CODE}/webhook`);
    expect(res.status).toBe(200);
    secret = (await res.json()).data.secret;
  }, 60_000);
  afterEach(async () => {
    await platform.deps.db.delete(buildJobs);
  });
  afterAll(async () => {
    dist.remove();
  });

  /** A request with the demo app token and, when given, a user's access token. */
  const call = (path: string, init: RequestInit = {}, accessToken?: string) =>
    platform.api.request(path, {
      ...init,
      headers: {
        'Content-Type': 'application/json',
        AppToken: app.wire,
        ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
        ...init.headers,
      },
    });
  const asAdmin = (path: string, init: RequestInit = {}) => call(path, init, adminToken);
  const jobs = () => history(platform.deps.db, TENANT);

  let messages = 0;
  /** Posts a webhook as a CMS does: signed with `key` (the tenant's secret unless given) at `now`. */
  const deliver = (
    body: unknown,
    options: { key?: string; id?: string; now?: number; headers?: Record<string, string>; code?: string } = {},
  ) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const id = options.id ?? `msg_${++messages}_${Date.now()}`;
    return platform.api.request(`/v1/builds/${options.code ?? DEMO_APP_CODE}/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...webhookHeaders(options.key ?? secret, id, text, options.now), ...options.headers },
      body: text,
    });
  };
  const change = { type: 'post.updated', tenant: TENANT, ids: [12, 'judul-baru'] };

  describe('the webhook', () => {
    it('queues exactly one build for a valid signed message and answers 202 with its job', async () => {
      const res = await deliver(change, { id: 'msg_valid' });
      expect(res.status).toBe(202);
      const body = await res.json();
      expect(body).toEqual({ statusCode: 202, message: expect.any(String), data: { jobId: expect.any(Number) } });
      const queued = await jobs();
      expect(queued).toMatchObject([{ id: body.data.jobId, status: 'queued', trigger: 'webhook', full: false, changes: 1 }]);
      const [row] = await platform.deps.db.select().from(buildJobs).where(eq(buildJobs.id, body.data.jobId));
      expect(row?.changes).toEqual([change]);

      // The same message again (a replay, or a sender retrying after it was accepted) queues nothing.
      const again = await deliver(change, { id: 'msg_valid' });
      expect((await expectApiError(again, 409)).message).toMatch(/sudah pernah diterima/);
      expect(await jobs()).toMatchObject([{ id: body.data.jobId, changes: 1 }]);
    });

    it('takes the app code as the tenant name, and a full-build type makes the job full', async () => {
      expect((await deliver({ type: 'settings.updated', tenant: DEMO_APP_CODE })).status).toBe(202);
      expect(await jobs()).toMatchObject([{ full: true, changes: 1 }]);
    });

    it('refuses forged, stale and replayed messages with 401/409 and queues nothing', async () => {
      const forged = await deliver(change, { key: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' });
      expect((await expectApiError(forged, 401)).message).toMatch(/tanda tangan/i);

      const tampered = await platform.api.request(`/v1/builds/${DEMO_APP_CODE}/webhook`, {
        method: 'POST',
        headers: webhookHeaders(secret, 'msg_tampered', JSON.stringify(change)),
        body: JSON.stringify({ ...change, type: 'settings.updated' }),
      });
      await expectApiError(tampered, 401);

      const old = await deliver(change, { now: Date.now() - 6 * 60_000 });
      expect((await expectApiError(old, 401)).message).toMatch(/timestamp di luar toleransi/);
      const future = await deliver(change, { now: Date.now() + 6 * 60_000 });
      expect((await expectApiError(future, 401)).message).toMatch(/timestamp di luar toleransi/);

      const unsigned = await platform.api.request(`/v1/builds/${DEMO_APP_CODE}/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(change),
      });
      expect((await expectApiError(unsigned, 401)).message).toMatch(/webhook-signature/);

      // Signed with another tenant's secret, sent to this tenant's endpoint.
      const other = await platform.deps.db
        .select({ secret: tenants.webhookSecret })
        .from(tenants)
        .where(eq(tenants.appCode, OTHER_APP_CODE));
      await expectApiError(await deliver(change, { key: other[0]?.secret ?? 'x' }), 401);

      expect(await jobs()).toEqual([]);
    });

    it('refuses malformed messages with 400 and queues nothing, even when correctly signed', async () => {
      expect((await expectApiError(await deliver('{"type": "post.updated",'), 400)).message).toMatch(/JSON tidak valid/);
      await expectApiError(await deliver({ tenant: TENANT, ids: [] }), 400);
      await expectApiError(await deliver({ ...change, ids: [{ id: 1 }] }), 400);
      const elsewhere = await expectApiError(await deliver({ ...change, tenant: 'smkcoding' }), 400);
      expect(elsewhere.fields?.[0]?.field).toBe('tenant');
      await expectApiError(await deliver(change, { id: 'x'.repeat(201) }), 400);
      await expectApiError(await deliver(change, { code: 'NO-SUCH-APP' }), 404);
      expect(await jobs()).toEqual([]);

      // A refused message's id was not recorded: once fixed, the sender's retry goes through.
      expect((await deliver({ tenant: TENANT }, { id: 'msg_fixed_later' })).status).toBe(400);
      expect((await deliver(change, { id: 'msg_fixed_later' })).status).toBe(202);
      expect(await jobs()).toHaveLength(1);
    });
  });

  describe('admin routes', () => {
    it('GET {code}/webhook gives the admin the endpoint path and a whsec_ secret the seed keeps', async () => {
      const res = await asAdmin(`/v1/builds/${DEMO_APP_CODE}/webhook`);
      expect((await res.json()).data).toEqual({
        path: `/api/v1/builds/${DEMO_APP_CODE}/webhook`,
        secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/),
        tenant: TENANT,
      });
      await seedDatabase(platform.deps.db, { tenantsRoot: 'tenants', demoUsers: false });
      expect((await (await asAdmin(`/v1/builds/${DEMO_APP_CODE}/webhook`)).json()).data.secret).toBe(secret);
      const all = await platform.deps.db.select({ secret: tenants.webhookSecret }).from(tenants);
      expect(new Set(all.map((row) => row.secret)).size).toBe(all.length);
    });

    it('POST {code} queues a full build at once; GET {code} shows it with the kept builds and the live one', async () => {
      const queued = await asAdmin(`/v1/builds/${DEMO_APP_CODE}`, { method: 'POST' });
      expect(queued.status).toBe(202);
      const { jobId } = (await queued.json()).data;
      const res = await asAdmin(`/v1/builds/${DEMO_APP_CODE}?limit=5`);
      expect(res.status).toBe(200);
      const { data } = await res.json();
      expect(data.tenant).toBe(TENANT);
      expect(data.live).toBe('20261122-100000000-bbbb');
      expect(data.builds).toEqual([
        { id: '20261122-100000000-bbbb', live: true, builtAt: expect.any(String) },
        { id: '20261120-100000000-aaaa', live: false, builtAt: expect.any(String) },
      ]);
      expect(data.jobs).toMatchObject([{ id: jobId, trigger: 'api', status: 'queued', full: true, attempts: 0, log: '' }]);
      await expectApiError(await asAdmin(`/v1/builds/${DEMO_APP_CODE}?limit=500`), 400);
    });

    it('rollback makes a kept build live and tells the caches; an unknown build is 404', async () => {
      const unknown = await asAdmin(`/v1/builds/${DEMO_APP_CODE}/rollback`, {
        method: 'POST',
        body: JSON.stringify({ buildId: '../../etc' }),
      });
      expect((await expectApiError(unknown, 404)).message).toMatch(/tidak ada/);
      events.length = 0;
      const res = await asAdmin(`/v1/builds/${DEMO_APP_CODE}/rollback`, {
        method: 'POST',
        body: JSON.stringify({ buildId: '20261120-100000000-aaaa' }),
      });
      expect(res.status).toBe(200);
      expect((await res.json()).data).toEqual({ live: '20261120-100000000-aaaa' });
      expect(events).toEqual([{ tenant: TENANT, reason: 'build' }]);
      expect((await (await asAdmin(`/v1/builds/${DEMO_APP_CODE}`)).json()).data.live).toBe('20261120-100000000-aaaa');
    });

    it('refuse students, visitors without a user and other apps, and queue nothing', async () => {
      const routes: [string, RequestInit][] = [
        [`/v1/builds/${DEMO_APP_CODE}`, {}],
        [`/v1/builds/${DEMO_APP_CODE}`, { method: 'POST' }],
        [`/v1/builds/${DEMO_APP_CODE}/rollback`, { method: 'POST', body: JSON.stringify({ buildId: '20261122-100000000-bbbb' }) }],
        [`/v1/builds/${DEMO_APP_CODE}/webhook`, {}],
      ];
      for (const [path, init] of routes) {
        await expectApiError(await call(path, init, studentToken), 403);
        await expectApiError(await call(path, init), 401);
        await expectApiError(await call(path.replace(DEMO_APP_CODE, OTHER_APP_CODE), init, adminToken), 403);
      }
      expect(await jobs()).toEqual([]);
      expect((await (await asAdmin(`/v1/builds/${DEMO_APP_CODE}`)).json()).data.live).toBe('20261120-100000000-aaaa');
    });
  });

  describe('API writes', () => {
    const putTitle = (title: string) =>
      asAdmin(`/${DEMO_APP_CODE}/cms/app/setting/title`, { method: 'PUT', body: JSON.stringify({ value: title }) });

    it('a settings write queues a full build of its tenant', async () => {
      expect((await putTitle('Nusantara Dibangun Ulang')).status).toBe(200);
      expect(await jobs()).toMatchObject([{ trigger: 'cms', full: true, status: 'queued' }]);
    });

    it('a post write queues an incremental build naming the post', async () => {
      const res = await asAdmin('/v3/post/create', {
        method: 'POST',
        body: JSON.stringify({ kindSlug: 'news', title: 'Kabar Build Baru', slug: 'kabar-build-baru' }),
      });
      expect(res.status).toBe(201);
      const { data } = await res.json();
      const [job] = await jobs();
      expect(job).toMatchObject({ trigger: 'cms', full: false, changes: 1 });
      const [row] = await platform.deps.db
        .select()
        .from(buildJobs)
        .where(eq(buildJobs.id, job?.id ?? 0));
      expect(row?.changes).toEqual([{ type: 'content.updated', tenant: TENANT, ids: [data.id, 'kabar-build-baru'] }]);
    });

    it('a write stands when its build cannot be queued, and the failure is logged', async () => {
      const builds = platform.deps.builds;
      if (!builds) throw new Error('no build service');
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      platform.deps.builds = { ...builds, enqueue: () => Promise.reject(new Error('antrean mati')) };
      try {
        expect((await putTitle('Tetap Tersimpan')).status).toBe(200);
        expect(logged).toHaveBeenCalledWith(expect.stringMatching(/build tenant demo .* tidak dapat diantrekan/), expect.any(Error));
      } finally {
        platform.deps.builds = builds;
        logged.mockRestore();
      }
      expect(await jobs()).toEqual([]);
    });
  });
});
