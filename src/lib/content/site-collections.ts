import type { Career, CareerJob } from '~/contract/careers';
import type { Paged } from '~/contract/paged';
import type { PortfolioItem } from '~/contract/portfolio';
import type { GalleryItem } from '~/contract/posts';
import { isMaintenance } from '~/lib/tenant';
import { type LoadResult, load, loadCareerJobs, loadCareers } from './loaders';
import { contentSource } from './source';

/**
 * The smaller content families (careers and jobs, portfolio, gallery): whole collections for the
 * build's addresses, and one page of a list for the list pages (page 1 at build, the others on
 * demand). Every whole-collection helper gives nothing while the tenant is under maintenance, as
 * the post helpers do.
 */

/** SPEC §9: career lists show 10 a page. */
const CAREER_PAGE_SIZE = 10;
/** Every job of a career is shown on its page. */
const ALL_JOBS = 100;

/** A career with its jobs, as the job board shows it; `jobs` keeps its loader's status and message. */
export interface CareerWithJobs {
  career: Career;
  jobs: LoadResult<Paged<CareerJob>>;
}

/** One page of careers, 10 a page (SPEC §9 career list; SPEC §4 career list loader and its messages). */
export function loadCareerPage(page: number): Promise<LoadResult<Paged<Career>>> {
  return loadCareers({ page, pageSize: CAREER_PAGE_SIZE });
}

/** Every job of one career (SPEC §4 job list loader and its messages). */
export function loadJobsOf(careerId: number): Promise<LoadResult<Paged<CareerJob>>> {
  return loadCareerJobs({ careerId, page: 1, pageSize: ALL_JOBS });
}

/**
 * One page of the job board: careers with their jobs (SPEC §4 career and job loaders). A failed career
 * list fails the whole; a failed job list fails only its career's section.
 */
export async function loadCareerBoard(page: number): Promise<LoadResult<Paged<CareerWithJobs>>> {
  const careers = await loadCareerPage(page);
  if (!careers.status) return careers;
  const items = await Promise.all(careers.data.items.map(async (career) => ({ career, jobs: await loadJobsOf(career.id) })));
  return { ...careers, data: { ...careers.data, items } };
}

/** One page of the gallery, 6 photos (SPEC §9); a failed list is null. */
export function loadGalleryPage(page: number): Promise<LoadResult<Paged<GalleryItem>, null>> {
  return load(() => contentSource().listGallery({ page }), { fallback: null });
}

/** Every career (none under maintenance). */
export async function allCareers(): Promise<Career[]> {
  return isMaintenance ? [] : contentSource().allCareers();
}

/** Every job of every career (none under maintenance). */
export async function allCareerJobs(): Promise<CareerJob[]> {
  return isMaintenance ? [] : contentSource().allCareerJobs();
}

/** Every portfolio item, for /Portfolio, which shows them all (none under maintenance). */
export async function allPortfolio(): Promise<PortfolioItem[]> {
  return isMaintenance ? [] : contentSource().allPortfolio();
}
