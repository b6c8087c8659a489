import type { Career } from '~/contract/careers';
import type { PortfolioItem } from '~/contract/portfolio';
import type { Post } from '~/contract/posts';
import { type CareerJobDetail, getCareer, getCareerJob } from '~/lib/api/careers';
import type { ApiClient } from '~/lib/api/client';
import { ApiRequestError } from '~/lib/api/errors';
import { getPortfolio } from '~/lib/api/portfolio';
import { getPost } from '~/lib/api/posts';
import { type DetailRequest, detailRequest, type ListFamilyName, listFamilyOf } from './families';
import { isPortfolioKind, type PortfolioKind } from './item-paths';
import { matchesItemRoute, PAGED_LIST_PAGES, type PagedListName } from './on-demand';
import { preloadTarget } from './preload';

/** What the on-demand content route shows: a list page, or an item and how to find it. */
export type OnDemandPage =
  | { view: 'post-list'; family: ListFamilyName }
  | { view: 'paged-list'; list: PagedListName }
  | { view: 'post'; request: DetailRequest }
  | { view: 'event'; slug: string }
  | { view: 'program'; id: number }
  | { view: 'job'; id: number }
  | { view: 'career'; slug: string }
  | { view: 'portfolio'; kind: PortfolioKind; slug: string };

/**
 * What the on-demand content route shows for an address the build did not write: a list page asked
 * for with a query, or an item published after the build. No I/O; undefined is the 404 page. Items
 * are found as SPEC §2's preload reads their addresses (ids of posts, programs and jobs), and by slug
 * where the route has one (/Event/{slug}, /Career/{slug}, /Portfolio/{type}/{title}).
 */
export function onDemandPage(pathname: string): OnDemandPage | undefined {
  const family = listFamilyOf(pathname);
  if (family) return { view: 'post-list', family };
  if (pathname in PAGED_LIST_PAGES) return { view: 'paged-list', list: PAGED_LIST_PAGES[pathname as keyof typeof PAGED_LIST_PAGES] };

  const [first = '', ...rest] = pathname.split('/').slice(1);
  if (!matchesItemRoute(first, rest)) return undefined;
  const [second, third] = rest;
  switch (first) {
    case 'Event': {
      // /Event/Program/{id} and /Event/Careers/{id}: SPEC §2's preload reads the id.
      const target = preloadTarget(pathname);
      if (second === 'Program') return target?.kind === 'post-by-id' ? { view: 'program', id: target.id } : undefined;
      if (second === 'Careers') return target?.kind === 'career-job' ? { view: 'job', id: target.id } : undefined;
      return { view: 'event', slug: second ?? '' };
    }
    case 'Career':
      return { view: 'career', slug: second ?? '' };
    case 'Portfolio':
      return isPortfolioKind(second) ? { view: 'portfolio', kind: second, slug: third ?? '' } : undefined;
    case 'Articles':
      // /Articles/{slug}, the article's main address; SPEC's preload reads only the Detail forms.
      if (rest.length === 1) return { view: 'post', request: { kindSlug: 'articles', key: { slug: second ?? '' } } };
      return postPage(pathname);
    default:
      return postPage(pathname);
  }
}

function postPage(pathname: string): OnDemandPage | undefined {
  const request = detailRequest(pathname, preloadTarget);
  return request ? { view: 'post', request } : undefined;
}

/** An on-demand page with its item loaded. */
export type OnDemandContent =
  | Extract<OnDemandPage, { view: 'post-list' | 'paged-list' }>
  | { view: 'post'; post: Post; family?: ListFamilyName | undefined }
  | { view: 'event' | 'program'; post: Post }
  | { view: 'job'; job: CareerJobDetail }
  | { view: 'career'; career: Career }
  | { view: 'portfolio'; item: PortfolioItem };

/** What the API does not have (404), or refuses to look up (400: a malformed slug), is no page: undefined. */
async function found<T>(request: Promise<T>): Promise<T | undefined> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiRequestError && (error.statusCode === 404 || error.statusCode === 400)) return undefined;
    throw error;
  }
}

/**
 * Loads the item of an on-demand page through the API; undefined when there is none (the 404 page).
 * Any other failure (the API down) is thrown, for the error page. A portfolio item is shown only
 * under its own kind, as the build writes it.
 */
export async function loadOnDemand(client: ApiClient, page: OnDemandPage): Promise<OnDemandContent | undefined> {
  switch (page.view) {
    case 'post-list':
    case 'paged-list':
      return page;
    case 'post': {
      const { kindSlug, key, family } = page.request;
      const post = await found(getPost(client, { kindSlug, ...key }));
      return post && { view: 'post', post, family };
    }
    case 'event': {
      const post = await found(getPost(client, { kindSlug: 'event', slug: page.slug }));
      return post && { view: 'event', post };
    }
    case 'program': {
      const post = await found(getPost(client, { kindSlug: 'program', id: page.id }));
      return post && { view: 'program', post };
    }
    case 'job': {
      const job = await found(getCareerJob(client, page.id));
      return job && { view: 'job', job };
    }
    case 'career': {
      const career = await found(getCareer(client, page.slug));
      return career && { view: 'career', career };
    }
    case 'portfolio': {
      const item = await found(getPortfolio(client, page.slug));
      return item?.kind === page.kind ? { view: 'portfolio', item } : undefined;
    }
  }
}
