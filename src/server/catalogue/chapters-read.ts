import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { chapterProgress, courseChapters, courseModules } from '../db/schema';

/** A chapter of a course in reading order, and whether the learner has read it. */
export interface ChapterRead {
  id: number;
  courseId: number;
  slug: string;
  title: string;
  moduleSlug: string;
  read: boolean;
}

/**
 * The one count of "chapters read of a course": every chapter of the given courses in course order
 * (module, then chapter position), each marked read when the learner has a `chapter_progress` row for
 * it. The learner's home, a course's progress and the completion check (inside its transaction) all
 * read it here. No courses, no query.
 */
export async function chaptersRead(db: Db | Tx, userId: string, courseIds: number[]): Promise<ChapterRead[]> {
  if (!courseIds.length) return [];
  return db
    .select({
      id: courseChapters.id,
      courseId: courseChapters.courseId,
      slug: courseChapters.slug,
      title: courseChapters.title,
      moduleSlug: courseModules.slug,
      read: sql<boolean>`exists (select 1 from ${chapterProgress} where ${chapterProgress.userId} = ${userId} and ${chapterProgress.chapterId} = ${courseChapters.id})`,
    })
    .from(courseChapters)
    .innerJoin(courseModules, eq(courseModules.id, courseChapters.moduleId))
    .where(inArray(courseChapters.courseId, courseIds))
    .orderBy(asc(courseModules.position), asc(courseChapters.position), asc(courseChapters.id));
}
