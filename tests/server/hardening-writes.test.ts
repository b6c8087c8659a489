import { randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEADERS } from '~/contract/common';
import { createApiApp } from '~/server/app';
import { postCategories, posts } from '~/server/db/schema';
import { RateLimiter } from '~/server/platform/rate-limit';
import { RedisRateLimitStore } from '~/server/platform/rate-limit-redis';
import { connectRedis } from '~/server/platform/shared-state';
import { dbKinds, platformFor } from './support/platform';
import { DEMO_APP_CODE, expectApiError, fromAddress, generateAppToken, type IssuedAppToken, signInDemo } from './support/tokens';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
/** Left out without a Redis server, as tests/server/shared-state.test.ts says loudly. */
const redisUp = await connectRedis(REDIS_URL).then(
  (client) => client.quit().then(() => true),
  () => false,
);

/** Concurrent creates, NUL characters, URL fields and view counting: what callers of the API notice. */
describe.each(await dbKinds())('hardened writes on %s', (kind) => {
  const platform = platformFor(kind);
  let app: IssuedAppToken;
  let writer: string;
  let admin: string;
  let run = 0;
  /** A name no other test of this file uses. */
  const fresh = (name: string) => `${name}-${kind}-${++run}`;

  beforeAll(async () => {
    app = await generateAppToken(platform);
    [writer, admin] = await Promise.all([signInDemo(platform, 'writer'), signInDemo(platform, 'admin')]);
  }, 60_000);
  afterEach(() => vi.restoreAllMocks());

  /** A call with the demo tenant's app token, as `token` (a writer unless told) when given a body. */
  const call = (method: string, path: string, body?: unknown, options: { token?: string; env?: object; headers?: object } = {}) =>
    platform.api.request(
      path,
      {
        method,
        headers: {
          AppToken: app.wire,
          ...(body !== undefined ? { 'Content-Type': 'application/json', Authorization: `Bearer ${options.token ?? writer}` } : {}),
          ...options.headers,
        },
        ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
      },
      options.env ?? fromAddress('10.1.0.1'),
    );
  const createPost = (body: object) => call('POST', '/v3/post/create', { kindSlug: 'news', ...body });
  const statuses = (responses: Response[]) => responses.map((res) => res.status).sort();

  describe('concurrent creates answer 201 or 409, never 500', () => {
    it('20 creates of one slug: one post, the other 19 told the slug is taken', async () => {
      const slug = fresh('rebutan');
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => createPost({ title: `Rebutan ${i}`, slug })));
      expect(statuses(answers)).toEqual([201, ...Array(19).fill(409)]);
      for (const res of answers.filter((answer) => answer.status === 409)) {
        const body = await expectApiError(res, 409);
        expect(body.message).toBe(`slug "${slug}" sudah dipakai`);
        expect(body.fields).toEqual([{ field: 'slug', message: `slug "${slug}" sudah dipakai` }]);
      }
      expect(await platform.deps.db.$count(posts, eq(posts.slug, slug))).toBe(1);
    });

    it('20 creates of one title without a slug: 20 posts, each under its own slug', async () => {
      const title = fresh('judul-kembar');
      const answers = await Promise.all(Array.from({ length: 20 }, () => createPost({ title })));
      expect(statuses(answers)).toEqual(Array(20).fill(201));
      const slugs = await Promise.all(answers.map(async (res) => ((await res.json()) as { data: { slug: string } }).data.slug));
      expect(new Set(slugs).size).toBe(20);
      for (const slug of slugs) expect(slug).toMatch(new RegExp(`^${title}(-[0-9a-f]+)?$`));
      const stored = await platform.deps.db.select({ slug: posts.slug }).from(posts).where(eq(posts.title, title));
      expect(stored.map((row) => row.slug).sort()).toEqual([...slugs].sort());
    });

    it('20 creates of one category: exactly one category, the other 19 told the slug is taken', async () => {
      const slug = fresh('kategori-rebutan');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => call('POST', '/v3/post/kind/category/create', { kindSlug: 'news', name: 'Rebutan', slug })),
      );
      expect(statuses(answers)).toEqual([201, ...Array(19).fill(409)]);
      for (const res of answers.filter((answer) => answer.status === 409)) await expectApiError(res, 409);
      expect(await platform.deps.db.$count(postCategories, eq(postCategories.slug, slug))).toBe(1);
    });

    it('20 creates of one category name without a slug: 20 categories under distinct slugs', async () => {
      const name = fresh('Kategori Kembar');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => call('POST', '/v3/post/kind/category/create', { kindSlug: 'blog', name })),
      );
      expect(statuses(answers)).toEqual(Array(20).fill(201));
      const stored = await platform.deps.db
        .select({ slug: postCategories.slug })
        .from(postCategories)
        .where(and(eq(postCategories.name, name), eq(postCategories.kindSlug, 'blog')));
      expect(new Set(stored.map((row) => row.slug)).size).toBe(20);
    });

    it('20 posts renamed to one slug at once: one takes it, the others are told so and keep theirs', async () => {
      const base = fresh('ganti');
      const created = await Promise.all(Array.from({ length: 20 }, (_, i) => createPost({ title: 'Ganti', slug: `${base}-${i}` })));
      expect(statuses(created)).toEqual(Array(20).fill(201));
      const target = `${base}-tujuan`;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => call('POST', `/v3/post/update?slug=${base}-${i}`, { kindSlug: 'news', slug: target })),
      );
      expect(statuses(answers)).toEqual([200, ...Array(19).fill(409)]);
      expect(await platform.deps.db.$count(posts, like(posts.slug, `${base}-%`))).toBe(20);
      expect(await platform.deps.db.$count(posts, eq(posts.slug, target))).toBe(1);
    });

    it('20 categories renamed to one slug at once: one takes it, the others are told so', async () => {
      const base = fresh('kat-ganti');
      for (let i = 0; i < 20; i++) {
        expect((await call('POST', '/v3/post/kind/category/create', { kindSlug: 'news', name: 'K', slug: `${base}-${i}` })).status).toBe(
          201,
        );
      }
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call('POST', `/v3/post/kind/category/update?slug=${base}-${i}`, { kindSlug: 'news', slug: `${base}-tujuan` }),
        ),
      );
      expect(statuses(answers)).toEqual([200, ...Array(19).fill(409)]);
    });

    it('creates racing a category’s deletion: the delete wins and every create is told the category is gone, or a create wins and the delete is refused', async () => {
      const slug = fresh('kategori-hilang');
      const made = await call('POST', '/v3/post/kind/category/create', { kindSlug: 'news', name: 'Hilang', slug });
      const { id } = ((await made.json()) as { data: { id: number } }).data;
      const answers = await Promise.all([
        ...Array.from({ length: 20 }, () => createPost({ title: 'Di kategori', categoryId: id })),
        call('POST', '/v3/post/kind/category/delete', { kindSlug: 'news', slug }),
      ]);
      const creates = answers.slice(0, 20);
      expect(statuses(creates).filter((status) => status !== 201 && status !== 400)).toEqual([]);
      for (const res of creates.filter((answer) => answer.status === 400)) {
        expect((await expectApiError(res, 400)).fields).toEqual([{ field: 'categoryId', message: expect.stringContaining(String(id)) }]);
      }
      // A category in use is never deleted (its posts would lose it): one side wins, whole.
      const deleted = answers[20]?.status;
      expect([200, 409]).toContain(deleted);
      expect(new Set(statuses(creates))).toEqual(new Set([deleted === 200 ? 400 : 201]));
    });

    it('20 settings writes at once: each saved or told to reload, never 500', async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call('PUT', `/${DEMO_APP_CODE}/cms/app/setting/meta`, { value: { description: `Versi ${i}` } }, { token: admin }),
        ),
      );
      expect(statuses(answers).filter((status) => status !== 200 && status !== 409)).toEqual([]);
      expect(answers.some((res) => res.status === 200)).toBe(true);
    });
  });

  describe('a NUL character is refused with 400, logged in one line, never stored', () => {
    it.each([
      ['a post title', '/v3/post/create', 'POST', { kindSlug: 'news', title: 'Judul\u0000jahat' }, 'title'],
      [
        'a nested post field',
        '/v3/post/create',
        'POST',
        { kindSlug: 'event', title: 'Acara', details: { location: 'a\u0000' } },
        'details.location',
      ],
      ['a tag', '/v3/post/create', 'POST', { kindSlug: 'news', title: 'Tag', tags: ['ok', '\u0000'] }, 'tags.1'],
      ['a JSON key', '/v3/post/create', 'POST', { kindSlug: 'news', 'title\u0000': 'x' }, 'title\\u0000'],
      ['the site title', `/${DEMO_APP_CODE}/cms/app/setting/title`, 'PUT', { value: 'Situs\u0000' }, 'value'],
      ['a setting object', `/${DEMO_APP_CODE}/cms/app/settings`, 'PUT', { meta: { description: '\u0000' } }, 'meta.description'],
    ])('in %s', async (_name, path, method, body, field) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const error = vi.spyOn(console, 'error').mockImplementation(() => {});
      const settings = await call('GET', `/${DEMO_APP_CODE}/cms/app/settings`);
      const { revision } = ((await settings.json()) as { data: { revision: number } }).data;
      const postCount = await platform.deps.db.$count(posts);

      const res = await call(method, path, body, { token: admin });
      const answer = await expectApiError(res, 400);
      expect(answer.message).toBe('Permintaan tidak valid');
      expect(answer.fields).toEqual([{ field, message: expect.stringContaining('NUL') }]);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(error).not.toHaveBeenCalled();

      expect(await platform.deps.db.$count(posts)).toBe(postCount);
      const after = await call('GET', `/${DEMO_APP_CODE}/cms/app/settings`);
      expect(((await after.json()) as { data: { revision: number } }).data.revision).toBe(revision);
    });

    it.each([
      ['a search', '/v3/post/list?kindSlug=news&search=%00', 'search'],
      ['inside a search', '/v3/post/list?kindSlug=news&search=kelas%00data', 'search'],
      ['a category search', '/v3/post/kind/category/list?kindSlug=news&search=%00', 'search'],
      ['an lms id', '/v0/cms/app/settings?lmsId=%00', 'lmsId'],
      ['a path', `/${DEMO_APP_CODE}/cms/app/setting/ti%00tle`, '(path)'],
    ])('in %s of the address', async (_name, path, field) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const error = vi.spyOn(console, 'error').mockImplementation(() => {});
      const answer = await expectApiError(await call('GET', path), 400);
      expect(answer).toMatchObject({ message: 'Permintaan tidak valid', fields: [{ field }] });
      expect(warn).toHaveBeenCalledTimes(1);
      const line = String(warn.mock.calls[0]?.[0]);
      expect([...line].every((char) => char >= ' ')).toBe(true);
      expect(error).not.toHaveBeenCalled();
    });

    it('a body that only mentions \\u0000 as text passes', async () => {
      const res = await createPost({ title: fresh('Garis miring \\u0000 biasa') });
      expect(res.status).toBe(201);
    });
  });

  describe('URL fields take an http(s) URL or a site path, judged as a browser reads them', () => {
    it.each([
      ['cover', { cover: 'javascript:alert(1)' }, 'cover'],
      ['cover with a tab', { cover: 'java\tscript:alert(1)' }, 'cover'],
      ['cover with a leading control character', { cover: '\u0001javascript:alert(1)' }, 'cover'],
      ['details.audio', { kindSlug: 'podcasts', details: { audio: '/\\evil.example/a.mp3' } }, 'details.audio'],
      ['details.audio', { kindSlug: 'podcasts', details: { audio: '//evil.example/a.mp3' } }, 'details.audio'],
      ['details.registrationUrl', { kindSlug: 'event', details: { registrationUrl: 'java\tscript:alert(1)' } }, 'details.registrationUrl'],
    ])('a post %s is refused with 400 naming it', async (_name, fields, field) => {
      const slug = fresh('url-jahat');
      const answer = await expectApiError(await createPost({ title: 'URL', slug, ...fields }), 400);
      expect(answer.fields).toEqual([expect.objectContaining({ field })]);
      expect(await platform.deps.db.$count(posts, eq(posts.slug, slug))).toBe(0);
    });

    it('an update is held to the same rule', async () => {
      const slug = fresh('url-ubah');
      expect((await createPost({ title: 'URL', slug })).status).toBe(201);
      const answer = await expectApiError(
        await call('POST', `/v3/post/update?slug=${slug}`, { kindSlug: 'news', cover: 'javascript:x' }),
        400,
      );
      expect(answer.fields).toEqual([expect.objectContaining({ field: 'cover' })]);
    });

    it.each([
      ['meta', { image: 'java\tscript:alert(1)' }, 'meta.image'],
      ['blog', { cover: '/\\evil.example/x.webp' }, 'blog.cover'],
      ['logoDark', 'java\tscript:alert(1)', 'logoDark'],
      ['meta', { url: 'javascript:alert(1)' }, 'meta.url'],
    ])('the setting %s refuses %j with 400 naming the field', async (key, value, field) => {
      const answer = await expectApiError(await call('PUT', `/${DEMO_APP_CODE}/cms/app/setting/${key}`, { value }, { token: admin }), 400);
      expect(answer.fields).toEqual([expect.objectContaining({ field })]);
    });

    it('https URLs and site paths still pass, stored as the browser reads them', async () => {
      const res = await createPost({
        kindSlug: 'podcasts',
        title: 'Episode',
        slug: fresh('url-baik'),
        cover: ' /media/x.webp ',
        details: { audio: 'https://cdn.example/ep\t1.mp3', registrationUrl: 'https://daftar.example/form' },
      });
      expect(res.status).toBe(201);
      const { data } = (await res.json()) as { data: { cover: string; details: { audio: string } } };
      expect(data.cover).toBe('/media/x.webp');
      expect(data.details.audio).toBe('https://cdn.example/ep1.mp3');
      expect((await createPost({ title: 'Sampul', slug: fresh('url-https'), cover: 'https://cdn.example/x.webp' })).status).toBe(201);
      const saved = await call('PUT', `/${DEMO_APP_CODE}/cms/app/setting/meta`, { value: { image: '/media/x.webp' } }, { token: admin });
      expect(saved.status).toBe(200);
    });
  });

  describe('GET v3/post/view counts each visitor once a day', () => {
    /** A visible news post with its views, one per test. */
    const postOf = async () => {
      const slug = fresh('dibaca');
      const res = await createPost({ title: 'Dibaca', slug });
      return ((await res.json()) as { data: { id: number; slug: string; views: number } }).data;
    };
    const view = (slug: string, visitor: { address: string; agent?: string; token?: string }) =>
      call('GET', `/v3/post/view?kindSlug=news&slug=${slug}`, undefined, {
        env: fromAddress(visitor.address),
        headers: {
          'User-Agent': visitor.agent ?? 'Peramban/1.0',
          ...(visitor.token ? { [HEADERS.authorization]: `Bearer ${visitor.token}` } : {}),
        },
      });
    const viewsAfter = async (res: Response) => {
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { id: number; views: number } }).data.views;
    };

    it('5 views from one visitor count 1; another visitor counts 1 more; each answer has the count', async () => {
      const post = await postOf();
      for (let i = 0; i < 5; i++) expect(await viewsAfter(await view(post.slug, { address: '10.2.0.1' }))).toBe(1);
      expect(await viewsAfter(await view(post.slug, { address: '10.2.0.2' }))).toBe(2);
      expect(await viewsAfter(await view(post.slug, { address: '10.2.0.1', agent: 'Peramban lain/2.0' }))).toBe(3);
      const detail = await call('GET', `/v3/post/detail?kindSlug=news&slug=${post.slug}`);
      expect(((await detail.json()) as { data: { views: number } }).data.views).toBe(3);
    });

    it('a signed-in reader is one visitor on every address and browser', async () => {
      const post = await postOf();
      const reader = await signInDemo(platform, 'student');
      expect(await viewsAfter(await view(post.slug, { address: '10.3.0.1', token: reader }))).toBe(1);
      expect(await viewsAfter(await view(post.slug, { address: '10.3.0.2', agent: 'Ponsel/3', token: reader }))).toBe(1);
      // A made-up token is no one in particular: the address and browser count, once.
      expect(await viewsAfter(await view(post.slug, { address: '10.3.0.3', token: 'palsu' }))).toBe(2);
      expect(await viewsAfter(await view(post.slug, { address: '10.3.0.3', token: 'palsu-lain' }))).toBe(2);
    });

    it('views of one post do not stop the same visitor counting on another, nor on the next day in Jakarta', async () => {
      const [first, second] = [await postOf(), await postOf()];
      expect(await viewsAfter(await view(first.slug, { address: '10.4.0.1' }))).toBe(1);
      expect(await viewsAfter(await view(second.slug, { address: '10.4.0.1' }))).toBe(1);
      // Just past the next midnight in WIB (UTC+7): well within the app token's day.
      const now = Date.now();
      const nextMidnight = Math.ceil((now + 7 * 3_600_000) / 86_400_000) * 86_400_000 - 7 * 3_600_000;
      vi.useFakeTimers({ toFake: ['Date'], now: nextMidnight + 60_000 });
      try {
        expect(await viewsAfter(await view(first.slug, { address: '10.4.0.1' }))).toBe(2);
        expect(await viewsAfter(await view(first.slug, { address: '10.4.0.1' }))).toBe(2);
      } finally {
        vi.useRealTimers();
      }
    });

    it.runIf(redisUp)('two server processes sharing Redis count a visitor once between them', async () => {
      const prefix = `lms-test:${process.pid}:${randomBytes(4).toString('hex')}:`;
      const connections = [await connectRedis(REDIS_URL), await connectRedis(REDIS_URL)] as const;
      try {
        // Each "process" with its own connection and limiter, over the one database.
        const [first, second] = connections.map((client) =>
          createApiApp({ ...platform.deps, rateLimiter: new RateLimiter(new RedisRateLimitStore(client, { prefix })) }),
        ) as [ReturnType<typeof createApiApp>, ReturnType<typeof createApiApp>];
        const post = await postOf();
        const viewOn = (api: typeof first, address: string) =>
          api.request(`/v3/post/view?kindSlug=news&slug=${post.slug}`, { headers: { AppToken: app.wire } }, fromAddress(address));
        expect(await viewsAfter(await viewOn(first, '10.6.0.1'))).toBe(1);
        expect(await viewsAfter(await viewOn(second, '10.6.0.1'))).toBe(1);
        expect(await viewsAfter(await viewOn(second, '10.6.0.2'))).toBe(2);
      } finally {
        const keys = await connections[0].keys(`${prefix}*`);
        if (keys.length) await connections[0].del(...keys);
        await Promise.all(connections.map((client) => client.quit()));
      }
    });

    it('an unknown post is still 404', async () => {
      await expectApiError(await view('tidak-ada-sama-sekali', { address: '10.5.0.1' }), 404);
    });
  });
});
