import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { schools } from '../catalogue/schema';
import { at, createdAt, id, lmsId, ref } from '../db/columns';
import { users } from '../identity/schema';
import { posts } from '../posts/schema';
import { uploads } from '../uploads/schema';

/*
 * What visitors send: form submissions, appointments, the league's teams, and the hosted database REST tables of SPEC §7 (book_reviews, aspirations, user_disc, testimonies, donations). Money is whole rupiah.
 */

/** A form a visitor sent that has no table of its own (request-demo, coder sign-up, school sign-up). */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: id(),
    lmsId: lmsId(),
    /** Which form: `request-demo`, `coder`, `school`. */
    form: text('form').notNull(),
    email: text('email').notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('form_submissions_form').on(table.lmsId, table.form, table.createdAt)],
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
 * A coding-league team (Liga SMK, `/Liga-Smk/Register`): a school, 3–5 members (the first is the
 * captain), a mentor teacher, the school's recommendation letter (an upload) and the accepted rules.
 */
export const teams = pgTable(
  'teams',
  {
    id: id(),
    lmsId: lmsId(),
    /** The competition the team enters, e.g. `liga-smk-2027`. */
    competition: text('competition').notNull(),
    name: text('name').notNull(),
    schoolId: ref('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'restrict' }),
    /** The signed-in account that registered the team (v1/auth/team/register); null for v1/team/register. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    mentorName: text('mentor_name').notNull(),
    mentorEmail: text('mentor_email').notNull(),
    mentorPhone: text('mentor_phone').notNull(),
    letterUploadId: uuid('letter_upload_id').references(() => uploads.id, { onDelete: 'restrict' }),
    rulesAcceptedAt: at('rules_accepted_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('teams_name').on(table.lmsId, table.competition, sql`lower(${table.name})`),
    // One recommendation letter belongs to one team.
    uniqueIndex('teams_letter').on(table.letterUploadId),
  ],
);

/**
 * A member of a team, in the order given; position 0 is the captain. A student (by e-mail and by
 * NISN) is in at most one team of a competition: the unique indexes decide between parallel sign-ups.
 */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: ref('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    lmsId: lmsId(),
    competition: text('competition').notNull(),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    /** The member's national student number (NISN, 10 digits). */
    nisn: text('nisn').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.position] }),
    uniqueIndex('team_members_email').on(table.lmsId, table.competition, table.email),
    uniqueIndex('team_members_nisn').on(table.lmsId, table.competition, table.nisn),
  ],
);

/** A reader's comment on a book (/Metamorfosa). */
export const bookReviews = pgTable(
  'book_reviews',
  {
    id: id(),
    lmsId: lmsId(),
    book: text('book').notNull(),
    name: text('name').notNull(),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
  },
  (table) => [check('book_reviews_rating', sql`${table.rating} between 1 and 5`), index('book_reviews_book').on(table.lmsId, table.book)],
);

/** A visitor's aspiration (hope or suggestion) for the provider. */
export const aspirations = pgTable('aspirations', {
  id: id(),
  lmsId: lmsId(),
  name: text('name').notNull(),
  city: text('city').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/** A DISC test result: the scores (most − least per letter) and the dominant type. */
export const userDisc = pgTable(
  'user_disc',
  {
    id: id(),
    lmsId: lmsId(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    type: text('type', { enum: ['D', 'I', 'S', 'C'] }).notNull(),
    scoreD: smallint('score_d').notNull(),
    scoreI: smallint('score_i').notNull(),
    scoreS: smallint('score_s').notNull(),
    scoreC: smallint('score_c').notNull(),
    /** The 24 answers: `[most, least]` option indexes per group. */
    answers: jsonb('answers').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('user_disc_tenant').on(table.lmsId, table.createdAt)],
);

/** A learner's or partner's testimony. */
export const testimonies = pgTable('testimonies', {
  id: id(),
  lmsId: lmsId(),
  name: text('name').notNull(),
  role: text('role').notNull(),
  message: text('message').notNull(),
  rating: smallint('rating').notNull(),
  createdAt: createdAt(),
});

/** A pledged donation in whole rupiah. */
export const donations = pgTable(
  'donations',
  {
    id: id(),
    lmsId: lmsId(),
    name: text('name').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    message: text('message').notNull().default(''),
    /** Listed as 'Anonim' instead of the name. */
    anonymous: boolean('anonymous').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [check('donations_amount', sql`${table.amount} > 0`)],
);
