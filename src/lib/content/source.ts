import type { Career, CareerJob } from '~/contract/careers';
import type { PortfolioItem } from '~/contract/portfolio';
import type { GalleryItem, Post, PostCategory, PostKind, PostListQuery, PostSummary } from '~/contract/posts';
import type { CareerJobDetail } from '~/lib/api/careers';
import type { Page } from '~/lib/api/posts';
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
  listPosts(query: PostListFilter): Promise<Page<PostSummary>>;
  /** Every visible post of a kind, newest first. */
  allPosts(kindSlug: PostKind): Promise<PostSummary[]>;
  getPost(key: PostKey): Promise<Post | undefined>;
  /** Every category of a kind. */
  categories(kindSlug: PostKind): Promise<PostCategory[]>;
  listGallery(query: { page: number; pageSize?: number | undefined }): Promise<Page<GalleryItem>>;
  listCareers(query: { page: number; pageSize: number }): Promise<Page<Career>>;
  allCareers(): Promise<Career[]>;
  getCareer(slug: string): Promise<Career | undefined>;
  /** One page of a career's jobs; undefined when the career is not there. */
  listCareerJobs(query: { careerId: number; page: number; pageSize: number }): Promise<Page<CareerJob> | undefined>;
  allCareerJobs(): Promise<CareerJob[]>;
  getCareerJob(id: number): Promise<CareerJobDetail | undefined>;
  allPortfolio(): Promise<PortfolioItem[]>;
  getPortfolio(slug: string): Promise<PortfolioItem | undefined>;
  /** The content sections with at least one visible item (navigation links only to those). */
  sections(): Promise<ContentSection[]>;
}

export type PostListFilter = Partial<Omit<PostListQuery, 'kindSlug' | 'page' | 'pageSize'>> & {
  kindSlug: PostKind;
  page: number;
  pageSize: number;
};
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
