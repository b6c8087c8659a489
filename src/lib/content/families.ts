import { type PostKind, SlugSchema } from '~/contract/posts';
import type { PageName } from '~/lib/seo/page-meta';
import type { ListQuery } from './on-demand';
import { loadPostPage } from './post-pages';
import { idOf, type PreloadTarget } from './preload';

/**
 * The post list pages (SPEC §2), in one table: the static page 1 and the on-demand pages (another
 * page, a search, a category, a post newer than the build) are rendered from the same entry.
 */
export interface ListFamily {
  /** The list's address, also the base of its posts' addresses. */
  base: string;
  kindSlug: PostKind;
  heading: string;
  description?: string;
  page: PageName;
  itemPage: PageName;
  /** SPEC §9: 6 for blog and podcast lists, 10 for posts. */
  pageSize: number;
  backLabel: string;
  /** Blog posts describe themselves with the first 20 words of their summary (SPEC §2). */
  blogSummary?: boolean;
  /** The list's main address when this one is a second address of the same posts (/Berita → /News). */
  canonical?: string;
}

export const LIST_FAMILIES = {
  News: {
    base: '/News',
    kindSlug: 'news',
    heading: 'Berita',
    page: 'news',
    itemPage: 'news-item',
    pageSize: 10,
    backLabel: 'Semua berita',
  },
  Berita: {
    base: '/Berita',
    canonical: '/News',
    kindSlug: 'news',
    heading: 'Berita',
    page: 'news',
    itemPage: 'news-item',
    pageSize: 10,
    backLabel: 'Semua berita',
  },
  Blog: {
    base: '/Blog',
    kindSlug: 'blog',
    heading: 'Blog',
    description: 'Cerita, tips belajar dan kisah karier dari para pembelajar.',
    page: 'blog',
    itemPage: 'blog-item',
    pageSize: 6,
    backLabel: 'Semua tulisan blog',
    blogSummary: true,
  },
  Podcasts: {
    base: '/Podcasts',
    kindSlug: 'podcasts',
    heading: 'Podcast',
    description: 'Obrolan seputar belajar, mengajar dan karier di dunia digital.',
    page: 'podcasts',
    itemPage: 'podcast-item',
    pageSize: 6,
    backLabel: 'Semua episode',
  },
  'Tulisan-Temans': {
    base: '/Tulisan-Temans',
    kindSlug: 'tulisan-temans',
    heading: 'Tulisan Teman',
    description: 'Cerita dan gagasan yang ditulis oleh teman-teman pembelajar.',
    page: 'tulisan-teman',
    itemPage: 'tulisan-teman-item',
    pageSize: 10,
    backLabel: 'Semua tulisan teman',
  },
} as const satisfies Record<string, ListFamily>;
export type ListFamilyName = keyof typeof LIST_FAMILIES;

/** The family of a list address (`/Blog` → Blog), if it is one. */
export function listFamilyOf(pathname: string): ListFamilyName | undefined {
  const name = pathname.slice(1);
  return name in LIST_FAMILIES ? (name as ListFamilyName) : undefined;
}

/** One page of a family's list and its categories (SPEC §7: v3/post/list, v2/post/category for blog, v1/podcast/list for podcasts: one query). */
export async function loadFamilyPage(name: ListFamilyName, query: ListQuery) {
  const family: ListFamily = LIST_FAMILIES[name];
  return { family, ...(await loadPostPage({ kindSlug: family.kindSlug, pageSize: family.pageSize }, query)) };
}

/** A post an on-demand detail address asks for, and the family it is shown in. */
export interface DetailRequest {
  kindSlug: PostKind;
  key: { slug: string } | { id: number };
  /** The list the post belongs to (back link, metadata); articles have none. */
  family?: ListFamilyName | undefined;
}

/**
 * The post a detail address names: the SPEC §2 preload rules, plus /Berita/{slug} and
 * /Berita/Detail/{id}/{title?}, which SPEC routes but does not preload.
 */
export function detailRequest(pathname: string, preload: (path: string) => PreloadTarget | undefined): DetailRequest | undefined {
  const [, first, second, third] = pathname.split('/');
  if (first === 'Berita') {
    if (second === 'Detail') {
      const id = idOf(third);
      return id ? { kindSlug: 'news', key: { id }, family: 'Berita' } : undefined;
    }
    return second && !third && SlugSchema.safeParse(second).success
      ? { kindSlug: 'news', key: { slug: second }, family: 'Berita' }
      : undefined;
  }
  const target = preload(pathname);
  if (target?.kind !== 'post' && target?.kind !== 'post-by-id') return undefined;
  const family = (Object.keys(LIST_FAMILIES) as ListFamilyName[]).find(
    (name) => name !== 'Berita' && LIST_FAMILIES[name].kindSlug === target.kindSlug && first === name,
  );
  if (!family && target.kindSlug !== 'articles') return undefined;
  return { kindSlug: target.kindSlug, key: target.kind === 'post' ? { slug: target.slug } : { id: target.id }, family };
}
