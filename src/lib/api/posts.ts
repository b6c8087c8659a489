import type { Paged } from '~/contract/paged';
import {
  type CategoryListQuerySchema,
  CategoryListResponseSchema,
  CategoryResponseSchema,
  DeletedResponseSchema,
  type GalleryItem,
  type GalleryListQuerySchema,
  GalleryListResponseSchema,
  type KindListQuerySchema,
  type KindSlugSchema,
  type LegacyPostListQuerySchema,
  ManagedCategoryListResponseSchema,
  type ManagedPost,
  type ManagedPostDetailQuerySchema,
  type ManagedPostListQuerySchema,
  ManagedPostListResponseSchema,
  ManagedPostResponseSchema,
  type ManagedPostSummary,
  type Post,
  type PostAuthor,
  PostAuthorsResponseSchema,
  type PostCategory,
  type PostCategoryListItem,
  type PostCreate,
  type PostDetailQuerySchema,
  type PostKind,
  type PostListQuerySchema,
  PostListResponseSchema,
  PostResponseSchema,
  type PostSummary,
  type PostUpdate,
  PostViewResponseSchema,
} from '~/contract/posts';
import type { ApiClient, RequestOptions } from './client';

/** What a contract schema parses to, read off its `parse`, so that this module needs nothing of zod. */
export type Parsed<S extends { parse(input: unknown): unknown }> = ReturnType<S['parse']>;

/** A query as a caller writes it: the contract's parsed query, with the fields the server defaults made optional. */
export type QueryOf<S extends { parse(input: unknown): unknown }, Defaulted extends keyof Parsed<S>> = Omit<Parsed<S>, Defaulted> &
  Partial<Pick<Parsed<S>, Defaulted>>;

/** The query option of `client.call`: contract queries are flat records of strings, numbers and booleans. */
export const asQuery = (query: object) => query as Record<string, string | number | boolean | undefined>;

/** GET v3/post/list query; 10 per page and newest first unless said otherwise. */
export type PostListParams = QueryOf<typeof PostListQuerySchema, 'page' | 'pageSize' | 'sort'>;
/** GET v3/post/detail query: the kind and an id or a slug. */
export type PostDetailParams = Parsed<typeof PostDetailQuerySchema>;
/** A post or a category named by kind and slug. */
export type KindSlug = Parsed<typeof KindSlugSchema>;
/** GET v3/post/kind/category/list query; by name unless said otherwise, `all` for every one on one page. */
export type CategoryListParams = QueryOf<typeof CategoryListQuerySchema, 'page' | 'pageSize' | 'sort'>;
/** GET v1/post/article/list, v2/post/category and v1/podcast/list query; 6 per page by default (SPEC §9). */
export type KindListParams = Partial<Parsed<typeof KindListQuerySchema>>;
/** GET v1/post/list query: `kind` (news by default), the category slug as `type`, and `active`. */
export type LegacyPostListParams = Partial<Parsed<typeof LegacyPostListQuerySchema>>;
/** GET v1/post/gallery/list query; 6 per page by default. */
export type GalleryListParams = Partial<Parsed<typeof GalleryListQuerySchema>>;

/** GET v3/post/manage/list query; 20 per page (at most 50) unless said otherwise. */
export type ManagedPostListParams = QueryOf<typeof ManagedPostListQuerySchema, 'page' | 'pageSize'>;
/** GET v3/post/manage/detail query: the kind and the post's id. */
export type ManagedPostDetailParams = Parsed<typeof ManagedPostDetailQuerySchema>;

/** POST v3/post/kind/category/create body; the slug is made from the name when left out. */
export interface CategoryCreate {
  kindSlug: PostKind;
  name: string;
  slug?: string;
  description?: string;
}
/** POST v3/post/kind/category/update body: the kind plus any field to change. */
export type CategoryUpdate = Partial<CategoryCreate> & { kindSlug: PostKind };

/** What a stored appointment request answers with. */

const read = (query: object | undefined, options?: RequestOptions) => ({ ...options, query: asQuery(query ?? {}) });
const write = (body: unknown, options?: RequestOptions) => ({ ...options, method: 'POST' as const, body });

/** GET v3/post/list: one page of a kind's visible posts (search, category, sort, excludeId, isParent). */
export async function listPosts(client: ApiClient, query: PostListParams, options?: RequestOptions): Promise<Paged<PostSummary>> {
  return (await client.call('main', 'v3/post/list', PostListResponseSchema, read(query, options))).data;
}

/** GET v3/post/detail: one visible post by kind and id or slug; 404 when there is none. */
export async function getPost(client: ApiClient, query: PostDetailParams, options?: RequestOptions): Promise<Post> {
  return (await client.call('main', 'v3/post/detail', PostResponseSchema, read(query, options))).data;
}

/** GET v3/post/view: counts one view of a visible post and answers with the new count. A background call: no progress bar unless `options.progress` asks. */
export async function viewPost(client: ApiClient, query: KindSlug, options?: RequestOptions): Promise<{ id: number; views: number }> {
  return (await client.call('main', 'v3/post/view', PostViewResponseSchema, read(query, { progress: false, ...options }))).data;
}

/** POST v3/post/create (writer, admin or superadmin): the post as stored, its HTML sanitised. */
export async function createPost(client: ApiClient, post: PostCreate, options?: RequestOptions): Promise<Post> {
  return (await client.call('main', 'v3/post/create', PostResponseSchema, write(post, options))).data;
}

/**
 * POST v3/post/update?slug (writer, admin or superadmin): changes the post of `changes.kindSlug` called
 * `slug` and answers it with its new `version`. With `changes.version`, 409 when someone saved since.
 */
export async function updatePost(client: ApiClient, slug: string, changes: PostUpdate, options?: RequestOptions): Promise<Post> {
  return (await client.call('main', 'v3/post/update', PostResponseSchema, { ...write(changes, options), query: { slug } })).data;
}

/**
 * POST v3/post/update?id (writer, admin or superadmin): as `updatePost`, the post found by id, answered
 * as the console reads it (status, isActive, the new version). The console sends the `version` it
 * loaded: 409 (`Tulisan ini sudah diubah orang lain …`) when the post was saved by someone else since,
 * and nothing is written. Publishing, unpublishing and scheduling are such updates (`isActive`, `publishedAt`).
 */
export async function updatePostById(client: ApiClient, id: number, changes: PostUpdate, options?: RequestOptions): Promise<ManagedPost> {
  return (await client.call('main', 'v3/post/update', ManagedPostResponseSchema, { ...write(changes, options), query: { id } })).data;
}

/** GET v3/post/manage/list (writer, admin or superadmin): a page of a kind's posts of every status, newest change first. */
export async function listManagedPosts(
  client: ApiClient,
  query: ManagedPostListParams,
  options?: RequestOptions,
): Promise<Paged<ManagedPostSummary>> {
  return (await client.call('main', 'v3/post/manage/list', ManagedPostListResponseSchema, read(query, options))).data;
}

/** GET v3/post/manage/detail (writer, admin or superadmin): one post by kind and id, drafts and scheduled ones too; 404 when there is none. */
export async function getManagedPost(client: ApiClient, query: ManagedPostDetailParams, options?: RequestOptions): Promise<ManagedPost> {
  return (await client.call('main', 'v3/post/manage/detail', ManagedPostResponseSchema, read(query, options))).data;
}

/** GET v3/post/manage/authors (writer, admin or superadmin): a kind's authors by name with their number of posts, for the author filter. */
export async function listPostAuthors(client: ApiClient, kindSlug: PostKind, options?: RequestOptions): Promise<PostAuthor[]> {
  return (await client.call('main', 'v3/post/manage/authors', PostAuthorsResponseSchema, read({ kindSlug }, options))).data;
}

/** POST v3/post/delete (writer, admin or superadmin): answers with the deleted post's id; with `version`, 409 when the post changed since. */
export async function deletePost(
  client: ApiClient,
  post: KindSlug & { version?: number },
  options?: RequestOptions,
): Promise<{ id: number }> {
  return (await client.call('main', 'v3/post/delete', DeletedResponseSchema, write(post, options))).data;
}

/** GET v3/post/kind/category/list: a page of one kind's categories, each with its number of visible posts (`totalPosts`). */
export async function listCategories(client: ApiClient, query: CategoryListParams, options?: RequestOptions): Promise<Paged<PostCategory>> {
  return (await client.call('main', 'v3/post/kind/category/list', CategoryListResponseSchema, read(query, options))).data;
}

/** GET v3/post/manage/categories (writers): the same page, each category also with all its posts, drafts and scheduled ones too (`posts`). */
export async function listManagedCategories(
  client: ApiClient,
  query: CategoryListParams,
  options?: RequestOptions,
): Promise<Paged<PostCategoryListItem>> {
  return (await client.call('main', 'v3/post/manage/categories', ManagedCategoryListResponseSchema, read(query, options))).data;
}

/** GET v3/post/kind/category/detail: one category by kind and slug. */
export async function getCategory(client: ApiClient, query: KindSlug, options?: RequestOptions): Promise<PostCategory> {
  return (await client.call('main', 'v3/post/kind/category/detail', CategoryResponseSchema, read(query, options))).data;
}

/** POST v3/post/kind/category/create (writer, admin or superadmin). */
export async function createCategory(client: ApiClient, category: CategoryCreate, options?: RequestOptions): Promise<PostCategory> {
  return (await client.call('main', 'v3/post/kind/category/create', CategoryResponseSchema, write(category, options))).data;
}

/** POST v3/post/kind/category/update?slug (writer, admin or superadmin). */
export async function updateCategory(
  client: ApiClient,
  slug: string,
  changes: CategoryUpdate,
  options?: RequestOptions,
): Promise<PostCategory> {
  const call = { ...write(changes, options), query: { slug } };
  return (await client.call('main', 'v3/post/kind/category/update', CategoryResponseSchema, call)).data;
}

/** POST v3/post/kind/category/delete (writer, admin or superadmin); 409 (`Kategori ini dipakai oleh N tulisan; …`) while any post is in it. */
export async function deleteCategory(client: ApiClient, category: KindSlug, options?: RequestOptions): Promise<{ id: number }> {
  return (await client.call('main', 'v3/post/kind/category/delete', DeletedResponseSchema, write(category, options))).data;
}

/** GET v1/post/article/list: a page of articles (search, categorySlug, excludeId). */
export async function listArticles(client: ApiClient, query?: KindListParams, options?: RequestOptions): Promise<Paged<PostSummary>> {
  return (await client.call('main', 'v1/post/article/list', PostListResponseSchema, read(query, options))).data;
}

/** GET v1/post/detail?id: one visible post of any kind by id. */
export async function getPostById(client: ApiClient, id: number, options?: RequestOptions): Promise<Post> {
  return (await client.call('main', 'v1/post/detail', PostResponseSchema, read({ id }, options))).data;
}

/** GET v2/post/category: a page of blog posts, optionally of one category (`categorySlug`). */
export async function listBlogByCategory(client: ApiClient, query?: KindListParams, options?: RequestOptions): Promise<Paged<PostSummary>> {
  return (await client.call('main', 'v2/post/category', PostListResponseSchema, read(query, options))).data;
}

/** GET v1/post/list: the older list call (`kind`, category slug as `type`, `active`). */
export async function listPostsLegacy(
  client: ApiClient,
  query?: LegacyPostListParams,
  options?: RequestOptions,
): Promise<Paged<PostSummary>> {
  return (await client.call('main', 'v1/post/list', PostListResponseSchema, read(query, options))).data;
}

/** GET v1/post/gallery/list?page: a page of the gallery. */
export async function listGallery(client: ApiClient, query?: GalleryListParams, options?: RequestOptions): Promise<Paged<GalleryItem>> {
  return (await client.call('main', 'v1/post/gallery/list', GalleryListResponseSchema, read(query, options))).data;
}

/** GET v1/podcast/list: a page of podcast episodes (search, categorySlug). */
export async function listPodcasts(client: ApiClient, query?: KindListParams, options?: RequestOptions): Promise<Paged<PostSummary>> {
  return (await client.call('main', 'v1/podcast/list', PostListResponseSchema, read(query, options))).data;
}

/** GET v1/podcast/detail?id: one podcast episode. */
export async function getPodcast(client: ApiClient, id: number, options?: RequestOptions): Promise<Post> {
  return (await client.call('main', 'v1/podcast/detail', PostResponseSchema, read({ id }, options))).data;
}
