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

/** The canonical address of a post's detail page. */
export function postPath(post: { kindSlug: PostKind; id: number; slug: string }): string {
  switch (post.kindSlug) {
    case 'blog':
      return `/Blog/${post.id}/${post.slug}`;
    case 'program':
      return `/Event/Program/${post.id}/${post.slug}`;
    case 'articles':
      return `/Articles/${post.slug}`;
    default:
      return `${LIST_PATHS[post.kindSlug]}/${post.slug}`;
  }
}

/** A list page's address for a page number and filters; page 1 without filters is the static page. */
export function listPath(base: string, query: { page?: number; search?: string | undefined; category?: string | undefined }): string {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.category) params.set('category', query.category);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `${base}?${text}` : base;
}

/** A date as Indonesian readers write it: `14 Agustus 2025`. */
export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Jakarta' }).format(
    new Date(iso),
  );
}
