import type { Career, CareerJob } from '~/contract/careers';
import type { Certificate } from '~/contract/certificates';
import type { ClassDetail, ClassFilterOptions, ClassFilters, ClassSummary } from '~/contract/classes';
import type { Chapter, CourseDetail, CourseSummary } from '~/contract/courses';
import type { Festival } from '~/contract/festival';
import type { Mentor } from '~/contract/mentors';
import type { Paged } from '~/contract/paged';
import type { PortfolioItem } from '~/contract/portfolio';
import type { GalleryItem, ManagedPost, Post, PostCategory, PostKind, PostListQuery, PostSummary } from '~/contract/posts';
import type { ProgramDetail, ProgramSchool, ProgramSummary } from '~/contract/programs';
import type { Leaderboard, LeaderboardPage, ProvinceScore, StatisticsOverview } from '~/contract/statistics';
import type { TaxRule } from '~/contract/tax';
import type { CareerJobDetail } from '~/lib/api/careers';
import type { League } from '~/lib/tenant/league-schema';
import type { ContentSection } from '~/lib/tenant/variants';

/**
 * Where pages read content when they are rendered: one plain data source, no HTTP and no tokens.
 * The server implements it over the database (src/server/sites/db-source.ts); a render process
 * reaches that implementation over its IPC channel (render-worker.ts), with every answer of a build
 * kept for the whole build. Items that are not there are `undefined`, never an error; an outage
 * throws.
 */
export interface ContentSource {
  /** One page of a kind's visible posts (search, category, parent filter, order): SPEC §7 v3/post/list. */
  listPosts(query: PostListFilter): Promise<Paged<PostSummary>>;
  /** Every visible post of a kind, newest first. */
  allPosts(kindSlug: PostKind): Promise<PostSummary[]>;
  getPost(key: PostKey): Promise<Post | undefined>;
  /** Every category of a kind. */
  categories(kindSlug: PostKind): Promise<PostCategory[]>;
  listGallery(query: { page: number; pageSize?: number | undefined }): Promise<Paged<GalleryItem>>;
  listCareers(query: { page: number; pageSize: number }): Promise<Paged<Career>>;
  allCareers(): Promise<Career[]>;
  getCareer(slug: string): Promise<Career | undefined>;
  /** One page of a career's jobs; undefined when the career is not there. */
  listCareerJobs(query: { careerId: number; page: number; pageSize: number }): Promise<Paged<CareerJob> | undefined>;
  allCareerJobs(): Promise<CareerJob[]>;
  getCareerJob(id: number): Promise<CareerJobDetail | undefined>;
  allPortfolio(): Promise<PortfolioItem[]>;
  getPortfolio(slug: string): Promise<PortfolioItem | undefined>;
  /** The content sections with at least one visible item (navigation links only to those). */
  sections(): Promise<ContentSection[]>;

  /* The catalogue. */
  /** One page of the active classes, filtered and sorted as v1/class/active with `page` given. */
  listClasses(query: { page: number; pageSize: number; filters?: ClassFilters | undefined }): Promise<Paged<ClassSummary>>;
  /** Every published class, finished ones included. */
  allClasses(): Promise<ClassSummary[]>;
  /** A class by code first, then by slug (SPEC /Class/{code} and /Class/{slug}). */
  getClass(codeOrSlug: string): Promise<ClassDetail | undefined>;
  /** The values the class filters offer (programs, categories, cities the tenant's classes have). */
  classFilterOptions(): Promise<ClassFilterOptions>;
  /** Every active program. */
  allPrograms(): Promise<ProgramSummary[]>;
  getProgram(key: { id: number } | { slug: string }): Promise<ProgramDetail | undefined>;
  /** One page of a program's schools, by name (v1/program/schools); undefined when the program is not there. */
  programSchools(query: { programId: number; page: number; pageSize: number }): Promise<Paged<ProgramSchool> | undefined>;
  /** Every active mentor. */
  allMentors(): Promise<Mentor[]>;
  /** Every published course, free and premium. */
  allCourses(): Promise<CourseSummary[]>;
  /**
   * Every chapter of every published course, in course, module and chapter order, in one read: the
   * build's index of chapter addresses (never one outline per course).
   */
  allChapters(): Promise<ChapterAddress[]>;
  /** A course with its outline (never chapter content). */
  getCourse(slug: string): Promise<CourseDetail | undefined>;
  /**
   * A chapter of a FREE course with its content; undefined for a premium course's chapter, whose
   * content never reaches a page built for everyone (it is read through the API after a check).
   */
  getFreeChapter(courseSlug: string, chapterSlug: string): Promise<Chapter | undefined>;
  /** Counters, monthly charts and provinces (the statistics host's `statistics`), with province scores. */
  statistics(): Promise<StatisticsOverview & { scores: ProvinceScore[] }>;
  /** One page of a leaderboard, ranked. */
  leaderboard(query: { board: Leaderboard; page: number; pageSize: number }): Promise<LeaderboardPage>;
  /** The learning festival /BelajarBersama shows; undefined when the tenant runs none. */
  festival(): Promise<Festival | undefined>;
  /** The coding league /Liga-Smk shows; undefined when the tenant runs none. */
  league(): Promise<LeagueSeason | undefined>;
  /** The PPN rule the tenant's prices are published under (contract/tax.ts). */
  taxRule(): Promise<TaxRule>;
  /**
   * A certificate of one of the tenant's learners by its id (/Sertifikat/{id}), revoked ones
   * included; undefined when this tenant has none with that id (another tenant's never answers).
   */
  certificate(id: string): Promise<Certificate | undefined>;
  /**
   * A post of the tenant by kind and id whatever its state (drafts and scheduled ones too), for the
   * staff console's preview (/Admin/Pratinjau/…, rendered only for signed-in staff); never kept.
   */
  previewPost(key: { kindSlug: PostKind; id: number }): Promise<ManagedPost | undefined>;
}

/** A tenant's coding league: its name and its season (lib/tenant/league-schema.ts). */
export interface LeagueSeason {
  slug: string;
  name: string;
  season: League;
}

export type PostListFilter = Partial<Omit<PostListQuery, 'kindSlug' | 'page' | 'pageSize'>> & {
  kindSlug: PostKind;
  page: number;
  pageSize: number;
};
/** Where a chapter lives: /Courses[/@Premium]/{courseSlug}/module/{moduleSlug}/chapter/{chapterSlug}. */
export interface ChapterAddress {
  courseSlug: string;
  moduleSlug: string;
  chapterSlug: string;
}
export type PostKey = { kindSlug?: PostKind | undefined; id?: number | undefined; slug?: string | undefined };

/** The methods of a ContentSource, for the IPC bridge that forwards them. */
export const SOURCE_METHODS = [
  'listPosts',
  'allPosts',
  'getPost',
  'categories',
  'listGallery',
  'listCareers',
  'allCareers',
  'getCareer',
  'listCareerJobs',
  'allCareerJobs',
  'getCareerJob',
  'allPortfolio',
  'getPortfolio',
  'sections',
  'listClasses',
  'allClasses',
  'getClass',
  'classFilterOptions',
  'allPrograms',
  'getProgram',
  'programSchools',
  'allMentors',
  'allCourses',
  'allChapters',
  'getCourse',
  'getFreeChapter',
  'statistics',
  'leaderboard',
  'festival',
  'league',
  'taxRule',
  'certificate',
  'previewPost',
] as const satisfies readonly (keyof ContentSource)[];
export type SourceMethod = (typeof SOURCE_METHODS)[number];

/** A ContentSource whose every method goes through `call` (a cache, an IPC channel). */
export function sourceOver(call: (method: SourceMethod, args: unknown[]) => Promise<unknown>): ContentSource {
  return Object.fromEntries(
    SOURCE_METHODS.map((method) => [method, (...args: unknown[]) => call(method, args)]),
  ) as unknown as ContentSource;
}

let current: ContentSource | undefined;

/** Makes `source` what every following render reads from (set by the renderer's entry, once per process). */
export function setContentSource(source: ContentSource): void {
  current = source;
}

/** The content source of this render. */
export function contentSource(): ContentSource {
  if (!current) throw new Error('Sumber konten belum disetel: renderer dipakai tanpa configure()');
  return current;
}
