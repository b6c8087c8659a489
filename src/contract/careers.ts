import { z } from 'zod';
import { envelope } from './common';
import { paged } from './paged';
import { pagingQuery, QueryInt } from './paging';
import { SlugSchema } from './posts';

/** A job of a career page (SPEC §3: "a job has careerId and id"). */
export const CareerJobSchema = z.object({
  id: z.number().int(),
  careerId: z.number().int(),
  slug: z.string(),
  title: z.string(),
  type: z.string(),
  location: z.string(),
  summary: z.string(),
  description: z.string(),
  requirements: z.array(z.string()),
  closesAt: z.string().nullable(),
});
export type CareerJob = z.infer<typeof CareerJobSchema>;

export const CareerSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  company: z.string(),
  location: z.string(),
  summary: z.string(),
  description: z.string(),
  publishedAt: z.iso.datetime({ offset: true }),
  totalJobs: z.number().int().nonnegative(),
});
export type Career = z.infer<typeof CareerSchema>;

/** GET career/list?page (10 per page, SPEC §9). */
export const CareerListQuerySchema = z.strictObject({ ...pagingQuery(10) });
export const CareerListResponseSchema = envelope(paged(CareerSchema));
/** GET career/job/list (careerId, page). */
export const CareerJobListQuerySchema = z.strictObject({ careerId: QueryInt, ...pagingQuery(10) });
export const CareerJobListResponseSchema = envelope(paged(CareerJobSchema));
/** GET career/detail?slug. */
export const CareerDetailQuerySchema = z.strictObject({ slug: SlugSchema });
export const CareerResponseSchema = envelope(CareerSchema);
/** GET career/job/detail?id. */
export const CareerJobDetailQuerySchema = z.strictObject({ id: QueryInt });
export const CareerJobResponseSchema = envelope(CareerJobSchema.extend({ career: CareerSchema.omit({ totalJobs: true }) }));
