import { POST_KINDS } from '~/contract/posts';
import { careerPath, jobPath, portfolioPath } from './item-paths';
import { postPath } from './paths';
import { PORTFOLIO_KIND_ORDER } from './portfolio-kinds';
import { allCareerJobs, allCareers, allPortfolio } from './site-collections';
import { allPosts } from './site-content';

/**
 * The main address of every content item the build writes, for the sitemap: every post under its
 * kind's own list (news under /News; the /Berita, id and Detail forms name the same posts), every
 * career and job, the portfolio kinds and items. Nothing while the tenant is under maintenance.
 */
export async function contentAddresses(): Promise<string[]> {
  const [posts, careers, jobs, portfolio] = await Promise.all([
    Promise.all(POST_KINDS.map((kind) => allPosts(kind))),
    allCareers(),
    allCareerJobs(),
    allPortfolio(),
  ]);
  return [
    ...posts.flat().map((post) => postPath(post)),
    ...careers.map(careerPath),
    ...jobs.map(jobPath),
    ...PORTFOLIO_KIND_ORDER.map((kind) => portfolioPath(kind)),
    ...portfolio.map((item) => portfolioPath(item.kind, item.slug)),
  ];
}
