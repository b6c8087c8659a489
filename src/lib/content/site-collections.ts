import type { Career, CareerJob } from '~/contract/careers';
import type { PortfolioItem } from '~/contract/portfolio';
import type { GalleryItem } from '~/contract/posts';
import { listCareerJobs, listCareers } from '~/lib/api/careers';
import type { ApiClient } from '~/lib/api/client';
import { listPortfolio } from '~/lib/api/portfolio';
import { listGallery, type Page } from '~/lib/api/posts';
import { isMaintenance } from '~/lib/tenant';
import { collectPages } from './collect-pages';
import { type LoadResult, load, loadCareerJobs, loadCareers } from './loaders';
import { siteClient } from './site-content';

/**
 * The smaller content families (careers and jobs, portfolio, gallery): whole
 * collections for static paths, and one page of a list for the list pages (page 1 at build, the
 * others on demand). Every static-path helper gives nothing while the tenant is under maintenance,
 * as `allPosts` does.
 */

/** The largest page the contract allows: static paths are collected 100 at a time. */
const LARGEST_PAGE = 100;
/** SPEC §9: career lists show 10 a page. */
const CAREER_PAGE_SIZE = 10;

/** A career with its jobs, as the job board shows it; `jobs` keeps its loader's status and message. */
export interface CareerWithJobs {
  career: Career;
  jobs: LoadResult<Page<CareerJob>>;
}

/** One page of careers, 10 a page (SPEC §9 career list; SPEC §4 career list loader and its messages). */
export function loadCareerPage(client: ApiClient, page: number): Promise<LoadResult<Page<Career>>> {
  return loadCareers(client, { page, pageSize: CAREER_PAGE_SIZE });
}

/** Every job of one career (SPEC §4 job list loader and its messages). */
export function loadJobsOf(client: ApiClient, careerId: number): Promise<LoadResult<Page<CareerJob>>> {
  return loadCareerJobs(client, { careerId, pageSize: LARGEST_PAGE });
}

/**
 * One page of the job board: careers with their jobs (SPEC §4 career and job loaders). A failed career
 * list fails the whole; a failed job list fails only its career's section.
 */
export async function loadCareerBoard(client: ApiClient, page: number): Promise<LoadResult<Page<CareerWithJobs>>> {
  const careers = await loadCareerPage(client, page);
  if (!careers.status) return careers;
  const items = await Promise.all(
    careers.data.items.map(async (career) => ({
      career,
      jobs: await loadJobsOf(client, career.id),
    })),
  );
  return { ...careers, data: { ...careers.data, items } };
}

/** One page of the gallery, 6 photos (SPEC §9); a failed list is null. */
export function loadGalleryPage(client: ApiClient, page: number): Promise<LoadResult<Page<GalleryItem>, null>> {
  return load(() => listGallery(client, { page }), { fallback: null });
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
