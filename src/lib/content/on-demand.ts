import { SlugSchema } from '~/contract/posts';
import { isPortfolioKind } from './item-paths';
import { idOf } from './preload';

/** The query of a list page rendered on demand: `?page=`, `?search=` and `?category=`. */
export interface ListQuery {
  page: number;
  search?: string | undefined;
  category?: string | undefined;
}

/** Query parameters that make the server render a list page on demand instead of sending the static page 1. */
export const LIST_PARAMS = ['page', 'search', 'category'] as const;

/** Reads a list query leniently: a bad page number is page 1, a bad category is ignored, search is trimmed to 100 characters. */
export function readListQuery(params: URLSearchParams): ListQuery {
  const page = Number(params.get('page'));
  const search = params.get('search')?.trim().slice(0, 100) || undefined;
  const category = SlugSchema.safeParse(params.get('category') ?? '');
  return {
    page: Number.isInteger(page) && page > 0 && page < 100_000 ? page : 1,
    search,
    category: category.success ? category.data : undefined,
  };
}

/**
 * Where the server renders content pages on demand. A prerendered route (`/News`, `/News/[slug]`)
 * would shadow an on-demand route of the same address, so the site server hands such requests to
 * one route under this prefix; it is never served to visitors directly.
 */
export const RENDERED_PREFIX = '/konten';

/**
 * The list pages: page 1 without filters is built, any other page (and, for post lists, a search or
 * a category) is rendered on demand. Post lists first, then the lists that only page.
 */
export const POST_LIST_PAGES = ['/News', '/Berita', '/Blog', '/Podcasts', '/Tulisan-Temans'] as const;
export const PAGED_LIST_PAGES = {
  '/Gallery': 'gallery',
  '/Event': 'event',
  '/Event/Program': 'program',
  '/Career': 'career',
  '/Event/Careers': 'job-board',
} as const;
export type PagedListName = (typeof PAGED_LIST_PAGES)[keyof typeof PAGED_LIST_PAGES];

/** Whether `pathname` is a list page that answers `?page=` (and post lists `?search=`, `?category=`). */
export function isListPage(pathname: string): boolean {
  return (POST_LIST_PAGES as readonly string[]).includes(pathname) || pathname in PAGED_LIST_PAGES;
}

/** Whether a request for `pathname` (not found among the built files) may be rendered on demand: a list page or an item address. */
export function rendersOnDemand(pathname: string): boolean {
  const [first = '', ...rest] = pathname.split('/').slice(1);
  return isListPage(pathname) || matchesItemRoute(first, rest);
}

const isSlug = (value: string | undefined): value is string => SlugSchema.safeParse(value ?? '').success;

/**
 * The item addresses of SPEC §2 that can be rendered on demand, segment by segment after the first:
 * a literal (case-sensitive, as every route), `:slug`, `:id` (a positive id), `:key` (a slug or an
 * id, SPEC's preload reading digits as an id), `:title` (a slug the page does not need) and `:kind`
 * (a portfolio kind). Anything else is the 404 page, whatever the API has.
 */
const ITEM_ROUTES: Record<string, readonly (readonly string[])[]> = {
  News: [[':key'], [':id', ':title']],
  Berita: [[':slug'], ['Detail', ':id'], ['Detail', ':id', ':title']],
  Blog: [[':id'], [':id', ':title']],
  Podcasts: [[':key'], [':id', ':title']],
  'Tulisan-Temans': [[':key']],
  Articles: [[':slug'], ['Detail', ':id'], ['Detail', ':id', ':title'], [':slug', 'Detail', ':id'], [':slug', 'Detail', ':id', ':title']],
  Event: [[':slug'], ['Program', ':id'], ['Program', ':id', ':title'], ['Careers', ':id'], ['Careers', ':id', ':title']],
  Career: [[':slug']],
  Portfolio: [[':kind', ':slug']],
};

const TOKENS: Record<string, (segment: string) => boolean> = {
  ':slug': isSlug,
  ':title': isSlug,
  ':id': (segment) => idOf(segment) !== undefined,
  ':key': (segment) => isSlug(segment) || idOf(segment) !== undefined,
  ':kind': isPortfolioKind,
};

/** Whether the segments after the first (`rest`) make one of the item addresses of `first`. */
export function matchesItemRoute(first: string, rest: string[]): boolean {
  return (ITEM_ROUTES[first] ?? []).some(
    (shape) => shape.length === rest.length && shape.every((token, index) => (TOKENS[token] ?? ((s) => s === token))(rest[index] ?? '')),
  );
}
