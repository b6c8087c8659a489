import type { Paged } from '~/contract/paged';
import type { PostCategory, PostKind, PostSort, PostSummary } from '~/contract/posts';
import type { PageName } from '~/lib/seo/page-meta';
import { type LoadResult, load } from './loaders';
import type { ListQuery } from './on-demand';
import { contentSource } from './source';

/** Pages of post lists (post list families, events, programs) with their filter links, through v3/post/list. */

/**
 * One page of a post kind's list in the list's order (the API's newest first unless it names one), with the search and category of
 * the query, and the kind's categories for the filter links; `isParent` for the top-level programs.
 * A failed list is null; failed categories are none.
 */
export async function loadPostPage(
  list: { kindSlug: PostKind; pageSize: number; isParent?: boolean; sort?: PostSort },
  query: ListQuery,
): Promise<{ list: LoadResult<Paged<PostSummary>, null>; categories: PostCategory[] }> {
  const paging = { page: query.page, pageSize: list.pageSize, search: query.search, categorySlug: query.category };
  const [page, categories] = await Promise.all([
    load(
      () =>
        contentSource().listPosts({ kindSlug: list.kindSlug, isParent: list.isParent, ...(list.sort && { sort: list.sort }), ...paging }),
      {
        fallback: null,
      },
    ),
    loadKindCategories(list.kindSlug),
  ]);
  return { list: page, categories };
}

/** Every category of a post kind, for a list's filter links; none when they fail to load. */
export async function loadKindCategories(kindSlug: PostKind): Promise<PostCategory[]> {
  const categories = await load(() => contentSource().categories(kindSlug), { fallback: [] });
  return categories.data;
}

/** The lists of event and program posts (SPEC §2 /Event, /Event/Program): one page component, this table. */
export interface KindList {
  kindSlug: PostKind;
  base: string;
  /** SPEC §9: 10 for posts, 6 for programs. */
  pageSize: number;
  /** Programs list their top-level ones; a parent's page lists the rest. */
  isParent?: boolean;
  /** The list's order (the API's default is newest first). */
  sort?: PostSort;
  page?: PageName;
  heading: string;
  description: string;
  /** What the list holds, in its notices: 'Belum ada event untuk "x".' */
  noun: string;
  /** The notice of an empty list without filters. */
  empty: string;
}

export const KIND_LISTS = {
  event: {
    kindSlug: 'event',
    base: '/Event',
    pageSize: 10,
    // A calendar: upcoming events soonest first, then past ones (marked "Telah Selesai").
    sort: 'schedule',
    heading: 'Event',
    description: 'Festival, workshop, webinar dan kompetisi: jadwal, tempat dan cara ikut serta.',
    noun: 'event',
    empty: 'Belum ada event yang diumumkan.',
  },
  program: {
    kindSlug: 'program',
    base: '/Event/Program',
    pageSize: 6,
    isParent: true,
    page: 'program',
    heading: 'Program',
    description: 'Bootcamp, beasiswa dan program sekolah yang kami jalankan bersama mitra.',
    noun: 'program',
    empty: 'Belum ada program.',
  },
} as const satisfies Record<string, KindList>;
export type KindListName = keyof typeof KIND_LISTS;
