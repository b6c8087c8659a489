import { and, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Paged } from '~/contract/paged';
import type { ManagedPost, ManagedPostListQuery, ManagedPostSummary, PostAuthor, PostKind } from '~/contract/posts';
import { sanitizeHtml } from '~/lib/html/sanitize';
import type { Db, Tx } from '../db/client';
import { postCategories, posts } from '../db/schema';
import { pageOf } from '../platform/paging';
import { detailColumns, searchMatches, statusIs, statusOf, summaryColumns, toSummary } from './rows';

/*
 * The staff console's reads: every post of a kind whatever its status, newest change first, with
 * the version an editor saves against. Only writers reach them (routes.ts), so nothing here hides drafts.
 */

const managedColumns = { ...summaryColumns, isActive: posts.isActive, version: posts.version, updatedAt: posts.updatedAt };

/** One page of a kind's posts (drafts and scheduled ones too), filtered by status, category, exact author and search. */
export async function listManagedPosts(
  db: Db,
  lmsId: string,
  query: ManagedPostListQuery,
  now = new Date(),
): Promise<Paged<ManagedPostSummary>> {
  const conditions: (SQL | undefined)[] = [eq(posts.lmsId, lmsId), eq(posts.kindSlug, query.kindSlug)];
  if (query.status) conditions.push(statusIs(query.status, now));
  if (query.categoryId !== undefined) conditions.push(eq(posts.categoryId, query.categoryId));
  if (query.author) conditions.push(eq(posts.author, query.author));
  if (query.search) conditions.push(searchMatches(query.search));
  const where = and(...conditions);
  const [total] = await db.select({ value: count() }).from(posts).where(where);
  const rows = await db
    .select(managedColumns)
    .from(posts)
    .leftJoin(postCategories, eq(postCategories.id, posts.categoryId))
    .where(where)
    .orderBy(desc(posts.updatedAt), desc(posts.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const items = rows.map((row) => ({
    ...toSummary(row),
    status: statusOf(row.isActive, row.publishedAt, now),
    isActive: row.isActive,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  }));
  return pageOf(items, query.page, query.pageSize, total?.value ?? 0);
}

/**
 * One post by id or slug (of a kind when given), whatever its status, with its content; undefined
 * when the tenant has none. What the console's editor loads, and what an update answers.
 */
export async function findManagedPost(
  db: Db | Tx,
  lmsId: string,
  key: { kindSlug?: PostKind | undefined; id?: number | undefined; slug?: string | undefined },
  now = new Date(),
): Promise<ManagedPost | undefined> {
  const [row] = await db
    .select({ ...detailColumns, isActive: posts.isActive })
    .from(posts)
    .leftJoin(postCategories, eq(postCategories.id, posts.categoryId))
    .where(
      and(
        eq(posts.lmsId, lmsId),
        key.kindSlug !== undefined ? eq(posts.kindSlug, key.kindSlug) : undefined,
        key.id !== undefined ? eq(posts.id, key.id) : undefined,
        key.slug !== undefined ? eq(posts.slug, key.slug) : undefined,
      ),
    )
    .limit(1);
  if (!row) return undefined;
  return {
    ...toSummary(row),
    // Sanitised on write and again on the way out, as `findPost` does.
    content: sanitizeHtml(row.content),
    status: statusOf(row.isActive, row.publishedAt, now),
    isActive: row.isActive,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The authors of a kind's posts (any status), by name, each with its number of posts; posts without an author are left out. */
export async function listPostAuthors(db: Db, lmsId: string, kindSlug: PostKind): Promise<PostAuthor[]> {
  const posted = count();
  return db
    .select({ name: posts.author, posts: posted })
    .from(posts)
    .where(and(eq(posts.lmsId, lmsId), eq(posts.kindSlug, kindSlug), ne(posts.author, '')))
    .groupBy(posts.author)
    .orderBy(posts.author);
}
