import { CLASS_LEVELS } from './classes';
import { miniEnvelope, z } from './mini';
import { paged } from './paged';

/**
 * Courses → modules → chapters (routes /Courses…). Free chapters are read by anyone with
 * the app token; a premium course's chapters only by a signed-in learner enrolled (active or
 * completed) in the course's class. zod/mini: the chapter reader script imports these.
 */

/** SPEC §9: course lists show 6 a page. */
export const COURSE_PAGE_SIZE = 6;

const slug = (name: string) =>
  z
    .string(`${name} wajib diisi`)
    .check(z.minLength(1, `${name} wajib diisi`), z.maxLength(160), z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, `${name} tidak valid`));

export const CourseSummarySchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  level: z.enum(CLASS_LEVELS),
  isPremium: z.boolean(),
  /** The class whose learners may read a premium course (where to buy access). */
  class: z.nullable(z.object({ id: z.number(), code: z.string(), slug: z.string(), name: z.string(), price: z.number() })),
  totalModules: z.number(),
  totalChapters: z.number(),
  totalMinutes: z.number(),
});
export type CourseSummary = z.infer<typeof CourseSummarySchema>;

/** A chapter in a course's outline: never its content. */
export const ChapterRefSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  minutes: z.number(),
  position: z.number(),
});
export type ChapterRef = z.infer<typeof ChapterRefSchema>;
export const CourseModuleSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  position: z.number(),
  chapters: z.array(ChapterRefSchema),
});

/** A course with its outline (GET v1/course/detail). */
export const CourseDetailSchema = z.object({
  ...CourseSummarySchema.shape,
  /** Sanitised HTML. */
  description: z.string(),
  modules: z.array(CourseModuleSchema),
  /** Every published class whose learners may read a premium course (it lists the course among its perks). */
  grantedBy: z.array(z.object({ code: z.string(), name: z.string(), price: z.number() })),
  updatedAt: z.string(),
});
export type CourseDetail = z.infer<typeof CourseDetailSchema>;

/** A chapter with its content: sanitised HTML whose code blocks are already highlighted. */
export const ChapterSchema = z.object({
  ...ChapterRefSchema.shape,
  courseSlug: z.string(),
  moduleSlug: z.string(),
  content: z.string(),
  updatedAt: z.string(),
});
export type Chapter = z.infer<typeof ChapterSchema>;

/** A signed-in learner's progress in one course. */
export const CourseProgressSchema = z.object({
  courseSlug: z.string(),
  /** Whether the learner may read every chapter (always, for a free course). */
  hasAccess: z.boolean(),
  completedChapterIds: z.array(z.number()),
  totalChapters: z.number(),
  /** The learner's certificate of the course (every chapter read), unless it was revoked: its page is /Sertifikat/{id}. */
  certificateId: z.optional(z.string()),
});
export type CourseProgress = z.infer<typeof CourseProgressSchema>;

export const CourseListResponseSchema = miniEnvelope(paged(CourseSummarySchema));
export const CourseDetailResponseSchema = miniEnvelope(CourseDetailSchema);
export const ChapterResponseSchema = miniEnvelope(ChapterSchema);
export const CourseProgressResponseSchema = miniEnvelope(CourseProgressSchema);

/** GET v1/course/list (page, pageSize, premium: true|false). */
export const CourseListQuerySchema = z.strictObject({
  page: z._default(z.pipe(z.string().check(z.regex(/^[1-9]\d{0,8}$/, 'page harus bilangan bulat lebih dari 0')), z.transform(Number)), 1),
  pageSize: z._default(
    z.pipe(z.string().check(z.regex(/^([1-9]\d?|100)$/, 'pageSize antara 1 dan 100')), z.transform(Number)),
    COURSE_PAGE_SIZE,
  ),
  premium: z.optional(
    z.pipe(
      z.enum(['true', 'false'], 'premium harus true atau false'),
      z.transform((v) => v === 'true'),
    ),
  ),
});
/** GET v1/course/detail?slug. */
export const CourseDetailQuerySchema = z.strictObject({ slug: slug('slug') });
/** GET v1/course/chapter?courseSlug&chapterSlug. */
export const ChapterQuerySchema = z.strictObject({ courseSlug: slug('courseSlug'), chapterSlug: slug('chapterSlug') });
/** GET v1/course/progress?courseSlug. */
export const CourseProgressQuerySchema = z.strictObject({ courseSlug: slug('courseSlug') });
/** POST v1/course/progress: a chapter the learner has read. */
export const ChapterReadSchema = z.strictObject({ courseSlug: slug('courseSlug'), chapterSlug: slug('chapterSlug') });
