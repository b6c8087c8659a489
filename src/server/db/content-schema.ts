import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenants } from './schema';

/**
 * Content of each tenant (SPEC §3 posts, categories, gallery, careers, portfolio, appointments).
 * Ids are numbers because routes carry them (`/News/{id}/{title?}`).
 */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const lmsId = () =>
  text('lms_id')
    .notNull()
    .references(() => tenants.lmsId, { onDelete: 'cascade' });
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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

/** A photo of the gallery. */
export const galleryItems = pgTable(
  'gallery_items',
  {
    id: id(),
    lmsId: lmsId(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    image: text('image').notNull(),
    caption: text('caption').notNull().default(''),
    takenAt: date('taken_at', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('gallery_slug').on(table.lmsId, table.slug)],
);

/** A career page (a hiring partner or programme) with its jobs. */
export const careers = pgTable(
  'careers',
  {
    id: id(),
    lmsId: lmsId(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    company: text('company').notNull().default(''),
    location: text('location').notNull().default(''),
    summary: text('summary').notNull().default(''),
    description: text('description').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('careers_slug').on(table.lmsId, table.slug)],
);

export const careerJobs = pgTable(
  'career_jobs',
  {
    id: id(),
    lmsId: lmsId(),
    careerId: bigint('career_id', { mode: 'number' })
      .notNull()
      .references(() => careers.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    type: text('type').notNull().default(''),
    location: text('location').notNull().default(''),
    summary: text('summary').notNull().default(''),
    description: text('description').notNull().default(''),
    requirements: text('requirements').array().notNull().default(sql`'{}'::text[]`),
    closesAt: date('closes_at', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('career_jobs_slug').on(table.careerId, table.slug), index('career_jobs_tenant').on(table.lmsId)],
);

/** A portfolio item (SPEC §3), by kind: corporate, government, csr. */
export const portfolioItems = pgTable(
  'portfolio_items',
  {
    id: id(),
    lmsId: lmsId(),
    kind: text('kind').notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    /** Every other field of SPEC §3 (value, figure, photos, video, batchs, images, …), validated by the contract. */
    data: jsonb('data').notNull(),
    date: date('date', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('portfolio_slug').on(table.lmsId, table.slug)],
);

/** An appointment request made from a post or the Make-Appointment page. */
export const appointments = pgTable('appointments', {
  id: id(),
  lmsId: lmsId(),
  postId: bigint('post_id', { mode: 'number' }).references(() => posts.id, { onDelete: 'set null' }),
  data: jsonb('data').notNull(),
  createdAt: createdAt(),
});

/**
 * A tenant's page copy, seeded from `tenants/<code>/content/` and then owned by the database: `site`
 * (who the site is and how it addresses readers), `home` (the home page's copy) and `page:<route>`
 * (a content page: its front matter and Markdown body). Builds read it; writes through the API
 * rebuild the tenant.
 */
export const siteCopy = pgTable(
  'site_copy',
  {
    lmsId: lmsId(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.lmsId, table.key] })],
);
