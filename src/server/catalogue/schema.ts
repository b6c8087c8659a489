import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FestivalProgrammeItem, FestivalSpeaker, SponsorTier } from '~/contract/festival';
import type { League } from '~/lib/tenant/league-schema';
import { at, createdAt, id, lmsId, ref, texts, updatedAt } from '../db/columns';
import { users } from '../identity/schema';

/**
 * The catalogue of each tenant (SPEC §3 "Class", "Program"): programs and their batches,
 * classes with mentors, syllabi and enrolments, courses with modules and chapters and each learner's
 * progress, schools, leaderboards and statistics events. Money is whole rupiah in integers.
 * A class's lifecycle state is never stored: it follows from its dates (catalogue/class-rows.ts).
 */

/** A category programs and classes are filed under (SPEC §3 class and program filter `categoryId`). */
export const catalogueCategories = pgTable(
  'catalogue_categories',
  { id: id(), lmsId: lmsId(), slug: text('slug').notNull(), name: text('name').notNull(), createdAt: createdAt() },
  (table) => [uniqueIndex('catalogue_categories_slug').on(table.lmsId, table.slug)],
);

/** A mentor: who teaches classes (SPEC "active/mentors"); `userId` links the account that gets payouts. */
export const mentors = pgTable(
  'mentors',
  {
    id: id(),
    lmsId: lmsId(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** Job title and employer, e.g. "Senior Backend Engineer, Tokopedia". */
    headline: text('headline').notNull().default(''),
    bio: text('bio').notNull().default(''),
    photo: text('photo').notNull().default(''),
    linkedin: text('linkedin'),
    expertise: texts('expertise'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('mentors_slug').on(table.lmsId, table.slug)],
);

/** A program (SPEC §3: name, slug, summary, logo): a learning path that runs in batches and classes. */
export const programs = pgTable(
  'programs',
  {
    id: id(),
    lmsId: lmsId(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    summary: text('summary').notNull().default(''),
    /** Sanitised HTML. */
    description: text('description').notNull().default(''),
    logo: text('logo').notNull().default(''),
    categoryId: ref('category_id').references(() => catalogueCategories.id, { onDelete: 'set null' }),
    /** Who it is for, e.g. "Siswa SMK kelas XI–XII". */
    audience: text('audience').notNull().default(''),
    outcomes: texts('outcomes'),
    durationWeeks: smallint('duration_weeks'),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('programs_slug').on(table.lmsId, table.slug)],
);

/** A batch (cohort) of a program: SPEC core API `batch/active` and the statistics host's active batches. */
export const batches = pgTable(
  'batches',
  {
    id: id(),
    lmsId: lmsId(),
    programId: ref('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    quota: integer('quota'),
    /**
     * Learners and graduates of a cohort the platform holds no enrolments for (one run before it, or
     * imported): they count toward the tenant's statistics with its enrolments and schools.
     */
    participants: integer('participants').notNull().default(0),
    graduates: integer('graduates').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('batches_code').on(table.lmsId, table.code), index('batches_program').on(table.programId)],
);

/**
 * A class (SPEC §3 "Class"). `code` and `slug` are both addresses (/Class/{code}, /Class/{slug}).
 * Cities are Kemendagri codes (platform/areas.ts). Dates give the lifecycle (SPEC §4 badges): before
 * registration opens "coming soon", while it is open "registration", between start and end
 * "running", after the end "finished"; `alwaysOpen` classes are always in registration and hide dates.
 */
export const classes = pgTable(
  'classes',
  {
    id: id(),
    lmsId: lmsId(),
    code: text('code').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    summary: text('summary').notNull().default(''),
    /** Sanitised HTML. */
    description: text('description').notNull().default(''),
    logo: text('logo').notNull().default(''),
    programId: ref('program_id').references(() => programs.id, { onDelete: 'set null' }),
    batchId: ref('batch_id').references(() => batches.id, { onDelete: 'set null' }),
    categoryId: ref('category_id').references(() => catalogueCategories.id, { onDelete: 'set null' }),
    /** bootcamp, webinar, workshop, reguler, kompetensi (contract/classes.ts CLASS_TYPES). */
    type: text('type').notNull(),
    /** pemula, menengah, mahir. */
    level: text('level').notNull(),
    isOnline: boolean('is_online').notNull().default(false),
    /** Where it is held (a venue and address) or the meeting tool when online. */
    place: text('place').notNull().default(''),
    heldCityId: text('held_city_id'),
    registrarCityId: text('registrar_city_id'),
    /** Whole rupiah; 0 is free. */
    price: integer('price').notNull().default(0),
    quota: integer('quota'),
    /** The meeting pattern as people read it, e.g. "Selasa & Kamis, 19.00–21.00 WIB". */
    schedule: text('schedule').notNull().default(''),
    registrationOpensAt: at('registration_opens_at'),
    registrationClosesAt: at('registration_closes_at'),
    startsAt: at('starts_at'),
    endsAt: at('ends_at'),
    alwaysOpen: boolean('always_open').notNull().default(false),
    /** A preparatory class (SPEC filter `preClass`). */
    isPreClass: boolean('is_pre_class').notNull().default(false),
    requirements: texts('requirements'),
    benefits: texts('benefits'),
    /** Extra enrolment fields the class asks for (docs/design.md "Class enrolment can require per-class fields"). */
    enrolmentFields: texts('enrolment_fields'),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('classes_code').on(table.lmsId, table.code),
    uniqueIndex('classes_slug').on(table.lmsId, table.slug),
    index('classes_program').on(table.programId),
    check('classes_price_nonnegative', sql`${table.price} >= 0`),
  ],
);

/** Who teaches a class, in order. */
export const classMentors = pgTable(
  'class_mentors',
  {
    classId: ref('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    mentorId: ref('mentor_id')
      .notNull()
      .references(() => mentors.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.classId, table.mentorId] })],
);

/** One unit of a syllabus: of a program (core API `silabus/{programId}`) or of a class (`v1/class/syllabus`). */
export const syllabusItems = pgTable(
  'syllabus_items',
  {
    id: id(),
    lmsId: lmsId(),
    programId: ref('program_id').references(() => programs.id, { onDelete: 'cascade' }),
    classId: ref('class_id').references(() => classes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    topics: texts('topics'),
    hours: smallint('hours'),
  },
  (table) => [
    index('syllabus_items_program').on(table.programId, table.position),
    index('syllabus_items_class').on(table.classId, table.position),
    check('syllabus_items_owner', sql`(${table.programId} is null) <> (${table.classId} is null)`),
  ],
);

/** A learner in a class. Premium courses open to learners enrolled (active or completed) in their class. */
export const enrolments = pgTable(
  'enrolments',
  {
    id: id(),
    lmsId: lmsId(),
    classId: ref('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** active, completed, cancelled. */
    status: text('status').notNull().default('active'),
    /** The final score (0–100) of a completed class, for leaderboards. */
    score: smallint('score'),
    enrolledAt: at('enrolled_at').notNull().defaultNow(),
    completedAt: at('completed_at'),
  },
  (table) => [uniqueIndex('enrolments_class_user').on(table.classId, table.userId), index('enrolments_user').on(table.userId)],
);

/** A school taking part in programs (SPEC "v1/program/schools", statistics' school counters). */
export const schools = pgTable(
  'schools',
  {
    id: id(),
    lmsId: lmsId(),
    npsn: text('npsn'),
    name: text('name').notNull(),
    provinceId: text('province_id').notNull(),
    cityId: text('city_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('schools_npsn').on(table.lmsId, table.npsn)],
);

/** A school in a program, from a batch on (its students count toward the program's figures). */
export const programSchools = pgTable(
  'program_schools',
  {
    programId: ref('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    schoolId: ref('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    batchId: ref('batch_id').references(() => batches.id, { onDelete: 'set null' }),
    students: integer('students').notNull().default(0),
    graduates: integer('graduates').notNull().default(0),
    joinedAt: at('joined_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.programId, table.schoolId] })],
);

/** A course (SPEC route /Courses): free or premium; a premium one opens to learners of `classId`. */
export const courses = pgTable(
  'courses',
  {
    id: id(),
    lmsId: lmsId(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** Sanitised HTML. */
    description: text('description').notNull().default(''),
    cover: text('cover').notNull().default(''),
    level: text('level').notNull(),
    isPremium: boolean('is_premium').notNull().default(false),
    classId: ref('class_id').references(() => classes.id, { onDelete: 'set null' }),
    isPublished: boolean('is_published').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('courses_slug').on(table.lmsId, table.slug)],
);

/** A module of a course, in order. */
export const courseModules = pgTable(
  'course_modules',
  {
    id: id(),
    courseId: ref('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    position: integer('position').notNull(),
  },
  (table) => [uniqueIndex('course_modules_slug').on(table.courseId, table.slug)],
);

/**
 * A chapter of a module. Its slug is unique in the course: SPEC's chapter route has the module slug
 * as optional. `content` is sanitised HTML; code blocks are highlighted when it is rendered.
 */
export const courseChapters = pgTable(
  'course_chapters',
  {
    id: id(),
    courseId: ref('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    moduleId: ref('module_id')
      .notNull()
      .references(() => courseModules.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    position: integer('position').notNull(),
    minutes: smallint('minutes').notNull().default(10),
    content: text('content').notNull().default(''),
    /**
     * The content as readers get it (sanitised, code highlighted), rendered once when it changes
     * rather than on every build or request, and the key of what it was rendered from
     * (server/catalogue/courses.ts `chapterRenderKey`): when the content changed without it (an external
     * CMS writing the table), the key no longer matches and the next read renders it again.
     */
    contentHtml: text('content_html'),
    contentHtmlOf: text('content_html_of'),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('course_chapters_slug').on(table.courseId, table.slug), index('course_chapters_module').on(table.moduleId)],
);

/** A chapter a learner has read. */
export const chapterProgress = pgTable(
  'chapter_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chapterId: ref('chapter_id')
      .notNull()
      .references(() => courseChapters.id, { onDelete: 'cascade' }),
    completedAt: at('completed_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.chapterId] })],
);

/**
 * A premium course a class grants its learners (a perk the class page lists): readable while the
 * learner's enrolment in the class is active or completed, so it is granted when the class is paid
 * and withdrawn when the enrolment is cancelled by a refund.
 */
export const classCourses = pgTable(
  'class_courses',
  {
    classId: ref('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    courseId: ref('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.classId, table.courseId] }), index('class_courses_course').on(table.courseId)],
);

/**
 * A tenant's learning festival (SPEC §1, route /BelajarBersama; SPEC §3 "Speaker", "Sponsor tier"):
 * when and where, its programme, speakers and sponsor tiers. The page shows the next one that has not
 * ended; a tenant without one does not run a festival.
 */
export const festivals = pgTable(
  'festivals',
  {
    id: id(),
    lmsId: lmsId(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    /** The IANA zone its times are given in (Asia/Jakarta: WIB). */
    zone: text('zone').notNull().default('Asia/Jakarta'),
    place: text('place').notNull(),
    cityId: text('city_id'),
    programme: jsonb('programme').$type<FestivalProgrammeItem[]>().notNull().default([]),
    speakers: jsonb('speakers').$type<FestivalSpeaker[]>().notNull().default([]),
    sponsorTiers: jsonb('sponsor_tiers').$type<SponsorTier[]>().notNull().default([]),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('festivals_slug').on(table.lmsId, table.slug),
    check('festivals_dates', sql`${table.startsAt} <= ${table.endsAt}`),
  ],
);

/**
 * A tenant's coding league (/Liga-Smk): its name and season (registration, phases, final, prizes,
 * rules as month-days, lib/tenant/league-schema.ts). A tenant without one does not run a league.
 */
export const leagueSeasons = pgTable(
  'league_seasons',
  {
    id: id(),
    lmsId: lmsId(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    season: jsonb('season').$type<League>().notNull(),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('league_seasons_slug').on(table.lmsId, table.slug)],
);

/**
 * A certificate of completion: of a course (every chapter read) or of a class (the learner marked
 * passed). `id` is random and unguessable (the public address /Sertifikat/{id}); the holder's name
 * and the title are kept as issued, so renaming a course later does not rewrite a certificate.
 * Revoked ones stay, with the reason, so their page can say so.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: text('id').primaryKey(),
    lmsId: lmsId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: ref('course_id').references(() => courses.id, { onDelete: 'set null' }),
    classId: ref('class_id').references(() => classes.id, { onDelete: 'set null' }),
    /** `course` or `class`: what was completed (kept when the course or class row is deleted). */
    kind: text('kind', { enum: ['course', 'class'] }).notNull(),
    holderName: text('holder_name').notNull(),
    title: text('title').notNull(),
    issuedAt: at('issued_at').notNull().defaultNow(),
    revokedAt: at('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (table) => [
    uniqueIndex('certificates_user_course').on(table.userId, table.courseId),
    uniqueIndex('certificates_user_class').on(table.userId, table.classId),
    index('certificates_user').on(table.lmsId, table.userId),
  ],
);
