import type { PostCategory, PostKind, PostSummary } from '~/contract/posts';
import type { ApiClient } from '~/lib/api/client';
import { listCategories, listPosts, type Page } from '~/lib/api/posts';
import { type LoadResult, load } from './loaders';
import type { ListQuery } from './on-demand';

/** Pages of post lists (post list families, events, programs) with their filter links, through v3/post/list. */

/**
 * One page of a post kind's list in the API's order (newest first), with the search and category of
 * the query, and the kind's categories for the filter links; `isParent` for the top-level programs.
 * A failed list is null; failed categories are none.
 */
export async function loadPostPage(
  client: ApiClient,
  list: { kindSlug: PostKind; pageSize: number; isParent?: boolean },
  query: ListQuery,
): Promise<{ list: LoadResult<Page<PostSummary>, null>; categories: PostCategory[] }> {
  const paging = { page: query.page, pageSize: list.pageSize, search: query.search, categorySlug: query.category };
  const [page, categories] = await Promise.all([
    load(() => listPosts(client, { kindSlug: list.kindSlug, isParent: list.isParent, ...paging }), { fallback: null }),
    loadKindCategories(client, list.kindSlug),
  ]);
  return { list: page, categories };
}

/** Every category of a post kind, for a list's filter links; none when they fail to load. */
export async function loadKindCategories(client: ApiClient, kindSlug: PostKind): Promise<PostCategory[]> {
  const categories = await load(() => listCategories(client, { kindSlug, all: true }), { fallback: null });
  return categories.data?.items ?? [];
}
