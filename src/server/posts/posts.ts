import { and, asc, type Column, count, desc, eq, getTableName, gt, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Paged } from '~/contract/paged';
import type { ManagedPost, Post, PostCreateSchema, PostKind, PostListQuery, PostSummary, PostUpdateSchema } from '~/contract/posts';
import { sanitizeHtml } from '~/lib/html/sanitize';
import type { Db } from '../db/client';
import { sqlState, UNIQUE_VIOLATION } from '../db/errors';
import { postCategories, posts } from '../db/schema';
import { type FieldError, fail, failOn } from '../platform/errors';
import { pageOf } from '../platform/paging';
import { insertWithFreeSlug, slugify } from '../platform/slugs';
import { findManagedPost } from './manage';
import { detailColumns, searchMatches, summaryColumns, toSummary, visible } from './rows';

/**
 * `"table"."column"`, for an outer column inside a correlated subquery: drizzle leaves the columns
 * of a one-table select unqualified, and a bare `"id"` in `(select … from posts where …)` is the
 * subquery's own.
 */
export const qualified = (column: Column) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** The ORDER BY of a list; only the one asked for is built (building SQL is a list call's main cost). */
function orderOf(sort: NonNullable<ListFilter['sort']>, now: Date): SQL[] {
  switch (sort) {
    case 'schedule': {
      // Details are validated on write; a value that is not an ISO time still must not fail the whole list.
      const moment = (key: string) =>
        sql`case when ${posts.details}->>${key} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T' then (${posts.details}->>${key})::timestamptz end`;
      const starts = sql`coalesce(${moment('startsAt')}, ${posts.publishedAt})`;
      const ended = sql`coalesce(${moment('endsAt')}, ${moment('startsAt')}, ${posts.publishedAt}) < ${now.toISOString()}::timestamptz`;
      return [asc(ended), sql`case when ${ended} then null else ${starts} end asc`, sql`${starts} desc`, desc(posts.id)];
    }
    case 'oldest':
      return [asc(posts.publishedAt), asc(posts.id)];
    case 'popular':
      return [desc(posts.views), desc(posts.publishedAt)];
    case 'title':
      return [asc(posts.title), asc(posts.id)];
    default:
      return [desc(posts.publishedAt), desc(posts.id)];
  }
}

export interface ListFilter extends Partial<Omit<PostListQuery, 'kindSlug' | 'page' | 'pageSize'>> {
  kindSlug: PostKind;
  page: number;
  pageSize: number;
}

/**
 * One page of a tenant's posts of a kind. Search is PostgreSQL full text with the Indonesian
 * stemmer (so "pelatihan" finds "latih"), plus a title substring match for partial words.
 */
export async function listPosts(db: Db, lmsId: string, filter: ListFilter, now = new Date()): Promise<Paged<PostSummary>> {
  const conditions: (SQL | undefined)[] = [eq(posts.lmsId, lmsId), eq(posts.kindSlug, filter.kindSlug), visible(now)];
  if (filter.search) conditions.push(searchMatches(filter.search));
  if (filter.categoryId !== undefined) conditions.push(eq(posts.categoryId, filter.categoryId));
  if (filter.categorySlug !== undefined) conditions.push(eq(postCategories.slug, filter.categorySlug));
  if (filter.excludeId !== undefined) conditions.push(ne(posts.id, filter.excludeId));
  if (filter.isParent !== undefined) conditions.push(filter.isParent ? isNull(posts.parentId) : isNotNull(posts.parentId));
  const where = and(...conditions);
  const order = orderOf(filter.sort ?? 'newest', now);

  const [total] = await db
    .select({ value: count() })
    .from(posts)
    .leftJoin(postCategories, eq(postCategories.id, posts.categoryId))
    .where(where);
  const rows = await db
    .select(summaryColumns)
    .from(posts)
    .leftJoin(postCategories, eq(postCategories.id, posts.categoryId))
    .where(where)
    .orderBy(...order)
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  return pageOf(rows.map(toSummary), filter.page, filter.pageSize, total?.value ?? 0);
}

/**
 * One post by kind and id or slug (any kind when `kindSlug` is omitted and an id is given); visitors
 * see only visible posts, writers reading back their own write see drafts too (`includeHidden`).
 */
export async function findPost(
  db: Db,
  lmsId: string,
  key: { kindSlug?: PostKind | undefined; id?: number | undefined; slug?: string | undefined },
  options: { now?: Date; includeHidden?: boolean } = {},
): Promise<Post | undefined> {
  const conditions = [eq(posts.lmsId, lmsId)];
  if (!options.includeHidden) conditions.push(visible(options.now ?? new Date()));
  if (key.kindSlug) conditions.push(eq(posts.kindSlug, key.kindSlug));
  if (key.id !== undefined) conditions.push(eq(posts.id, key.id));
  if (key.slug !== undefined) conditions.push(eq(posts.slug, key.slug));
  const [row] = await db
    .select(detailColumns)
    .from(posts)
    .leftJoin(postCategories, eq(postCategories.id, posts.categoryId))
    .where(and(...conditions))
    .limit(1);
  if (!row) return undefined;
  // Sanitised on write; again on the way out, so rows written before a rule was tightened are safe too.
  return { ...toSummary(row), content: sanitizeHtml(row.content), updatedAt: row.updatedAt.toISOString(), version: row.version };
}

/**
 * Every visible post of a tenant with its content, in one query: what a build shows on the posts'
 * own pages. Bodies as stored (sanitised on write): the pages sanitise what they show again when
 * they render, in the build's render processes, so this read does not do it a third time.
 */
export async function listPostDetails(db: Db, lmsId: string, now = new Date()): Promise<Post[]> {
  const rows = await db
    .select(detailColumns)
    .from(posts)
    .leftJoin(postCategories, eq(postCategories.id, posts.categoryId))
    .where(and(eq(posts.lmsId, lmsId), visible(now)));
  return rows.map((row) => ({ ...toSummary(row), content: row.content, updatedAt: row.updatedAt.toISOString(), version: row.version }));
}

/** When the next scheduled post of a tenant becomes visible (an active post published in the future), if any. */
export async function nextPublication(db: Db, lmsId: string, now = new Date()): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: sql<Date | null>`min(${posts.publishedAt})` })
    .from(posts)
    .where(and(eq(posts.lmsId, lmsId), eq(posts.isActive, true), gt(posts.publishedAt, now)));
  return row?.at ? new Date(row.at) : undefined;
}

/**
 * A visible post's id and views after this view; undefined when there is none (a draft or a post not
 * yet published counts as none). The view is counted when `counts(postId)` says so (by default always):
 * the route asks whether this visitor already viewed the post today.
 */
export async function recordView(
  db: Db,
  lmsId: string,
  kindSlug: PostKind,
  slug: string,
  options: { now?: Date; counts?: (postId: number) => Promise<boolean> } = {},
): Promise<{ id: number; views: number } | undefined> {
  const where = and(eq(posts.lmsId, lmsId), eq(posts.kindSlug, kindSlug), eq(posts.slug, slug), visible(options.now ?? new Date()));
  const [post] = await db.select({ id: posts.id, views: posts.views }).from(posts).where(where).limit(1);
  if (!post || (options.counts && !(await options.counts(post.id)))) return post;
  const [row] = await db
    .update(posts)
    .set({ views: sql`${posts.views} + 1` })
    .where(eq(posts.id, post.id))
    .returning({ id: posts.id, views: posts.views });
  return row;
}

async function checkReferences(
  db: Db,
  lmsId: string,
  kindSlug: PostKind,
  input: { categoryId?: number | null | undefined; parentId?: number | null | undefined },
  selfId?: number,
): Promise<FieldError | undefined> {
  if (input.categoryId) {
    const [category] = await db
      .select({ id: postCategories.id })
      .from(postCategories)
      .where(and(eq(postCategories.id, input.categoryId), eq(postCategories.lmsId, lmsId), eq(postCategories.kindSlug, kindSlug)));
    if (!category) return { field: 'categoryId', message: `kategori ${input.categoryId} tidak ada untuk ${kindSlug}` };
  }
  if (input.parentId) {
    if (input.parentId === selfId) return { field: 'parentId', message: 'post tidak bisa menjadi induk dirinya sendiri' };
    const [parent] = await db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.id, input.parentId), eq(posts.lmsId, lmsId), eq(posts.kindSlug, kindSlug)));
    if (!parent) return { field: 'parentId', message: `post induk ${input.parentId} tidak ada untuk ${kindSlug}` };
  }
  return undefined;
}

const slugTaken = (db: Db, lmsId: string, kindSlug: string, exceptId?: number) => async (slug: string) => {
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.lmsId, lmsId), eq(posts.kindSlug, kindSlug), eq(posts.slug, slug), exceptId ? ne(posts.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
};

/** SQLSTATE of a concurrent write having removed what the row refers to (a unique violation: db/errors.ts). */
const FOREIGN_KEY_VIOLATION = '23503';

/** 409 naming the `slug` field. */
const slugInUse = (slug: string) => failOn('slug', 'slugTaken', { slug });

/** 400 naming the field a reference check found wrong. */
const badReference = (invalid: FieldError) => fail('invalid', { fields: [invalid] });

/**
 * A failed write, thrown as the refusal a concurrent write explains: the slug taken meanwhile (409),
 * or the category or parent deleted meanwhile (400, named as `checkReferences` names it). Else rethrown.
 */
async function refusedWrite(error: unknown, recheck: () => Promise<FieldError | undefined>, slug: string | undefined): Promise<never> {
  const state = sqlState(error);
  if (state === UNIQUE_VIOLATION && slug) throw slugInUse(slug);
  const invalid = state === FOREIGN_KEY_VIOLATION ? await recheck() : undefined;
  if (invalid) throw badReference(invalid);
  throw error;
}

/**
 * Creates a post of the caller's tenant and answers it; a given slug must be free (`slugTaken`
 * otherwise, also when a concurrent create takes it first), a generated one is made free, retried
 * past concurrent creates. A category or parent that is not the tenant's, of the kind: `invalid`.
 */
export async function createPost(db: Db, lmsId: string, input: z.output<typeof PostCreateSchema>): Promise<Post> {
  const recheck = () => checkReferences(db, lmsId, input.kindSlug, input);
  const invalid = await recheck();
  if (invalid) throw badReference(invalid);
  const insert = async (slug: string) => {
    const [row] = await db
      .insert(posts)
      .values({
        lmsId,
        kindSlug: input.kindSlug,
        slug,
        title: input.title,
        summary: input.summary,
        content: sanitizeHtml(input.content),
        cover: input.cover,
        author: input.author,
        categoryId: input.categoryId ?? null,
        parentId: input.parentId ?? null,
        tags: input.tags,
        details: input.details,
        isActive: input.isActive,
        ...(input.publishedAt ? { publishedAt: new Date(input.publishedAt) } : {}),
      })
      // The unique slug index decides between concurrent creates; the loser gets no row, not an error.
      .onConflictDoNothing()
      .returning({ id: posts.id });
    return row;
  };
  let row: { id: number } | undefined;
  try {
    row = input.slug
      ? await insert(input.slug)
      : await insertWithFreeSlug(slugify(input.title), slugTaken(db, lmsId, input.kindSlug), insert);
  } catch (error) {
    return refusedWrite(error, recheck, input.slug);
  }
  if (!row) throw slugInUse(input.slug ?? slugify(input.title));
  const post = await findPost(db, lmsId, { id: row.id }, { includeHidden: true });
  if (!post) throw new Error('post baru tidak terbaca');
  return post;
}

/** A post to change: by slug, by id, or by both (then it must have both). */
export interface PostKey {
  slug?: string | undefined;
  id?: number | undefined;
}

/**
 * Changes a post found by kind and slug or id and answers it as it now is (as the console reads it:
 * with its status), its `version` raised by one. `postToUpdateNotFound` (on `slug`) or `postNotFound` (on `id`) when there is none; `slugTaken`
 * and `invalid` as `createPost`. With `input.version`, the write happens only if the post is still at
 * that version (one conditional UPDATE decides, so of two saves of the same version one wins), else
 * `postVersionConflict` naming the stored version.
 */
export async function updatePost(db: Db, lmsId: string, key: PostKey, input: z.output<typeof PostUpdateSchema>): Promise<ManagedPost> {
  const gone = () => (key.slug !== undefined ? failOn('slug', 'postToUpdateNotFound', { slug: key.slug }) : failOn('id', 'postNotFound'));
  const [existing] = await db
    .select({ id: posts.id, slug: posts.slug, version: posts.version })
    .from(posts)
    .where(
      and(
        eq(posts.lmsId, lmsId),
        eq(posts.kindSlug, input.kindSlug),
        key.slug !== undefined ? eq(posts.slug, key.slug) : undefined,
        key.id !== undefined ? eq(posts.id, key.id) : undefined,
      ),
    );
  if (!existing) throw gone();
  const { kindSlug: _kind, version: expected, content, publishedAt, ...rest } = input;
  const conflict = (current: number) => fail('postVersionConflict', { current, sent: expected ?? current });
  // Refused early when already stale (not a slug or reference complaint about a text the editor must reload anyway).
  if (expected !== undefined && expected !== existing.version) throw conflict(existing.version);
  const recheck = () => checkReferences(db, lmsId, input.kindSlug, input, existing.id);
  const invalid = await recheck();
  if (invalid) throw badReference(invalid);
  if (input.slug && input.slug !== existing.slug && (await slugTaken(db, lmsId, input.kindSlug, existing.id)(input.slug))) {
    throw slugInUse(input.slug);
  }
  let post: ManagedPost | undefined;
  try {
    // The write and the read back in one transaction: the row stays locked, so the answer is this write's.
    post = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(posts)
        .set({
          ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
          ...(content !== undefined ? { content: sanitizeHtml(content) } : {}),
          ...(publishedAt ? { publishedAt: new Date(publishedAt) } : {}),
          version: sql`${posts.version} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(posts.id, existing.id), expected !== undefined ? eq(posts.version, expected) : undefined))
        .returning({ id: posts.id });
      return row && findManagedPost(tx, lmsId, { id: row.id });
    });
  } catch (error) {
    return refusedWrite(error, recheck, input.slug);
  }
  if (post) return post;
  // No row changed: deleted since the read above, or saved by someone else first.
  const [now] = await db.select({ version: posts.version }).from(posts).where(eq(posts.id, existing.id));
  if (!now || expected === undefined) throw gone();
  throw conflict(now.version);
}

/**
 * Deletes a post by kind and slug and answers its id (`postSlugNotFound` when there is none); its
 * children lose their parent, not their existence.
 */
export async function deletePost(db: Db, lmsId: string, kindSlug: PostKind, slug: string, version?: number): Promise<{ id: number }> {
  const named = and(eq(posts.lmsId, lmsId), eq(posts.kindSlug, kindSlug), eq(posts.slug, slug));
  // One statement decides: with a version, only the post as the caller read it is deleted.
  const [row] = await db
    .delete(posts)
    .where(version === undefined ? named : and(named, eq(posts.version, version)))
    .returning({ id: posts.id });
  if (row) return row;
  const [changed] = version === undefined ? [] : await db.select({ version: posts.version }).from(posts).where(named).limit(1);
  if (changed) throw fail('postVersionConflict', { current: changed.version, sent: version ?? changed.version });
  throw fail('postSlugNotFound', { slug });
}
