import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { at, id, lmsId } from '../db/columns';
import { tenants } from '../tenants/schema';

/*
 * What the statistics, leaderboards and click logs count.
 */

/** A score on a leaderboard: a league team or a learner (board `liga-smk`, `pelajar`, …). */
export const leaderboardScores = pgTable(
  'leaderboard_scores',
  {
    id: id(),
    lmsId: lmsId(),
    board: text('board').notNull(),
    name: text('name').notNull(),
    /** The school, the city or the class under the name. */
    subtitle: text('subtitle').notNull().default(''),
    provinceId: text('province_id'),
    score: integer('score').notNull(),
    achievedAt: at('achieved_at').notNull().defaultNow(),
  },
  (table) => [index('leaderboard_scores_board').on(table.lmsId, table.board, table.score)],
);

/** A recorded statistics event (SPEC POST v1/statistics/record): a visit, a registration, a completion. */
export const statisticEvents = pgTable(
  'statistic_events',
  {
    id: id(),
    lmsId: lmsId(),
    type: text('type').notNull(),
    /** What it is about: a class code, a program slug, a page path. */
    subject: text('subject').notNull().default(''),
    provinceId: text('province_id'),
    cityId: text('city_id'),
    value: integer('value').notNull().default(1),
    recordedAt: at('recorded_at').notNull().defaultNow(),
  },
  (table) => [index('statistic_events_type').on(table.lmsId, table.type, table.recordedAt)],
);

/** One page load or link click (POST v1/logger/log/click); URLs are kept without query string or fragment. */
export const clickLogs = pgTable(
  'click_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    lmsId: text('lms_id')
      .notNull()
      .references(() => tenants.lmsId, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    fromUrl: text('from_url').notNull(),
    toUrl: text('to_url').notNull(),
    /** What the summary groups by: the path on the tenant's own hosts, `host/path` elsewhere. */
    page: text('page').notNull(),
    /** The client's time, clamped to within a day of the server's. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('click_logs_lms_at').on(table.lmsId, table.at)],
);
