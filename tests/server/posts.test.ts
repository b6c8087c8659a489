import { beforeAll, describe, expect, it } from 'vitest';
import { POST_KINDS, type PostKind, type PostSummary } from '~/contract/posts';
import {
  type ApiClient,
  createCategory,
  createPost,
  deleteCategory,
  deletePost,
  getCategory,
  getPodcast,
  getPost,
  getPostById,
  listArticles,
  listBlogByCategory,
  listCategories,
  listPodcasts,
  listPosts,
  listPostsLegacy,
  updateCategory,
  updatePost,
  viewPost,
} from '~/lib/api';
import { loadTenantItems } from '~/lib/tenant/load-items';
import { appClientOf, clientOf, otherTenantOf, signInAs } from './support/api-client';
import { dbKinds, platformFor } from './support/platform';
import { generateAppToken } from './support/tokens';

/** Posts per kind in the demo tenant's seed (tenants/demo/content/posts). */
const SEEDED: Record<PostKind, number> = { news: 8, blog: 8, articles: 5, podcasts: 3, 'tulisan-temans': 4, event: 5, program: 6 };

/** Expects a call to fail with `statusCode`, naming `field` when given. */
const failsWith = (call: Promise<unknown>, statusCode: number, field?: string) =>
  expect(call).rejects.toMatchObject(
    field ? { statusCode, fields: expect.arrayContaining([expect.objectContaining({ field })]) } : { statusCode },
  );

const ids = (items: { id: number }[]) => items.map((item) => item.id);
const text = (html: string) => html.replace(/<[^>]*>/g, ' ');
let unique = 0;
const slugOf = (name: string) => `uji-${name}-${Date.now().toString(36)}-${++unique}`;

describe.each(await dbKinds())('posts through the API client on %s', (kind) => {
  const platform = platformFor(kind);
  /** The demo site with an app token, no user. */
  let site: ApiClient;
  let writer: ApiClient;
  let admin: ApiClient;
  let superadmin: ApiClient;
  let student: ApiClient;
  let mentor: ApiClient;
  /** Another tenant's site and writer. */
  let otherSite: ApiClient;
  let otherWriter: ApiClient;
  /** How many news posts the other tenant's own seed has. */
  let otherNews: number;

  beforeAll(async () => {
    const clients = await Promise.all(Array.from({ length: 6 }, () => appClientOf(platform)));
    [site, writer, admin, superadmin, student, mentor] = clients as [ApiClient, ApiClient, ApiClient, ApiClient, ApiClient, ApiClient];
    await Promise.all([
      signInAs(writer, 'writer'),
      signInAs(admin, 'admin'),
      signInAs(superadmin, 'superadmin'),
      signInAs(student, 'student'),
      signInAs(mentor, 'mentor'),
    ]);
    const other = await otherTenantOf(platform);
    otherNews = loadTenantItems('tenants', other.code).posts.filter((post) => post.kind === 'news').length;
    const issued = await generateAppToken(platform, { appCode: other.appCode });
    otherSite = clientOf(platform);
    otherSite.setCredentials({ appToken: issued.wire, lmsId: other.lmsId });
    otherWriter = clientOf(platform);
    otherWriter.setCredentials({ appToken: issued.wire, lmsId: other.lmsId });
    await signInAs(otherWriter, 'writer', other.code);
  }, 60_000);

  describe('GET v3/post/list', () => {
    it('lists events in schedule order: running and upcoming soonest first, then ended ones latest first', async () => {
      const word = `jadwal${Date.now().toString(36)}`;
      const hour = 3_600_000;
      const at = (hours: number) => new Date(Date.now() + hours * hour).toISOString();
      const events = {
        endedLongAgo: { startsAt: at(-72), endsAt: at(-70) },
        endedYesterday: { startsAt: at(-26), endsAt: at(-24) },
        running: { startsAt: at(-1), endsAt: at(2) },
        nextWeek: { startsAt: at(168), endsAt: at(170) },
        tomorrow: { startsAt: at(24), endsAt: at(26) },
      };
      for (const [name, details] of Object.entries(events)) {
        await createPost(writer, { kindSlug: 'event', title: `Acara ${word} ${name}`, slug: slugOf(name.toLowerCase()), details });
      }
      const listed = await listPosts(site, { kindSlug: 'event', search: word, sort: 'schedule' });
      expect(listed.items.map((post) => post.title.split(' ').at(-1))).toEqual([
        'running',
        'tomorrow',
        'nextWeek',
        'endedYesterday',
        'endedLongAgo',
      ]);
      for (const post of listed.items) await deletePost(writer, { kindSlug: 'event', slug: post.slug });
    });

    it('pages every kind 10 at a time by default, with the paged shape of SPEC §3', async () => {
      for (const kindSlug of POST_KINDS) {
        const page = await listPosts(site, { kindSlug });
        expect(page).toEqual({
          items: expect.any(Array),
          page: 1,
          perPage: 10,
          totalItems: SEEDED[kindSlug],
          totalPages: 1,
        });
        expect(page.items).toHaveLength(SEEDED[kindSlug]);
        expect(page.items.every((item) => item.kindSlug === kindSlug)).toBe(true);
      }
    });

    it('walks pages of a given size without gaps or repeats, and answers an empty page past the end', async () => {
      const all = await listPosts(site, { kindSlug: 'news' });
      const pages = await Promise.all([1, 2, 3].map((page) => listPosts(site, { kindSlug: 'news', page, pageSize: 3 })));
      expect(pages.map((page) => [page.items.length, page.totalItems, page.totalPages, page.perPage])).toEqual([
        [3, 8, 3, 3],
        [3, 8, 3, 3],
        [2, 8, 3, 3],
      ]);
      expect(pages.flatMap((page) => ids(page.items))).toEqual(ids(all.items));
      expect(await listPosts(site, { kindSlug: 'news', page: 4, pageSize: 3 })).toEqual({
        items: [],
        page: 4,
        perPage: 3,
        totalItems: 8,
        totalPages: 3,
      });
    });

    it('refuses a bad query, naming the parameter', async () => {
      await failsWith(listPosts(site, { kindSlug: 'resep' as PostKind }), 400, 'kindSlug');
      await failsWith(listPosts(site, { kindSlug: 'news', pageSize: 101 }), 400, 'pageSize');
      await failsWith(listPosts(site, { kindSlug: 'news', page: 0 }), 400, 'page');
      await failsWith(listPosts(site, { kindSlug: 'news', sort: 'random' as 'newest' }), 400, 'sort');
      await failsWith(listPosts(clientOf(platform), { kindSlug: 'news' }), 401);
    });

    it('sorts newest first by default, and oldest, popular and by title on request', async () => {
      const time = (item: PostSummary) => Date.parse(item.publishedAt);
      const newest = (await listPosts(site, { kindSlug: 'blog' })).items;
      expect(newest.map(time)).toEqual([...newest.map(time)].sort((a, b) => b - a));
      expect((await listPosts(site, { kindSlug: 'blog', sort: 'newest' })).items).toEqual(newest);
      const oldest = (await listPosts(site, { kindSlug: 'blog', sort: 'oldest' })).items;
      expect(ids(oldest)).toEqual(ids(newest).reverse());

      const titles = (await listPosts(site, { kindSlug: 'blog', sort: 'title' })).items.map((item) => item.title);
      expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'id')));

      const favourite = newest[newest.length - 1] as PostSummary;
      for (let i = 0; i < 3; i++) await viewPost(site, { kindSlug: 'blog', slug: favourite.slug });
      const popular = (await listPosts(site, { kindSlug: 'blog', sort: 'popular' })).items;
      expect(popular[0]?.id).toBe(favourite.id);
      expect(popular.map((item) => item.views)).toEqual([...popular.map((item) => item.views)].sort((a, b) => b - a));
    });

    it('searches with the Indonesian stemmer: "pelatihan" finds every form of "latih"', async () => {
      const found = await listPosts(site, { kindSlug: 'news', search: 'pelatihan' });
      expect(found.totalItems).toBeGreaterThanOrEqual(3);
      for (const item of found.items) {
        const post = await getPost(site, { kindSlug: 'news', id: item.id });
        expect(`${post.title} ${post.summary} ${text(post.content)}`).toMatch(/latih/i);
      }
      // Other affixes of the same root stem the same way.
      const melatih = await listPosts(site, { kindSlug: 'news', search: 'melatih' });
      expect(ids(melatih.items).sort()).toEqual(ids(found.items).sort());
    });

    it('searches titles, summaries and content: "bootcamp" finds several, a nonsense word none', async () => {
      const bootcamp = await listPosts(site, { kindSlug: 'blog', search: 'bootcamp' });
      expect(bootcamp.totalItems).toBeGreaterThanOrEqual(2);
      expect(bootcamp.totalItems).toBeLessThanOrEqual(SEEDED.blog);
      expect(await listPosts(site, { kindSlug: 'blog', search: 'zqxjvbrmwk' })).toMatchObject({ items: [], totalItems: 0, totalPages: 0 });
    });

    it('treats SQL-looking and LIKE-special search text as text', async () => {
      for (const search of ["'; drop table posts; --", "x' or '1'='1", '%', '_', '\\', '") or 1=1 --', 'a & b | !c', '<script>']) {
        const page = await listPosts(site, { kindSlug: 'news', search });
        expect(page.totalItems, search).toBeLessThan(SEEDED.news);
      }
      expect((await listPosts(site, { kindSlug: 'news' })).totalItems).toBe(SEEDED.news);
    });

    it('filters by categoryId and categorySlug, agreeing with the categories’ counts', async () => {
      const categories = (await listCategories(site, { kindSlug: 'news', all: true })).items;
      expect(categories.map((category) => category.slug).sort()).toEqual(['kemitraan', 'pengumuman', 'prestasi']);
      for (const category of categories) {
        const byId = await listPosts(site, { kindSlug: 'news', categoryId: category.id });
        const bySlug = await listPosts(site, { kindSlug: 'news', categorySlug: category.slug });
        expect(byId.totalItems).toBe(category.totalPosts);
        expect(byId.totalItems).toBeGreaterThan(0);
        expect(ids(bySlug.items)).toEqual(ids(byId.items));
        expect(byId.items.every((item) => item.category?.id === category.id && item.category.slug === category.slug)).toBe(true);
      }
      const blogCategory = (await listCategories(site, { kindSlug: 'blog', all: true })).items[0];
      expect((await listPosts(site, { kindSlug: 'news', categoryId: blogCategory?.id as number })).totalItems).toBe(0);
      expect((await listPosts(site, { kindSlug: 'news', categorySlug: 'tidak-ada' })).totalItems).toBe(0);
    });

    it('leaves out excludeId, and program parents or children with isParent', async () => {
      const all = (await listPosts(site, { kindSlug: 'news' })).items;
      const excluded = all[2] as PostSummary;
      const rest = await listPosts(site, { kindSlug: 'news', excludeId: excluded.id });
      expect(rest.totalItems).toBe(SEEDED.news - 1);
      expect(ids(rest.items)).toEqual(ids(all).filter((id) => id !== excluded.id));

      const parents = await listPosts(site, { kindSlug: 'program', isParent: true });
      const children = await listPosts(site, { kindSlug: 'program', isParent: false });
      expect(parents.totalItems).toBeGreaterThan(0);
      expect(children.totalItems).toBeGreaterThan(0);
      expect(parents.totalItems + children.totalItems).toBe(SEEDED.program);
      expect(parents.items.every((item) => item.parentId === null)).toBe(true);
      const parentIds = new Set(ids(parents.items));
      expect(children.items.every((item) => item.parentId !== null && parentIds.has(item.parentId))).toBe(true);
    });
  });

  describe('detail and view', () => {
    it('GET v3/post/detail finds a post by slug or by id, with its content', async () => {
      const summary = (await listPosts(site, { kindSlug: 'articles' })).items[0] as PostSummary;
      const bySlug = await getPost(site, { kindSlug: 'articles', slug: summary.slug });
      expect(bySlug).toMatchObject({ ...summary, views: expect.any(Number) });
      expect(text(bySlug.content).trim().length).toBeGreaterThan(100);
      expect(await getPost(site, { kindSlug: 'articles', id: summary.id })).toEqual(bySlug);
      expect(await getPostById(site, summary.id)).toEqual(bySlug);
    });

    it('answers 404 for an unknown slug or id, or one of another kind, and 400 without either', async () => {
      const news = (await listPosts(site, { kindSlug: 'news' })).items[0] as PostSummary;
      await failsWith(getPost(site, { kindSlug: 'news', slug: 'tidak-ada-berita-ini' }), 404);
      await failsWith(getPost(site, { kindSlug: 'blog', slug: news.slug }), 404);
      await failsWith(getPost(site, { kindSlug: 'blog', id: news.id }), 404);
      await failsWith(getPostById(site, 2_000_000_000), 404);
      await failsWith(getPost(site, { kindSlug: 'news' }), 400, 'slug');
      await failsWith(getPost(site, { kindSlug: 'news', slug: 'Bukan Slug' }), 400, 'slug');
    });

    it('GET v3/post/view counts a visitor once a day and answers the count', async () => {
      const post = (await listPosts(site, { kindSlug: 'tulisan-temans' })).items[0] as PostSummary;
      const first = await viewPost(site, { kindSlug: 'tulisan-temans', slug: post.slug });
      const second = await viewPost(site, { kindSlug: 'tulisan-temans', slug: post.slug });
      expect(first).toEqual({ id: post.id, views: post.views + 1 });
      expect(second).toEqual({ id: post.id, views: post.views + 1 });
      expect((await getPost(site, { kindSlug: 'tulisan-temans', slug: post.slug })).views).toBe(post.views + 1);
      await failsWith(viewPost(site, { kindSlug: 'tulisan-temans', slug: 'tidak-ada' }), 404);
    });
  });

  describe('the older list calls', () => {
    it('GET v1/post/article/list pages articles 6 at a time, with categorySlug, excludeId and search', async () => {
      const page = await listArticles(site);
      expect(page).toMatchObject({ page: 1, perPage: 6, totalItems: SEEDED.articles, totalPages: 1 });
      expect(page.items.every((item) => item.kindSlug === 'articles')).toBe(true);
      expect(await listArticles(site, { pageSize: 2, page: 3 })).toMatchObject({ perPage: 2, totalPages: 3, items: [expect.anything()] });
      expect((await listArticles(site, { page: 2 })).items).toEqual([]);
      const inCategory = await listArticles(site, { categorySlug: 'pendidikan' });
      expect(inCategory.totalItems).toBeGreaterThan(0);
      expect(inCategory.items.every((item) => item.category?.slug === 'pendidikan')).toBe(true);
      const first = page.items[0] as PostSummary;
      expect(ids((await listArticles(site, { excludeId: first.id })).items)).not.toContain(first.id);
      expect((await listArticles(site, { search: 'zqxjvbrmwk' })).totalItems).toBe(0);
    });

    it('GET v2/post/category pages the blog 6 at a time, optionally of one category', async () => {
      const first = await listBlogByCategory(site);
      expect(first).toMatchObject({ page: 1, perPage: 6, totalItems: SEEDED.blog, totalPages: 2 });
      expect(first.items).toHaveLength(6);
      const second = await listBlogByCategory(site, { page: 2 });
      expect(second.items).toHaveLength(2);
      expect(new Set([...ids(first.items), ...ids(second.items)]).size).toBe(SEEDED.blog);
      const tips = await listBlogByCategory(site, { categorySlug: 'tips-belajar' });
      expect(tips.totalItems).toBe((await getCategory(site, { kindSlug: 'blog', slug: 'tips-belajar' })).totalPosts);
      expect(tips.items.every((item) => item.kindSlug === 'blog' && item.category?.slug === 'tips-belajar')).toBe(true);
    });

    it('GET v1/post/list lists news 10 at a time by default, another kind with kind and its category with type', async () => {
      expect(await listPostsLegacy(site)).toMatchObject({ perPage: 10, totalItems: SEEDED.news });
      const blog = await listPostsLegacy(site, { kind: 'blog', type: 'karier-digital', pageSize: 2 });
      expect(blog.perPage).toBe(2);
      expect(blog.totalItems).toBeGreaterThan(0);
      expect(blog.items.every((item) => item.kindSlug === 'blog' && item.category?.slug === 'karier-digital')).toBe(true);
      expect(await listPostsLegacy(site, { active: false })).toMatchObject({ items: [], totalItems: 0 });
      expect((await listPostsLegacy(site, { active: true })).totalItems).toBe(SEEDED.news);
    });

    it('GET v1/podcast/list and v1/podcast/detail: episodes 6 at a time, one by id', async () => {
      const page = await listPodcasts(site);
      expect(page).toMatchObject({ page: 1, perPage: 6, totalItems: SEEDED.podcasts, totalPages: 1 });
      const episode = page.items[0] as PostSummary;
      expect(episode.details.duration).toEqual(expect.any(String));
      expect(await getPodcast(site, episode.id)).toMatchObject({ id: episode.id, kindSlug: 'podcasts', slug: episode.slug });
      const inCategory = await listPodcasts(site, { categorySlug: 'ngobrol-karier' });
      expect(inCategory.items.every((item) => item.category?.slug === 'ngobrol-karier')).toBe(true);
      const news = (await listPosts(site, { kindSlug: 'news' })).items[0] as PostSummary;
      await failsWith(getPodcast(site, news.id), 404);
    });
  });

  describe('categories', () => {
    it('GET v3/post/kind/category/list pages a kind’s categories by name, or all of them', async () => {
      const all = await listCategories(site, { kindSlug: 'event', all: true });
      expect(all).toMatchObject({ page: 1, totalItems: 4, totalPages: 1 });
      expect(all.items.map((category) => category.name)).toEqual([...all.items.map((category) => category.name)].sort());
      expect(all.items.every((category) => category.kindSlug === 'event')).toBe(true);
      expect(await listCategories(site, { kindSlug: 'event', pageSize: 3, page: 2 })).toMatchObject({
        items: [expect.anything()],
        perPage: 3,
        totalPages: 2,
      });
      expect((await listCategories(site, { kindSlug: 'event' })).perPage).toBe(10);
      expect((await listCategories(site, { kindSlug: 'event', search: 'web' })).items.map((category) => category.slug)).toEqual([
        'webinar',
      ]);
      const popular = (await listCategories(site, { kindSlug: 'news', sort: 'popular' })).items.map((category) => category.totalPosts);
      expect(popular).toEqual([...popular].sort((a, b) => b - a));
    });

    it('GET v3/post/kind/category/detail finds one by kind and slug, 404 otherwise', async () => {
      expect(await getCategory(site, { kindSlug: 'program', slug: 'bootcamp' })).toMatchObject({
        kindSlug: 'program',
        slug: 'bootcamp',
        name: expect.any(String),
        totalPosts: 3,
      });
      await failsWith(getCategory(site, { kindSlug: 'news', slug: 'bootcamp' }), 404);
    });

    it('writers, admins and superadmins create, rename and delete categories; one in use only once its posts moved', async () => {
      const slug = slugOf('kategori');
      const created = await createCategory(writer, { kindSlug: 'news', name: 'Kategori Uji', slug, description: 'Untuk uji' });
      expect(created).toMatchObject({ kindSlug: 'news', slug, name: 'Kategori Uji', totalPosts: 0 });
      expect(await getCategory(site, { kindSlug: 'news', slug })).toEqual(created);
      const generated = await createCategory(admin, { kindSlug: 'news', name: 'Liputan Khusus Uji' });
      expect(generated.slug).toBe('liputan-khusus-uji');

      const post = await createPost(writer, { kindSlug: 'news', title: 'Berita dalam kategori uji', categoryId: created.id });
      expect(post.category).toEqual({ id: created.id, slug, name: 'Kategori Uji' });

      const renamed = await updateCategory(superadmin, slug, { kindSlug: 'news', name: 'Kategori Uji Baru', slug: `${slug}-baru` });
      expect(renamed).toMatchObject({ id: created.id, name: 'Kategori Uji Baru', slug: `${slug}-baru`, totalPosts: 1 });
      await failsWith(getCategory(site, { kindSlug: 'news', slug }), 404);

      await failsWith(deleteCategory(writer, { kindSlug: 'news', slug: `${slug}-baru` }), 409);
      await updatePost(writer, post.slug, { kindSlug: 'news', categoryId: null });
      expect(await deleteCategory(writer, { kindSlug: 'news', slug: `${slug}-baru` })).toEqual({ id: created.id });
      expect((await getPost(site, { kindSlug: 'news', id: post.id })).category).toBeNull();
      await failsWith(deleteCategory(writer, { kindSlug: 'news', slug: `${slug}-baru` }), 404);
      await deleteCategory(admin, { kindSlug: 'news', slug: generated.slug });
      await deletePost(writer, { kindSlug: 'news', slug: post.slug });
    });

    it('refuses category writes: 401 without a user, 403 to students and mentors, 409 for a taken slug, 404 for an unknown one', async () => {
      const before = await listCategories(site, { kindSlug: 'blog', all: true });
      const category = { kindSlug: 'blog' as const, name: 'Tidak Boleh' };
      await failsWith(createCategory(site, category), 401);
      await failsWith(createCategory(student, category), 403);
      await failsWith(createCategory(mentor, category), 403);
      await failsWith(updateCategory(student, 'tips-belajar', { kindSlug: 'blog', name: 'Diretas' }), 403);
      await failsWith(deleteCategory(mentor, { kindSlug: 'blog', slug: 'tips-belajar' }), 403);
      await failsWith(createCategory(writer, { ...category, slug: 'tips-belajar' }), 409, 'slug');
      await failsWith(updateCategory(writer, 'cerita-alumni', { kindSlug: 'blog', slug: 'tips-belajar' }), 409, 'slug');
      await failsWith(updateCategory(writer, 'tidak-ada', { kindSlug: 'blog', name: 'X' }), 404);
      await failsWith(createCategory(writer, { kindSlug: 'blog', name: '' }), 400, 'name');
      expect(await listCategories(site, { kindSlug: 'blog', all: true })).toEqual(before);
    });
  });

  describe('writing posts', () => {
    it('writers, admins and superadmins create posts that visitors then find', async () => {
      const created = [];
      for (const [role, client] of [
        ['writer', writer],
        ['admin', admin],
        ['superadmin', superadmin],
      ] as const) {
        const slug = slugOf(role);
        const post = await createPost(client, {
          kindSlug: 'blog',
          title: `Tulisan uji oleh ${role}`,
          slug,
          summary: 'Ringkasan tulisan uji.',
          content: '<h2>Judul</h2><p>Isi tulisan uji tentang pelatihan.</p>',
          tags: ['uji'],
        });
        expect(post).toMatchObject({ kindSlug: 'blog', slug, title: `Tulisan uji oleh ${role}`, tags: ['uji'], views: 0 });
        expect(await getPost(site, { kindSlug: 'blog', slug })).toEqual(post);
        created.push(post);
      }
      const listed = await listPosts(site, { kindSlug: 'blog', search: 'tulisan uji' });
      expect(ids(listed.items)).toEqual(expect.arrayContaining(ids(created)));
      for (const post of created) await deletePost(writer, { kindSlug: 'blog', slug: post.slug });
      expect((await listPosts(site, { kindSlug: 'blog' })).totalItems).toBe(SEEDED.blog);
    });

    it('makes a free slug from the title when none is given', async () => {
      const first = await createPost(writer, { kindSlug: 'event', title: 'Temu Alumni Uji 2027' });
      const second = await createPost(writer, { kindSlug: 'event', title: 'Temu Alumni Uji 2027' });
      expect(first.slug).toBe('temu-alumni-uji-2027');
      expect(second.slug).toBe('temu-alumni-uji-2027-2');
      await deletePost(writer, { kindSlug: 'event', slug: first.slug });
      await deletePost(writer, { kindSlug: 'event', slug: second.slug });
    });

    it('updates a post by slug and deletes it; both answer 404 afterwards', async () => {
      const slug = slugOf('ubah');
      const post = await createPost(writer, { kindSlug: 'news', title: 'Sebelum diubah', slug });
      const category = await getCategory(site, { kindSlug: 'news', slug: 'prestasi' });
      const updated = await updatePost(admin, slug, {
        kindSlug: 'news',
        title: 'Sesudah diubah',
        slug: `${slug}-2`,
        categoryId: category.id,
        content: '<p>Isi baru</p>',
      });
      expect(updated).toMatchObject({ id: post.id, title: 'Sesudah diubah', slug: `${slug}-2`, content: '<p>Isi baru</p>' });
      expect(updated.category?.slug).toBe('prestasi');
      expect(await getPost(site, { kindSlug: 'news', slug: `${slug}-2` })).toEqual(updated);
      await failsWith(getPost(site, { kindSlug: 'news', slug }), 404);
      await failsWith(updatePost(writer, slug, { kindSlug: 'news', title: 'X' }), 404);

      expect(await deletePost(superadmin, { kindSlug: 'news', slug: `${slug}-2` })).toEqual({ id: post.id });
      await failsWith(getPost(site, { kindSlug: 'news', id: post.id }), 404);
      await failsWith(deletePost(writer, { kindSlug: 'news', slug: `${slug}-2` }), 404);
      await failsWith(updatePost(writer, `${slug}-2`, { kindSlug: 'news', title: 'X' }), 404);
    });

    it('an update that names one field leaves every other field as it was', async () => {
      const slug = slugOf('sebagian');
      const post = await createPost(writer, {
        kindSlug: 'blog',
        title: 'Judul lama',
        slug,
        summary: 'Ringkasan tetap',
        content: '<p>Isi yang tidak boleh hilang</p>',
        author: 'Rina',
        tags: ['belajar'],
        isActive: true,
      });
      const updated = await updatePost(writer, slug, { kindSlug: 'blog', title: 'Judul baru' });
      expect(updated).toEqual({ ...post, title: 'Judul baru', updatedAt: updated.updatedAt, version: post.version + 1 });
      await deletePost(writer, { kindSlug: 'blog', slug });
    });

    it('keeps drafts and future posts from lists, details and views until they are published', async () => {
      const draftSlug = slugOf('draf');
      const futureSlug = slugOf('nanti');
      const category = await getCategory(site, { kindSlug: 'podcasts', slug: 'ngobrol-karier' });
      const draft = await createPost(writer, {
        kindSlug: 'podcasts',
        title: 'Episode draf uji',
        slug: draftSlug,
        isActive: false,
        categoryId: category.id,
      });
      const future = await createPost(writer, {
        kindSlug: 'podcasts',
        title: 'Episode nanti uji',
        slug: futureSlug,
        categoryId: category.id,
        publishedAt: new Date(Date.now() + 86_400_000).toISOString(),
      });
      expect(draft.slug).toBe(draftSlug);
      for (const post of [draft, future]) {
        await failsWith(getPost(site, { kindSlug: 'podcasts', slug: post.slug }), 404);
        await failsWith(getPost(site, { kindSlug: 'podcasts', id: post.id }), 404);
        await failsWith(getPostById(site, post.id), 404);
        await failsWith(getPodcast(site, post.id), 404);
        await failsWith(viewPost(site, { kindSlug: 'podcasts', slug: post.slug }), 404);
      }
      const lists = [
        await listPosts(site, { kindSlug: 'podcasts' }),
        await listPosts(site, { kindSlug: 'podcasts', search: 'uji' }),
        await listPodcasts(site),
      ];
      for (const list of lists) expect(ids(list.items)).not.toEqual(expect.arrayContaining([draft.id]));
      for (const list of lists) expect(ids(list.items)).not.toEqual(expect.arrayContaining([future.id]));
      expect(lists[0]?.totalItems).toBe(SEEDED.podcasts);
      expect(await getCategory(site, { kindSlug: 'podcasts', slug: 'ngobrol-karier' })).toEqual(category);

      const published = await updatePost(writer, draftSlug, { kindSlug: 'podcasts', isActive: true });
      expect((await getPost(site, { kindSlug: 'podcasts', slug: draftSlug })).id).toBe(published.id);
      expect((await listPodcasts(site)).totalItems).toBe(SEEDED.podcasts + 1);
      await deletePost(writer, { kindSlug: 'podcasts', slug: draftSlug });
      await deletePost(writer, { kindSlug: 'podcasts', slug: futureSlug });
    });

    it('stores content sanitised: no script, no event handlers, no javascript: links', async () => {
      const slug = slugOf('xss');
      const content = [
        '<h2>Aman</h2><p>Paragraf <a href="https://contoh.id/x">tautan</a></p>',
        '<script>alert(1)</script>',
        '<img src="/media/a.webp" alt="a" onerror="alert(2)">',
        '<a href="javascript:alert(3)">klik</a>',
        '<svg><script>alert(4)</script></svg>',
        '<p onclick="alert(5)">klik</p><iframe src="https://evil.example/"></iframe>',
      ].join('');
      const post = await createPost(writer, { kindSlug: 'articles', title: 'Uji sanitasi', slug, content });
      for (const read of [post, await getPost(site, { kindSlug: 'articles', slug }), await getPostById(site, post.id)]) {
        expect(read.content).not.toMatch(/<script|onerror|onclick|javascript:|alert\(|evil\.example/i);
        expect(read.content).toContain('<h2>Aman</h2>');
        expect(read.content).toContain('href="https://contoh.id/x"');
        expect(read.content).toContain('src="/media/a.webp"');
      }
      const updated = await updatePost(writer, slug, { kindSlug: 'articles', content: '<p>lagi</p><script>alert(6)</script>' });
      expect(updated.content).toBe('<p>lagi</p>');
      await deletePost(writer, { kindSlug: 'articles', slug });
    });

    it('refuses: 409 for a taken slug, 400 naming categoryId or parentId for one not of this kind and tenant', async () => {
      const taken = (await listPosts(site, { kindSlug: 'news' })).items[0] as PostSummary;
      const other = (await listPosts(site, { kindSlug: 'news' })).items[1] as PostSummary;
      await failsWith(createPost(writer, { kindSlug: 'news', title: 'Judul', slug: taken.slug }), 409, 'slug');
      await failsWith(updatePost(writer, other.slug, { kindSlug: 'news', slug: taken.slug }), 409, 'slug');
      await failsWith(createPost(writer, { kindSlug: 'news', title: 'Judul', categoryId: 2_000_000_000 }), 400, 'categoryId');
      const blogCategory = await getCategory(site, { kindSlug: 'blog', slug: 'tips-belajar' });
      await failsWith(createPost(writer, { kindSlug: 'news', title: 'Judul', categoryId: blogCategory.id }), 400, 'categoryId');
      await failsWith(updatePost(writer, other.slug, { kindSlug: 'news', categoryId: blogCategory.id }), 400, 'categoryId');
      const foreignCategory = (await listCategories(otherSite, { kindSlug: 'news', all: true })).items[0];
      await failsWith(
        createPost(writer, { kindSlug: 'news', title: 'Judul', categoryId: foreignCategory?.id as number }),
        400,
        'categoryId',
      );
      await failsWith(createPost(writer, { kindSlug: 'news', title: 'Judul', parentId: taken.id + 1_000_000 }), 400, 'parentId');
      await failsWith(createPost(writer, { kindSlug: 'news', title: '' }), 400, 'title');
      await failsWith(createPost(writer, { kindSlug: 'news', title: 'Judul', slug: 'Bukan Slug' }), 400, 'slug');
      // Digits alone would be read as an id at /News/{slug} (SPEC §2 preload).
      await failsWith(createPost(writer, { kindSlug: 'news', title: 'Judul', slug: '2026' }), 400, 'slug');
      expect((await listPosts(site, { kindSlug: 'news' })).totalItems).toBe(SEEDED.news);
      expect(await getPost(site, { kindSlug: 'news', slug: other.slug })).toMatchObject({ slug: other.slug, category: other.category });
    });

    it('makes a slug of a title of digits alone that is not read as an id', async () => {
      const post = await createPost(writer, { kindSlug: 'news', title: '2026' });
      expect(post.slug).toBe('judul-2026');
      expect(await getPost(site, { kindSlug: 'news', slug: 'judul-2026' })).toMatchObject({ id: post.id });
      await deletePost(writer, { kindSlug: 'news', slug: post.slug });
    });

    it('refuses writes: 401 without a user, 403 to students and mentors, and stores nothing', async () => {
      const target = (await listPosts(site, { kindSlug: 'news' })).items[0] as PostSummary;
      const post = { kindSlug: 'news' as const, title: 'Tidak boleh' };
      await failsWith(createPost(site, post), 401);
      await failsWith(createPost(student, post), 403);
      await failsWith(createPost(mentor, post), 403);
      await failsWith(updatePost(site, target.slug, { kindSlug: 'news', title: 'Diretas' }), 401);
      await failsWith(updatePost(student, target.slug, { kindSlug: 'news', title: 'Diretas' }), 403);
      await failsWith(updatePost(mentor, target.slug, { kindSlug: 'news', title: 'Diretas' }), 403);
      await failsWith(deletePost(site, { kindSlug: 'news', slug: target.slug }), 401);
      await failsWith(deletePost(student, { kindSlug: 'news', slug: target.slug }), 403);
      await failsWith(deletePost(mentor, { kindSlug: 'news', slug: target.slug }), 403);
      expect((await listPosts(site, { kindSlug: 'news' })).totalItems).toBe(SEEDED.news);
      expect((await getPost(site, { kindSlug: 'news', slug: target.slug })).title).toBe(target.title);
    });
  });

  describe('tenants', () => {
    it("keeps one tenant's posts out of another's lists and details", async () => {
      const slug = slugOf('tenant');
      const post = await createPost(writer, { kindSlug: 'news', title: 'Kabar khusus tenant demo zebrakuda', slug });
      expect((await listPosts(site, { kindSlug: 'news', search: 'zebrakuda' })).totalItems).toBe(1);
      expect((await listPosts(otherSite, { kindSlug: 'news', search: 'zebrakuda' })).totalItems).toBe(0);
      // The other brand has its own news, as many as its seed holds.
      expect((await listPosts(otherSite, { kindSlug: 'news' })).totalItems).toBe(otherNews);
      await failsWith(getPost(otherSite, { kindSlug: 'news', slug }), 404);
      await failsWith(getPostById(otherSite, post.id), 404);
      await failsWith(viewPost(otherSite, { kindSlug: 'news', slug }), 404);
      await deletePost(writer, { kindSlug: 'news', slug });
    });

    it("answers 404 to another tenant's writer updating or deleting this tenant's posts and categories", async () => {
      const slug = slugOf('milik-demo');
      const post = await createPost(writer, { kindSlug: 'blog', title: 'Milik demo', slug });
      await failsWith(updatePost(otherWriter, slug, { kindSlug: 'blog', title: 'Diretas' }), 404);
      await failsWith(deletePost(otherWriter, { kindSlug: 'blog', slug }), 404);
      const category = await createCategory(writer, { kindSlug: 'blog', name: 'Milik demo', slug });
      await failsWith(updateCategory(otherWriter, slug, { kindSlug: 'blog', name: 'Diretas' }), 404);
      await failsWith(deleteCategory(otherWriter, { kindSlug: 'blog', slug }), 404);
      await failsWith(getCategory(otherSite, { kindSlug: 'blog', slug }), 404);
      expect(await getPost(site, { kindSlug: 'blog', slug })).toEqual(post);
      expect(await getCategory(site, { kindSlug: 'blog', slug })).toEqual(category);

      // A post the other writer creates with the same slug lives in the other tenant only.
      const theirs = await createPost(otherWriter, { kindSlug: 'blog', title: 'Milik tenant lain', slug });
      expect(theirs.id).not.toBe(post.id);
      expect((await getPost(site, { kindSlug: 'blog', slug })).title).toBe('Milik demo');
      await deletePost(otherWriter, { kindSlug: 'blog', slug });
      await deletePost(writer, { kindSlug: 'blog', slug });
      await deleteCategory(writer, { kindSlug: 'blog', slug });
    });

    it("refuses this tenant's writer with another tenant's app token (403)", async () => {
      const mixed = clientOf(platform);
      mixed.setCredentials({ ...otherSite.credentials(), accessToken: writer.credentials().accessToken });
      await failsWith(createPost(mixed, { kindSlug: 'news', title: 'Campur' }), 403);
      const other = await otherTenantOf(platform);
      await failsWith(listPosts(site, { kindSlug: 'news' }, { credentials: { lmsId: other.lmsId } }), 403);
    });
  });
});
