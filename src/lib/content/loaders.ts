import type { Career, CareerJob } from '~/contract/careers';
import type { Paged } from '~/contract/paged';
import { ApiRequestError, normalizeError } from '~/lib/api/errors';
import { contentSource } from './source';

/**
 * The data loaders of SPEC §4: each load keeps a boolean `status` and a `message`. A failure never
 * throws: `status` is false, `message` holds the error's message as `normalizeError` gives it (the
 * server's own message when it sent one), and `error` keeps the whole error so a page can tell a
 * 404 from an outage. Framework-free: pages, islands and stores all call these.
 */

/** A load that worked. */
export interface Loaded<T> {
  status: true;
  message: string;
  data: T;
}

/** A load that failed; `data` is the loader's fallback (`undefined` unless the loader says otherwise). */
export interface LoadFailed<F> {
  status: false;
  message: string;
  data: F;
  error: ApiRequestError;
}

export type LoadResult<T, F = undefined> = Loaded<T> | LoadFailed<F>;

export interface LoadOptions<T, F> {
  /** `data` after a failure. */
  fallback?: F;
  /** The message of a success; `'OK'` when left out. */
  success?: (data: T) => string;
  /** The message of a failure, from the normalised error's message; that message as it is when left out. */
  failure?: (message: string, error: ApiRequestError) => string;
}

/** Runs `fn` and keeps its outcome as status, message and data (SPEC §4 "Data loaders"). */
export async function load<T, F = undefined>(fn: () => Promise<T>, options: LoadOptions<T, F> = {}): Promise<LoadResult<T, F>> {
  try {
    const data = await fn();
    return { status: true, message: options.success ? options.success(data) : 'OK', data };
  } catch (thrown) {
    const error = normalizeError(thrown);
    return {
      status: false,
      message: options.failure ? options.failure(error.message, error) : error.message,
      data: options.fallback as F,
      error,
    };
  }
}

/** The exact message prefixes of SPEC §4 for the career loaders. */
export const CAREER_MESSAGES = {
  listCareer: { success: 'Success fetch list Career: ', failure: 'Failed fetch list Career: ' },
  listJob: { success: 'Success fetch list Job: ', failure: 'Failed fetch list Job: ' },
  detailCareer: { success: 'Success fetch detail Career: ', failure: 'Failed fetch detail Career: ' },
} as const;

/** What the API answers for an item it does not have: a 404 with its message. */
function notFound(message: string): never {
  throw new ApiRequestError(404, message);
}

const pageNote = (page: Paged<unknown>) => `${page.items.length} of ${page.totalItems} (page ${page.page} of ${page.totalPages})`;

/**
 * GET career/list. Message: 'Success fetch list Career: ' + `{items} of {total} (page {p} of {pages})`,
 * or 'Failed fetch list Career: ' + the error message; `data` is undefined after a failure.
 */
export function loadCareers(query: { page: number; pageSize: number }): Promise<LoadResult<Paged<Career>>> {
  const { success, failure } = CAREER_MESSAGES.listCareer;
  return load(() => contentSource().listCareers(query), {
    success: (page) => success + pageNote(page),
    failure: (message) => failure + message,
  });
}

/**
 * GET career/job/list. Message: 'Success fetch list Job: ' + `{items} of {total} (page {p} of {pages})`,
 * or 'Failed fetch list Job: ' + the error message; `data` is undefined after a failure.
 */
export function loadCareerJobs(query: { careerId: number; page: number; pageSize: number }): Promise<LoadResult<Paged<CareerJob>>> {
  const { success, failure } = CAREER_MESSAGES.listJob;
  return load(async () => (await contentSource().listCareerJobs(query)) ?? notFound(`Karier ${query.careerId} tidak ditemukan`), {
    success: (page) => success + pageNote(page),
    failure: (message) => failure + message,
  });
}

/**
 * GET career/detail?slug. Message: 'Success fetch detail Career: ' + the career's slug, or
 * 'Failed fetch detail Career: ' + the error message; `data` is undefined after a failure.
 */
export function loadCareer(slug: string): Promise<LoadResult<Career>> {
  const { success, failure } = CAREER_MESSAGES.detailCareer;
  return load(async () => (await contentSource().getCareer(slug)) ?? notFound('Karier tidak ditemukan'), {
    success: (career) => success + career.slug,
    failure: (message) => failure + message,
  });
}
