import { and, eq, gt, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import { PostDetailsSchema, type PostKind, type PostStatus, type PostSummary } from '~/contract/posts';
import { postCategories, posts } from '../db/schema';
import { likePattern } from '../platform/slugs';

/*
 * What the post reads share: the columns of a summary (a post joined to its category), how a row
 * becomes a `PostSummary`, and the conditions of visibility, status and search.
 */

export const summaryColumns = {
  id: posts.id,
  kindSlug: posts.kindSlug,
  slug: posts.slug,
  title: posts.title,
  summary: posts.summary,
  cover: posts.cover,
  author: posts.author,
  parentId: posts.parentId,
  tags: posts.tags,
  details: posts.details,
  views: posts.views,
  publishedAt: posts.publishedAt,
  categoryId: postCategories.id,
  categorySlug: postCategories.slug,
  categoryName: postCategories.name,
};

/** A summary plus what a detail adds (content, last change, version). */
export const detailColumns = { ...summaryColumns, content: posts.content, updatedAt: posts.updatedAt, version: posts.version };

type SummaryRow = { [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]['_']['data'] | null };

export function toSummary(row: SummaryRow): PostSummary {
  return {
    id: row.id as number,
    kindSlug: row.kindSlug as PostKind,
    slug: row.slug as string,
    title: row.title as string,
    summary: row.summary as string,
    cover: row.cover as string,
    author: row.author as string,
    category: row.categoryId ? { id: row.categoryId, slug: row.categorySlug as string, name: row.categoryName as string } : null,
    parentId: row.parentId,
    tags: row.tags ?? [],
    details: PostDetailsSchema.catch({}).parse(row.details),
    views: row.views as number,
    publishedAt: (row.publishedAt as Date).toISOString(),
  };
}

/** What visitors may see: active posts whose publication time has come. */
export const visible = (now: Date) => and(eq(posts.isActive, true), lte(posts.publishedAt, now)) as SQL;

/** The posts of one status at `now` (contract `PostStatus`). */
export function statusIs(status: PostStatus, now: Date): SQL {
  if (status === 'draft') return eq(posts.isActive, false);
  if (status === 'scheduled') return and(eq(posts.isActive, true), gt(posts.publishedAt, now)) as SQL;
  return visible(now);
}

/** A post's status at `now`, as `statusIs` selects it. */
export const statusOf = (isActive: boolean, publishedAt: Date, now: Date): PostStatus =>
  !isActive ? 'draft' : publishedAt > now ? 'scheduled' : 'published';

/**
 * PostgreSQL full text with the Indonesian stemmer (so "pelatihan" finds "latih"), plus a title
 * substring match for partial words.
 */
export const searchMatches = (search: string) =>
  or(sql`${posts.search} @@ websearch_to_tsquery('indonesian', ${search})`, ilike(posts.title, likePattern(search))) as SQL;
