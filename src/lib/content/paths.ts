import type { PostKind } from '~/contract/posts';

/** The list page of each post kind (SPEC §2 routes). */
export const LIST_PATHS: Record<PostKind, string> = {
  news: '/News',
  blog: '/Blog',
  articles: '/Articles',
  podcasts: '/Podcasts',
  'tulisan-temans': '/Tulisan-Temans',
  event: '/Event',
  program: '/Event/Program',
};

/**
 * The canonical address of a post's detail page; `base` replaces the kind's list path where a kind
 * has a second address (news under /Berita as well as /News).
 */
export function postPath(post: { kindSlug: PostKind; id: number; slug: string }, base = LIST_PATHS[post.kindSlug]): string {
  switch (post.kindSlug) {
    case 'blog':
    case 'program':
      return `${base}/${post.id}/${post.slug}`;
    default:
      return `${base}/${post.slug}`;
  }
}

/** The Indonesian address of the news kind (coding-school and main sites): /Berita, /Berita/{slug}, /Berita/Detail/{id}/{title?}. */
export const BERITA_PATH = '/Berita';

/** A list page's address for a page number and filters; page 1 without filters is the static page. */
export function listPath(base: string, query: { page?: number; search?: string | undefined; category?: string | undefined }): string {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.category) params.set('category', query.category);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `${base}?${text}` : base;
}

/**
 * The page numbers a list links to: the first and the last, and the pages around the current one,
 * with `null` where numbers are left out (shown as '…'). A list of 500 pages gets 9 links, not 500;
 * every page stays reachable through the links of its neighbours.
 */
export function pageWindow(page: number, totalPages: number, around = 2): (number | null)[] {
  const shown = new Set([1, totalPages]);
  for (let n = page - around; n <= page + around; n++) if (n >= 1 && n <= totalPages) shown.add(n);
  const numbers = [...shown].filter((n) => n >= 1).sort((a, b) => a - b);
  return numbers.flatMap((n, index) => {
    const previous = numbers[index - 1];
    if (previous === undefined || n === previous + 1) return [n];
    // A gap of one page shows that page rather than '…'.
    return n === previous + 2 ? [previous + 1, n] : [null, n];
  });
}
