import type { Career, CareerJob } from '~/contract/careers';
import type { PortfolioItem } from '~/contract/portfolio';
import type { GalleryItem, PostKind, PostSummary } from '~/contract/posts';
import { listCareerJobs, listCareers } from '~/lib/api/careers';
import type { ApiClient } from '~/lib/api/client';
import { listPortfolio } from '~/lib/api/portfolio';
import { listGallery, listPosts, type Page } from '~/lib/api/posts';
import { isMaintenance } from '~/lib/tenant';
import { collectPages } from './collect-pages';
import { type LoadResult, loadCareerJobs, loadCareers } from './loaders';
import { siteClient } from './site-content';

/**
 * Whole collections of the smaller content families (careers and jobs, portfolio, gallery) for
 * pages built at build time: the static paths, and lists shown on one page. Every static-path
 * helper gives nothing while the tenant is under maintenance, as `allPosts` does.
 */

/** The largest page the contract allows: careers and portfolio items fit on one, page by page otherwise. */
const LARGEST_PAGE = 100;

/** A career with its jobs, as the job board shows it; `jobs` keeps its loader's status and message. */
export interface CareerWithJobs {
  career: Career;
  jobs: LoadResult<Page<CareerJob>>;
}

/** Every career on one page (SPEC §4 career list loader and its messages). */
export async function loadAllCareers(client: ApiClient): Promise<LoadResult<Page<Career>>> {
  return loadCareers(client, { pageSize: LARGEST_PAGE });
}

/** Every job of one career (SPEC §4 job list loader and its messages). */
export function loadJobsOf(client: ApiClient, careerId: number): Promise<LoadResult<Page<CareerJob>>> {
  return loadCareerJobs(client, { careerId, pageSize: LARGEST_PAGE });
}

/**
 * Every career with its jobs (SPEC §4 career and job loaders). A failed career list fails the whole;
 * a failed job list fails only its career's section.
 */
export async function loadCareerBoard(client: ApiClient): Promise<LoadResult<CareerWithJobs[]>> {
  const careers = await loadAllCareers(client);
  if (!careers.status) return careers;
  const board = await Promise.all(
    careers.data.items.map(async (career) => ({
      career,
      jobs: await loadJobsOf(client, career.id),
    })),
  );
  return { ...careers, data: board };
}

/** Every career, for static paths. */
export async function allCareers(): Promise<Career[]> {
  if (isMaintenance) return [];
  const client = await siteClient();
  return collectPages((page) => listCareers(client, { page, pageSize: LARGEST_PAGE }));
}

/** Every job of every career, for static paths. */
export async function allCareerJobs(): Promise<CareerJob[]> {
  const careers = await allCareers();
  if (careers.length === 0) return [];
  const client = await siteClient();
  const lists = await Promise.all(
    careers.map((career) => collectPages((page) => listCareerJobs(client, { careerId: career.id, page, pageSize: LARGEST_PAGE }))),
  );
  return lists.flat();
}

/** Every portfolio item, for static paths and for /Portfolio, which shows them all; none under maintenance. */
export async function allPortfolio(client?: ApiClient): Promise<PortfolioItem[]> {
  if (isMaintenance) return [];
  const api = client ?? (await siteClient());
  return collectPages((page) => listPortfolio(api, { page, pageSize: LARGEST_PAGE }));
}

/** The whole gallery, asked for 6 photos at a time (the gallery's page size, SPEC §9). */
export function allGallery(client: ApiClient): Promise<GalleryItem[]> {
  return collectPages((page) => listGallery(client, { page }));
}

/** Every visible post of a kind (parents only with `isParent`), 10 a page as the post list gives them. */
export function allOfKind(client: ApiClient, kindSlug: PostKind, filter: { isParent?: boolean } = {}): Promise<PostSummary[]> {
  return collectPages((page) => listPosts(client, { kindSlug, page, ...filter }));
}
