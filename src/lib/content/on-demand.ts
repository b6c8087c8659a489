import { SlugSchema } from '~/contract/posts';
import { CLASS_LIST_PATH } from '~/lib/catalogue/class-query';

/** The query of a list page rendered on demand: `?page=`, `?search=` and `?category=`. */
export interface ListQuery {
  page: number;
  search?: string | undefined;
  category?: string | undefined;
}

/** The list query of the page being rendered: a built page 1 has none; an on-demand page reads its address's. */
export function listQueryOf(astro: { url: URL; response: { headers: Headers } }): ListQuery {
  const query = readListQuery(astro.url.searchParams);
  // A later or filtered list page is not a page of its own for search engines (its links are followed).
  if (query.page > 1 || query.search || query.category) astro.response.headers.set('X-Robots-Tag', 'noindex, follow');
  return query;
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
  '/Leaderboards': 'leaderboard',
} as const;

/**
 * Whether `pathname` is a list page that answers `?page=` (and post lists `?search=`, `?category=`;
 * /Class its own filters, read by lib/catalogue/class-query.ts).
 */
export function isListPage(pathname: string): boolean {
  return (POST_LIST_PAGES as readonly string[]).includes(pathname) || pathname in PAGED_LIST_PAGES || pathname === CLASS_LIST_PATH;
}
