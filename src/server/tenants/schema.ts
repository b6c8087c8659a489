import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * A tenant (brand), its settings and its page copy. Every other tenant table references `tenants`; this file uses no shared column builder, since those reference it.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const lmsId = () =>
  text('lms_id')
    .notNull()
    .references(() => tenants.lmsId, { onDelete: 'cascade' });

/** A tenant (brand): its lms id, app code, the hosts its site is served on and, for a pesilat site, its main tenant. */
export const tenants = pgTable(
  'tenants',
  {
    lmsId: text('lms_id').primaryKey(),
    code: text('code').notNull().unique(),
    appCode: text('app_code').notNull().unique(),
    title: text('title').notNull(),
    hosts: text('hosts').array().notNull().default(sql`'{}'::text[]`),
    /** For a pesilat site: the code of the main tenant whose hosts switch `/pesilat/…` to this one (SPEC §2). */
    mainTenant: text('main_tenant'),
    /**
     * The tenant whose catalogue (classes, programs, courses, mentors, festival, league) this one shows and
     * sells; null: its own. Set only by a setting (tenant.json `catalogueFrom`), never implied.
     */
    catalogueOf: text('catalogue_of').references((): AnyPgColumn => tenants.lmsId, { onDelete: 'set null' }),
    /** The tenant's one PPN rule (contract/tax.ts): the rate in basis points (1100 = 11%)… */
    vatBps: integer('vat_bps').notNull().default(1100),
    /** …and whether published prices include it (true) or it is added at checkout (false). */
    vatIncluded: boolean('vat_included').notNull().default(false),
    /** Secret of the tenant's build webhook (Standard Webhooks, `whsec_` + base64); made at seed. */
    webhookSecret: text('webhook_secret'),
    /** Bumped by every settings write; a writer that sends an older revision gets 409. */
    settingsRevision: integer('settings_revision').notNull().default(0),
    settingsUpdatedAt: timestamp('settings_updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [check('tenants_vat_bps', sql`${table.vatBps} between 0 and 10000`)],
);

/** One setting value of a tenant (title, css, meta, …), stored as JSON under its key. */
export const appSettings = pgTable(
  'app_settings',
  {
    lmsId: text('lms_id')
      .notNull()
      .references(() => tenants.lmsId, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.lmsId, table.key] })],
);

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
