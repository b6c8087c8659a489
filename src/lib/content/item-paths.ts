import { PORTFOLIO_KINDS } from '~/contract/portfolio';

/**
 * Addresses of careers, jobs and portfolio items (SPEC §2: /Career/{slug?},
 * /Event/Careers/{id}/{slug?}, /Portfolio/{type?}/{title?}). Routes are case-sensitive.
 */

/** The career pages: a list, and one career with its jobs. */
export const CAREER_PATH = '/Career';
/** The job board: every career's jobs, and a job at /Event/Careers/{jobId}/{jobSlug}. */
export const JOB_BOARD_PATH = '/Event/Careers';
/** Portfolio items grouped by kind. */
export const PORTFOLIO_PATH = '/Portfolio';

/** A portfolio kind, the {type} of /Portfolio/{type}. */
export type PortfolioKind = (typeof PORTFOLIO_KINDS)[number];

/** Whether a path segment names a portfolio kind (exactly: routes are case-sensitive). */
export function isPortfolioKind(value: string | undefined): value is PortfolioKind {
  return (PORTFOLIO_KINDS as readonly string[]).includes(value ?? '');
}

/** `/Career/{slug}`. */
export function careerPath(career: { slug: string }): string {
  return `${CAREER_PATH}/${career.slug}`;
}

/** `/Event/Careers/{id}/{slug}`: a job is found by its id; the slug makes the address readable. */
export function jobPath(job: { id: number; slug: string }): string {
  return `${JOB_BOARD_PATH}/${job.id}/${job.slug}`;
}

/** `/Portfolio/{kind}`, or `/Portfolio/{kind}/{slug}` for one item. */
export function portfolioPath(kind: PortfolioKind, slug?: string): string {
  return slug ? `${PORTFOLIO_PATH}/${kind}/${slug}` : `${PORTFOLIO_PATH}/${kind}`;
}
