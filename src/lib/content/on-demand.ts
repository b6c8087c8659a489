import { SlugSchema } from '~/contract/posts';

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

/** First path segments of the content whose items (or list pages) can be rendered on demand. */
export const CONTENT_ROOTS = new Set([
  'News',
  'Berita',
  'Blog',
  'Podcasts',
  'Tulisan-Temans',
  'Articles',
  'Event',
  'Career',
  'Gallery',
  'Portfolio',
]);

/** Whether `pathname` is a list page that answers `?page=` (and post lists `?search=`, `?category=`). */
export function isListPage(pathname: string): boolean {
  return (POST_LIST_PAGES as readonly string[]).includes(pathname) || pathname in PAGED_LIST_PAGES;
}

/** Whether a request for `pathname` (not found among the built files) may be rendered on demand. */
export function rendersOnDemand(pathname: string): boolean {
  return CONTENT_ROOTS.has(pathname.split('/')[1] ?? '');
}
