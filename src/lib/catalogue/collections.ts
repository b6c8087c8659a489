import type { ClassSummary } from '~/contract/classes';
import type { CourseSummary } from '~/contract/courses';
import type { Mentor } from '~/contract/mentors';
import type { ProgramDetail, ProgramSummary } from '~/contract/programs';
import { contentSource } from '~/lib/content/source';
import { isMaintenance } from '~/lib/tenant';

/**
 * The catalogue's whole collections for its list pages, read once per build through the content
 * source (nothing under maintenance). Each list page shows all of its items: a tenant has tens of
 * programs, mentors and courses, not thousands; /Class pages by its own filters (class-query.ts).
 */

/** Every active program in its order. */
export const allPrograms = (): Promise<ProgramSummary[]> => (isMaintenance ? Promise.resolve([]) : contentSource().allPrograms());

/** Every active program with its syllabus (curriculum and syllabus pages). */
export async function programsWithSyllabus(): Promise<ProgramDetail[]> {
  const programs = await allPrograms();
  const details = await Promise.all(programs.map((program) => contentSource().getProgram({ slug: program.slug })));
  return details.filter((detail): detail is ProgramDetail => detail !== undefined);
}

/** Every active mentor. */
export const allMentors = (): Promise<Mentor[]> => (isMaintenance ? Promise.resolve([]) : contentSource().allMentors());

/** Every published course, free and premium. */
export const allCourses = (): Promise<CourseSummary[]> => (isMaintenance ? Promise.resolve([]) : contentSource().allCourses());

/** Every published class, finished ones included. */
export const allClasses = (): Promise<ClassSummary[]> => (isMaintenance ? Promise.resolve([]) : contentSource().allClasses());
