import { miniEnvelope, z } from './mini';

/** Mentors: who teaches the classes (core API GET active/mentors, /Mentor). zod/mini. */
export const MentorSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  /** Job title and employer. */
  headline: z.string(),
  bio: z.string(),
  photo: z.string(),
  linkedin: z.nullable(z.string()),
  expertise: z.array(z.string()),
  /** Published classes the mentor teaches. */
  totalClasses: z.number(),
});
export type Mentor = z.infer<typeof MentorSchema>;
export const MentorListResponseSchema = miniEnvelope(z.array(MentorSchema));
