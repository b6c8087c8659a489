import { beforeAll, describe, expect, it } from 'vitest';
import type { Career } from '~/contract/careers';
import { POST_KINDS, type PostKind } from '~/contract/posts';
import {
  type ApiClient,
  createPost,
  deletePost,
  getCareer,
  getCareerJob,
  getPortfolio,
  getPost,
  listCareerJobs,
  listCareers,
  listCategories,
  listGallery,
  listPortfolio,
  listPosts,
  updatePost,
} from '~/lib/api';
import { listClasses } from '~/lib/api/classes';
import { listCourses } from '~/lib/api/courses';
import { listActiveMentors, listPrograms } from '~/lib/api/programs';
import type { ContentSource } from '~/lib/content/source';
import type { ContentSection } from '~/lib/tenant/variants';
import { dbContentSource } from '~/server/sites/db-source';
import { appClientOf, clientOf, otherTenantOf, signInAs, tenantOf } from './support/api-client';
import { dbKinds, platformFor } from './support/platform';
import { generateAppToken } from './support/tokens';

/**
 * The content source pages are rendered from (builds and on-demand pages) answers exactly what the
 * platform API answers the tenant's site for the same question, and nothing the API would not show.
 */

/** The API's largest page: enough for every seeded collection. */
const ALL = 100;
/** The kinds with a list page of their own, hence a section (articles are reached from other posts). */
const SECTION_KINDS = POST_KINDS.filter((kind) => kind !== 'articles');

describe.each(await dbKinds())('content source over the database on %s', (kind) => {
  const platform = platformFor(kind);
  /** The demo tenant's site, through the API, and its source. */
  let site: ApiClient;
  let source: ContentSource;
  let writer: ApiClient;
  /** Another tenant's site and source. */
  let otherSite: ApiClient;
  let otherSource: ContentSource;
  let careers: Career[];

  beforeAll(async () => {
    site = await appClientOf(platform);
    writer = await appClientOf(platform);
    await signInAs(writer, 'writer');
    source = dbContentSource(platform.deps.db, await tenantOf(platform));
    const other = await otherTenantOf(platform);
    otherSite = clientOf(platform);
    otherSite.setCredentials({ appToken: (await generateAppToken(platform, { appCode: other.appCode })).wire, lmsId: other.lmsId });
    otherSource = dbContentSource(platform.deps.db, other);
    careers = (await listCareers(site)).items;
  }, 60_000);

  describe('posts', () => {
    it.each(POST_KINDS)('lists %s page by page as GET v3/post/list does', async (kindSlug) => {
      for (const query of [
        { kindSlug, page: 1, pageSize: 10 },
        { kindSlug, page: 2, pageSize: 2 },
        { kindSlug, page: 9, pageSize: 3 },
        { kindSlug, page: 1, pageSize: 5, sort: 'title' as const },
      ]) {
        expect(await source.listPosts(query), JSON.stringify(query)).toEqual(await listPosts(site, query));
      }
    });

    it('filters by search, category and parent as the API does', async () => {
      const category = (await listCategories(site, { kindSlug: 'blog', all: true })).items[0];
      expect(category).toBeDefined();
      for (const filter of [
        { kindSlug: 'news' as const, search: 'pelatihan' },
        { kindSlug: 'blog' as const, categorySlug: category?.slug },
        { kindSlug: 'blog' as const, categoryId: category?.id },
        { kindSlug: 'program' as const, isParent: true },
        { kindSlug: 'event' as const, sort: 'schedule' as const },
      ]) {
        const query = { ...filter, page: 1, pageSize: 10 };
        const answer = await source.listPosts(query);
        expect(answer, JSON.stringify(filter)).toEqual(await listPosts(site, query));
      }
    });

    it.each(POST_KINDS)(
      'gives every visible %s post, newest first, and each by slug and by id as GET v3/post/detail does',
      async (kindSlug) => {
        const all = await source.allPosts(kindSlug);
        expect(all).toEqual((await listPosts(site, { kindSlug, pageSize: ALL })).items);
        expect(all.length).toBeGreaterThan(0);
        for (const post of all) {
          const detail = await getPost(site, { kindSlug, slug: post.slug });
          expect(await source.getPost({ kindSlug, slug: post.slug })).toEqual(detail);
          expect(await source.getPost({ kindSlug, id: post.id })).toEqual(detail);
        }
      },
    );

    it('has no post of another kind, of another tenant, or that does not exist', async () => {
      const news = (await source.allPosts('news'))[0];
      expect(news).toBeDefined();
      expect(await source.getPost({ kindSlug: 'blog', id: news?.id })).toBeUndefined();
      expect(await source.getPost({ kindSlug: 'news', slug: 'tidak-ada-berita-ini' })).toBeUndefined();
      expect(await source.getPost({ kindSlug: 'news', id: 2_000_000_000 })).toBeUndefined();
      const theirs = (await listPosts(otherSite, { kindSlug: 'news' })).items[0];
      expect(theirs).toBeDefined();
      expect(await otherSource.getPost({ kindSlug: 'news', id: theirs?.id })).toMatchObject({ id: theirs?.id });
      expect(await source.getPost({ kindSlug: 'news', id: theirs?.id })).toBeUndefined();
      expect(await source.getPost({ id: theirs?.id })).toBeUndefined();
    });

    it('keeps drafts and posts not yet published out, as the API does, until they are published', async () => {
      const stamp = `sumber${Date.now().toString(36)}`;
      const draft = await createPost(writer, { kindSlug: 'news', title: `Berita draf ${stamp}`, slug: `draf-${stamp}`, isActive: false });
      const future = await createPost(writer, {
        kindSlug: 'news',
        title: `Berita nanti ${stamp}`,
        slug: `nanti-sumber-${stamp}`,
        publishedAt: new Date(Date.now() + 86_400_000).toISOString(),
      });
      try {
        for (const post of [draft, future]) {
          expect(await source.getPost({ kindSlug: 'news', slug: post.slug })).toBeUndefined();
          expect(await source.getPost({ kindSlug: 'news', id: post.id })).toBeUndefined();
          expect(await source.getPost({ id: post.id })).toBeUndefined();
        }
        const listed = (await source.allPosts('news')).map((post) => post.id);
        expect(listed).not.toContain(draft.id);
        expect(listed).not.toContain(future.id);
        expect((await source.listPosts({ kindSlug: 'news', page: 1, pageSize: 10, search: stamp })).items).toEqual([]);

        await updatePost(writer, draft.slug, { kindSlug: 'news', isActive: true });
        expect(await source.getPost({ kindSlug: 'news', id: draft.id })).toEqual(await getPost(site, { kindSlug: 'news', id: draft.id }));
        expect((await source.listPosts({ kindSlug: 'news', page: 1, pageSize: 10, search: stamp })).items.map((post) => post.id)).toEqual([
          draft.id,
        ]);
      } finally {
        await deletePost(writer, { kindSlug: 'news', slug: draft.slug });
        await deletePost(writer, { kindSlug: 'news', slug: future.slug });
      }
    });

    it.each(POST_KINDS)('lists every %s category as GET v3/post/kind/category/list?all does', async (kindSlug) => {
      expect(await source.categories(kindSlug)).toEqual((await listCategories(site, { kindSlug, all: true, sort: 'name' })).items);
    });
  });

  describe('gallery', () => {
    it('pages the gallery as GET v1/post/gallery/list does, 6 a page unless told', async () => {
      for (const page of [1, 2, 3, 4]) expect(await source.listGallery({ page })).toEqual(await listGallery(site, { page }));
      expect(await source.listGallery({ page: 1, pageSize: ALL })).toEqual(await listGallery(site, { pageSize: ALL }));
    });
  });

  describe('careers', () => {
    it('lists careers as GET career/list does, and all of them', async () => {
      expect(careers.length).toBeGreaterThan(0);
      expect(await source.listCareers({ page: 1, pageSize: 10 })).toEqual(await listCareers(site));
      expect(await source.listCareers({ page: 2, pageSize: 1 })).toEqual(await listCareers(site, { page: 2, pageSize: 1 }));
      expect(await source.allCareers()).toEqual(careers);
    });

    it('finds a career by slug as GET career/detail does; an unknown one is not there', async () => {
      for (const career of careers) expect(await source.getCareer(career.slug)).toEqual(await getCareer(site, career.slug));
      expect(await source.getCareer('tidak-ada-karier-ini')).toBeUndefined();
    });

    it('lists a career’s jobs as GET career/job/list does, every job of every career, and each job as GET career/job/detail does', async () => {
      const everyJob = [];
      for (const career of careers) {
        const jobs = await listCareerJobs(site, { careerId: career.id, pageSize: ALL });
        expect(await source.listCareerJobs({ careerId: career.id, page: 1, pageSize: ALL })).toEqual(jobs);
        expect(await source.listCareerJobs({ careerId: career.id, page: 2, pageSize: 1 })).toEqual(
          await listCareerJobs(site, { careerId: career.id, page: 2, pageSize: 1 }),
        );
        everyJob.push(...jobs.items);
      }
      expect(everyJob.length).toBeGreaterThan(0);
      expect(await source.allCareerJobs()).toEqual(everyJob);
      for (const job of everyJob) expect(await source.getCareerJob(job.id)).toEqual(await getCareerJob(site, job.id));
    });

    it('has no career, job list or job of another tenant, nor unknown ones', async () => {
      const theirCareer = (await listCareers(otherSite)).items[0] as Career;
      expect(theirCareer).toBeDefined();
      const theirJob = (await listCareerJobs(otherSite, { careerId: theirCareer.id })).items[0];
      expect(theirJob).toBeDefined();
      expect(await source.listCareerJobs({ careerId: theirCareer.id, page: 1, pageSize: 10 })).toBeUndefined();
      expect(await source.listCareerJobs({ careerId: 2_000_000_000, page: 1, pageSize: 10 })).toBeUndefined();
      expect(await source.getCareerJob(theirJob?.id as number)).toBeUndefined();
      expect(await source.getCareerJob(2_000_000_000)).toBeUndefined();
      expect(await otherSource.getCareerJob(theirJob?.id as number)).toMatchObject({ id: theirJob?.id });
    });
  });

  describe('portfolio', () => {
    it('gives every item as GET v1/portfolio/list does, and each as GET v1/portfolio/detail does', async () => {
      const all = await source.allPortfolio();
      expect(all).toEqual((await listPortfolio(site, { pageSize: ALL })).items);
      expect(all.length).toBeGreaterThan(0);
      for (const item of all) expect(await source.getPortfolio(item.slug)).toEqual(await getPortfolio(site, item.slug));
      expect(await source.getPortfolio('tidak-ada-portofolio')).toBeUndefined();
    });

    it('has no portfolio item of another tenant', async () => {
      const theirs = await otherSource.allPortfolio();
      expect(theirs.length).toBeGreaterThan(0);
      // Tenants may use the same slugs: the one found by a slug of theirs is always ours.
      for (const item of theirs) expect((await source.getPortfolio(item.slug))?.id).not.toBe(item.id);
    });
  });

  describe('sections', () => {
    /** The sections whose list has at least one item, as the API counts them for `client`. */
    const publishedBy = async (client: ApiClient): Promise<ContentSection[]> => {
      const totals: [ContentSection, number][] = [
        ...(await Promise.all(
          SECTION_KINDS.map(
            async (kindSlug: PostKind) => [kindSlug, (await listPosts(client, { kindSlug })).totalItems] as [ContentSection, number],
          ),
        )),
        ['gallery', (await listGallery(client)).totalItems],
        ['careers', (await listCareers(client)).totalItems],
        ['portfolio', (await listPortfolio(client)).totalItems],
      ];
      const catalogue: [ContentSection, number][] = [
        ['classes', (await listClasses(client, { all: true })).totalItems],
        ['programs', (await listPrograms(client)).totalItems],
        ['courses', (await listCourses(client)).totalItems],
        ['mentors', (await listActiveMentors(client)).length],
      ];
      return [...totals, ...catalogue].filter(([, total]) => total > 0).map(([section]) => section);
    };

    it('lists every section the demo tenant has items in, never articles, and the parts of the catalogue it runs', async () => {
      const sections = await source.sections();
      const catalogueOnly = ['festival', 'league', 'leaderboards'];
      expect(sections.filter((section) => !catalogueOnly.includes(section))).toEqual(await publishedBy(site));
      expect([...sections].sort()).toEqual([
        'blog',
        'careers',
        'classes',
        'courses',
        'event',
        'festival',
        'gallery',
        'leaderboards',
        'league',
        'mentors',
        'news',
        'podcasts',
        'portfolio',
        'program',
        'programs',
        'tulisan-temans',
      ]);
    });

    it('lists only the sections another tenant has items in', async () => {
      expect(await otherSource.sections()).toEqual(await publishedBy(otherSite));
    });

    it('lists the catalogue a tenant shares by setting: pesilat runs what demo runs', async () => {
      const pesilat = await tenantOf(platform, 'PESILAT-NUSANTARA');
      const shared = await dbContentSource(platform.deps.db, pesilat).sections();
      const own = await source.sections();
      for (const section of ['classes', 'courses', 'mentors', 'festival', 'league'] as const) {
        expect(shared.includes(section), section).toBe(own.includes(section));
      }
    });

    it('lists no section for a tenant without content', async () => {
      const empty = await tenantOf(platform, 'SEKOLAHBETA');
      const bare = { ...empty, lmsId: 'tenant-tanpa-isi', catalogueLmsId: 'tenant-tanpa-isi' };
      expect(await dbContentSource(platform.deps.db, bare).sections()).toEqual([]);
    });

    it('drops a section once its last item is a draft', async () => {
      const podcasts = await source.allPosts('podcasts');
      expect(podcasts.length).toBeGreaterThan(0);
      try {
        for (const post of podcasts) await updatePost(writer, post.slug, { kindSlug: 'podcasts', isActive: false });
        expect(await source.sections()).not.toContain('podcasts');
        expect(await source.sections()).toContain('news');
      } finally {
        for (const post of podcasts) await updatePost(writer, post.slug, { kindSlug: 'podcasts', isActive: true });
      }
      expect(await source.sections()).toContain('podcasts');
    });
  });
});
