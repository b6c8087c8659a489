import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { schools } from './catalogue-schema';
import { at, createdAt, id, lmsId, ref } from './columns';
import { tenants, users } from './schema';

/**
 * What visitors send (issue 15): form submissions and the league's teams, the mail they cause (an
 * outbox written in the submission's transaction, delivered by a worker over SMTP), the local SMTP
 * catcher's inbox, uploads, idempotency keys, and the hosted database REST tables of SPEC §7
 * (book_reviews, aspirations, user_disc, testimonies, donations). Money is whole rupiah.
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

/**
 * A file a visitor or user sent to the upload service: stored by `storageKey` behind the storage
 * interface (local disk or an S3-compatible store). Readable by its uploader (the capability
 * `accessHash` is the hash of) and the tenant's admins.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lmsId: lmsId(),
    storageKey: text('storage_key').notNull().unique(),
    /** The type the bytes were recognised as (never the name's or the sender's claim). */
    mimeType: text('mime_type').notNull(),
    bytes: integer('bytes').notNull(),
    /** The name the sender gave, for display only. */
    originalName: text('original_name').notNull(),
    /** What it is for: `letter` (PDF or image) or `image`. */
    purpose: text('purpose').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** SHA-256 of the capability token handed to the uploader. */
    accessHash: text('access_hash').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('uploads_tenant').on(table.lmsId, table.createdAt)],
);

/**
 * A message to send, written in the same transaction as what it is about, delivered over SMTP by the
 * mail worker: `queued` → `sending` (claimed until `lockedUntil`) → `sent`; failures go back to
 * `queued` with a later `nextAttemptAt`, and after the last attempt to `dead` for admins to see.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    lmsId: lmsId(),
    /** What caused it: `appointment`, `request-demo`, `team`, `school`, `coder`, `notify`, … */
    kind: text('kind').notNull(),
    recipients: text('recipients').array().notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'dead'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lockedUntil: at('locked_until'),
    lastError: text('last_error'),
    /** The SMTP server's Message-ID once sent. */
    messageId: text('message_id'),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
  },
  (table) => [index('mail_outbox_due').on(table.status, table.nextAttemptAt), index('mail_outbox_tenant').on(table.lmsId, table.createdAt)],
);

/** A message the in-process SMTP catcher received (the embedded default's mail server), for admins to read. */
export const caughtMails = pgTable(
  'caught_mails',
  {
    id: id(),
    /** From the message's `X-LMS-Id` header; null for mail that names no tenant. */
    lmsId: text('lms_id').references(() => tenants.lmsId, { onDelete: 'cascade' }),
    envelopeFrom: text('envelope_from').notNull(),
    recipients: text('recipients').array().notNull(),
    subject: text('subject').notNull(),
    messageId: text('message_id'),
    /** The message as received (RFC 5322), at most the catcher's size limit. */
    raw: text('raw').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (table) => [index('caught_mails_tenant').on(table.lmsId, table.receivedAt)],
);

/**
 * The answer to a submission with an `Idempotency-Key`: the same key and body again gets the same
 * answer without a second row; the same key with another body is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    lmsId: lmsId(),
    /** The call, e.g. `POST v1/team/register`. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: smallint('status').notNull(),
    body: jsonb('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.lmsId, table.scope, table.key] }), index('idempotency_keys_age').on(table.createdAt)],
);

/* The hosted database REST tables (SPEC §7 "Hosted database REST"), served at /api/rest/v1/. */

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
