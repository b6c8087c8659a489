import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, lmsId, tsvector, updatedAt } from '../db/columns';

/*
 * Posts of every kind (SPEC §3) and their categories. Ids are numbers because routes carry them (`/News/{id}/{title?}`).
 */

/** A category of one post kind (SPEC §3: "A category has a kind slug and a slug"). */
export const postCategories = pgTable(
  'post_categories',
  {
    id: id(),
    lmsId: lmsId(),
    kindSlug: text('kind_slug').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('post_categories_slug').on(table.lmsId, table.kindSlug, table.slug)],
);

/** A post of any kind: news, blog, article, podcast, tulisan teman, event or program. */
export const posts = pgTable(
  'posts',
  {
    id: id(),
    lmsId: lmsId(),
    kindSlug: text('kind_slug').notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** Sanitised HTML (allow-list on write, again on render). */
    content: text('content').notNull().default(''),
    cover: text('cover').notNull().default(''),
    author: text('author').notNull().default(''),
    categoryId: bigint('category_id', { mode: 'number' }).references(() => postCategories.id, { onDelete: 'set null' }),
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => posts.id, { onDelete: 'set null' }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Kind-specific fields (podcast episode and duration, event dates and place). */
    details: jsonb('details').notNull().default({}),
    isActive: boolean('is_active').notNull().default(true),
    views: integer('views').notNull().default(0),
    /** Raised by every write: a save naming an older version is refused (two editors, one post). */
    version: integer('version').notNull().default(1),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Indonesian full-text search over title (weight A), summary (B) and content (C). */
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('indonesian', coalesce(title, '')), 'A') || setweight(to_tsvector('indonesian', coalesce(summary, '')), 'B') || setweight(to_tsvector('indonesian', regexp_replace(coalesce(content, ''), '<[^>]*>', ' ', 'g')), 'C')`,
    ),
  },
  (table) => [
    uniqueIndex('posts_slug').on(table.lmsId, table.kindSlug, table.slug),
    index('posts_list').on(table.lmsId, table.kindSlug, table.publishedAt),
    index('posts_search').using('gin', table.search),
  ],
);
