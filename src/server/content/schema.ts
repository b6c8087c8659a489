import { sql } from 'drizzle-orm';
import { bigint, date, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, lmsId } from '../db/columns';

/*
 * The smaller content families of a tenant (SPEC §3): gallery, careers with their jobs, portfolio.
 */

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
