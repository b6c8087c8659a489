import { ClassSummarySchema, SyllabusItemSchema } from './classes';
import { MentorSchema } from './mentors';
import { miniEnvelope, queryCityIds, queryInt, z } from './mini';
import { paged } from './paged';

/** Programs (SPEC §3 "Program": name, slug, summary, logo; filters registrarCityIds, heldCityIds, categoryId). zod/mini. */

/** SPEC §9: program lists show 6 a page; a program's schools 10. */
export const PROGRAM_PAGE_SIZE = 6;
export const PROGRAM_SCHOOLS_PAGE_SIZE = 10;

const Ref = z.object({ id: z.number(), slug: z.string(), name: z.string() });

export const ProgramSummarySchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  summary: z.string(),
  logo: z.string(),
  category: z.nullable(Ref),
  audience: z.string(),
  durationWeeks: z.nullable(z.number()),
  /** Published classes of the program, and those open for registration now. */
  totalClasses: z.number(),
  openClasses: z.number(),
});
export type ProgramSummary = z.infer<typeof ProgramSummarySchema>;

/** A batch (cohort) of a program. */
export const BatchSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  program: Ref,
  startsAt: z.string(),
  endsAt: z.string(),
  quota: z.nullable(z.number()),
  /** Learners enrolled in the batch's classes plus students of its schools. */
  participants: z.number(),
});
export type Batch = z.infer<typeof BatchSchema>;

/** A program with everything its page shows (GET v1/program/active/detail). */
export const ProgramDetailSchema = z.object({
  ...ProgramSummarySchema.shape,
  /** Sanitised HTML. */
  description: z.string(),
  outcomes: z.array(z.string()),
  syllabus: z.array(SyllabusItemSchema),
  classes: z.array(ClassSummarySchema),
  mentors: z.array(MentorSchema),
  batches: z.array(BatchSchema),
  updatedAt: z.string(),
});
export type ProgramDetail = z.infer<typeof ProgramDetailSchema>;

/** A school of a program (GET v1/program/schools). */
export const ProgramSchoolSchema = z.object({
  id: z.number(),
  npsn: z.nullable(z.string()),
  name: z.string(),
  province: z.object({ id: z.string(), name: z.string() }),
  city: z.object({ id: z.string(), name: z.string() }),
  students: z.number(),
  graduates: z.number(),
});
export type ProgramSchool = z.infer<typeof ProgramSchoolSchema>;

export const ProgramListResponseSchema = miniEnvelope(paged(ProgramSummarySchema));
export const ProgramDetailResponseSchema = miniEnvelope(ProgramDetailSchema);
export const ProgramSchoolsResponseSchema = miniEnvelope(paged(ProgramSchoolSchema));

/**
 * Active batches of the core API (GET batch/active): SPEC §3 names this page's fields current_page,
 * last_page, per_page and total_data instead of the usual ones.
 */
export const BatchPageSchema = z.object({
  data: z.array(BatchSchema),
  current_page: z.number(),
  last_page: z.number(),
  per_page: z.number(),
  total_data: z.number(),
});
export type BatchPage = z.infer<typeof BatchPageSchema>;
export const BatchActiveResponseSchema = miniEnvelope(BatchPageSchema);
/** GET silabus/{programId} on the core API. */
export const ProgramSyllabusResponseSchema = miniEnvelope(z.array(SyllabusItemSchema));

/** GET v1/program/active (page, pageSize; filters registrarCityIds, heldCityIds, categoryId). */
export const ProgramListQuerySchema = z.strictObject({
  page: z._default(queryInt('page'), 1),
  pageSize: z._default(queryInt('pageSize', 100), PROGRAM_PAGE_SIZE),
  registrarCityIds: z.optional(queryCityIds('registrarCityIds')),
  heldCityIds: z.optional(queryCityIds('heldCityIds')),
  categoryId: z.optional(queryInt('categoryId')),
});
/** GET v1/program/active/detail?slug. */
export const ProgramDetailQuerySchema = z.strictObject({
  slug: z.string('slug wajib diisi').check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug tidak valid'), z.maxLength(160)),
});
/** GET v1/program/schools (programId, page, pageSize 10). */
export const ProgramSchoolsQuerySchema = z.strictObject({
  programId: queryInt('programId'),
  page: z._default(queryInt('page'), 1),
  pageSize: z._default(queryInt('pageSize', 100), PROGRAM_SCHOOLS_PAGE_SIZE),
});
/** GET batch/active on the core API (page, pageSize). */
export const BatchActiveQuerySchema = z.strictObject({
  page: z._default(queryInt('page'), 1),
  pageSize: z._default(queryInt('pageSize', 100), 10),
});
