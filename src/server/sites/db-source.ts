import { and, asc, eq } from 'drizzle-orm';
import { POST_KINDS, type PostKind } from '~/contract/posts';
import type { ChapterAddress, ContentSource } from '~/lib/content/source';
import type { ContentSection } from '~/lib/tenant/variants';
import {
  catalogueSections,
  classFilterOptions,
  currentFestival,
  currentLeague,
  findClass,
  findCourse,
  findFreeChapter,
  findProgram,
  listActiveClasses,
  listCourses,
  listMentors,
  listProgramSchools,
  listPrograms,
} from '../catalogue';
import { findCertificate } from '../certificates';
import { findCareer, findJob, findPortfolio, listCareers, listGallery, listJobs, listPortfolio } from '../content';
import type { Db } from '../db/client';
import { courseChapters, courseModules, courses } from '../db/schema';
import type { TenantRecord } from '../platform/tenants';
import { findManagedPost, findPost, listCategories, listPosts } from '../posts';
import { allCharts, landingCounters, listLeaderboard, provinceFigures, provinceScores } from '../statistics';

/** The largest page the services are asked for when a whole collection is wanted. */
const BULK = 1_000;

/** Every item of a paged list, asking for one page after another until the last. */
async function every<T>(fetchPage: (page: number) => Promise<{ items: T[]; totalPages: number } | undefined>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const result = await fetchPage(page);
    if (!result) return items;
    items.push(...result.items);
    if (page >= result.totalPages || result.items.length === 0) return items;
  }
}

/**
 * Every chapter of the tenant's published courses in one query, in the order of the courses' outlines
 * (findCourse's order: course position, module position, chapter position). The build's index of
 * chapter addresses; it belongs with server/catalogue/courses.ts, where the courses' other reads are.
 */
function allChapters(db: Db, lmsId: string): Promise<ChapterAddress[]> {
  return db
    .select({ courseSlug: courses.slug, moduleSlug: courseModules.slug, chapterSlug: courseChapters.slug })
    .from(courseChapters)
    .innerJoin(courses, eq(courses.id, courseChapters.courseId))
    .innerJoin(courseModules, eq(courseModules.id, courseChapters.moduleId))
    .where(and(eq(courses.lmsId, lmsId), eq(courses.isPublished, true)))
    .orderBy(
      asc(courses.position),
      asc(courses.id),
      asc(courseModules.position),
      asc(courseModules.id),
      asc(courseChapters.position),
      asc(courseChapters.id),
    );
}

/** The post kinds that have a list page of their own (articles are reached from other posts). */
const LISTED_KINDS = POST_KINDS.filter((kind) => kind !== 'articles');

/**
 * The content source of one tenant over the database, through the same service functions the API's
 * routes answer with, so a page shows exactly what the API would give. Used by builds and by the
 * render processes of live builds (through their IPC bridge).
 */
export function dbContentSource(db: Db, tenant: Pick<TenantRecord, 'lmsId' | 'catalogueLmsId' | 'tax'>): ContentSource {
  const { lmsId } = tenant;
  // The catalogue and its statistics: the tenant's own, or those of the tenant whose catalogue it shows.
  const catalogue = tenant.catalogueLmsId;
  const source: ContentSource = {
    listPosts: (query) => listPosts(db, lmsId, query),
    allPosts: (kindSlug: PostKind) => every((page) => listPosts(db, lmsId, { kindSlug, page, pageSize: BULK })),
    getPost: (key) => findPost(db, lmsId, key),
    categories: async (kindSlug) => (await listCategories(db, lmsId, { kindSlug, page: 1, pageSize: BULK, sort: 'name', all: true })).items,
    listGallery: ({ page, pageSize = 6 }) => listGallery(db, lmsId, page, pageSize),
    listCareers: ({ page, pageSize }) => listCareers(db, lmsId, page, pageSize),
    allCareers: () => every((page) => listCareers(db, lmsId, page, BULK)),
    getCareer: (slug) => findCareer(db, lmsId, slug),
    listCareerJobs: ({ careerId, page, pageSize }) => listJobs(db, lmsId, careerId, page, pageSize),
    allCareerJobs: async () => {
      const careers = await source.allCareers();
      const lists = await Promise.all(careers.map((career) => every((page) => listJobs(db, lmsId, career.id, page, BULK))));
      return lists.flat();
    },
    getCareerJob: (id) => findJob(db, lmsId, id),
    allPortfolio: () => every((page) => listPortfolio(db, lmsId, { page, pageSize: BULK })),
    getPortfolio: (slug) => findPortfolio(db, lmsId, slug),
    sections: async () => {
      const one = { page: 1, pageSize: 1 };
      const counts = await Promise.all([
        ...LISTED_KINDS.map(async (kind) => [kind, (await listPosts(db, lmsId, { kindSlug: kind, ...one })).totalItems] as const),
        (async () => ['gallery', (await listGallery(db, lmsId, 1, 1)).totalItems] as const)(),
        (async () => ['careers', (await listCareers(db, lmsId, 1, 1)).totalItems] as const)(),
        (async () => ['portfolio', (await listPortfolio(db, lmsId, one)).totalItems] as const)(),
      ]);
      return [
        ...counts.filter(([, total]) => total > 0).map(([section]) => section as ContentSection),
        ...(await catalogueSections(db, catalogue)),
      ];
    },
    listClasses: ({ page, pageSize, filters }) => listActiveClasses(db, catalogue, { page, pageSize, filters }),
    allClasses: () => every((page) => listActiveClasses(db, catalogue, { page, pageSize: BULK, includeFinished: true })),
    getClass: (codeOrSlug) => findClass(db, catalogue, codeOrSlug),
    classFilterOptions: () => classFilterOptions(db, catalogue),
    allPrograms: () => every((page) => listPrograms(db, catalogue, { page, pageSize: BULK })),
    getProgram: (key) => findProgram(db, catalogue, key),
    programSchools: (query) => listProgramSchools(db, catalogue, query),
    allMentors: () => listMentors(db, catalogue),
    allCourses: () => every((page) => listCourses(db, catalogue, { page, pageSize: BULK })),
    allChapters: () => allChapters(db, catalogue),
    getCourse: (slug) => findCourse(db, catalogue, slug),
    getFreeChapter: (courseSlug, chapterSlug) => findFreeChapter(db, catalogue, courseSlug, chapterSlug),
    statistics: async () => {
      const [landing, charts, provinces, scores] = await Promise.all([
        landingCounters(db, catalogue),
        allCharts(db, catalogue),
        provinceFigures(db, catalogue),
        provinceScores(db, catalogue),
      ]);
      return { counters: landing.counters, landing, charts, provinces, scores };
    },
    leaderboard: (query) => listLeaderboard(db, catalogue, query),
    festival: () => currentFestival(db, catalogue),
    league: () => currentLeague(db, catalogue),
    taxRule: async () => tenant.tax,
    certificate: (id) => findCertificate(db, tenant, id),
    previewPost: (key) => findManagedPost(db, lmsId, key),
  };
  return source;
}
