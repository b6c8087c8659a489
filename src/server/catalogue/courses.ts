import { createHash } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Chapter, CourseDetail, CourseProgress, CourseSummary } from '~/contract/courses';
import type { Paged } from '~/contract/paged';
import { highlightCode } from '~/lib/html/highlight';
import { sanitizeHtml } from '~/lib/html/sanitize';
import { issueCourseCertificate } from '../certificates';
import type { Db } from '../db/client';
import { certificates, chapterProgress, classCourses, classes, courseChapters, courseModules, courses, enrolments } from '../db/schema';
import { pageOf } from '../platform/paging';
import { qualified } from '../posts';
import { chaptersRead } from './chapters-read';

/**
 * Courses → modules → chapters. A free course's chapters are read by anyone; a premium course's only
 * by a learner enrolled (active or completed) in the course's class: `findChapter` answers the
 * stored content with the course's `isPremium` and class, and the route checks access before it
 * sends it (`readableChapter`: sanitised, code blocks highlighted on the server, no highlighter in a
 * browser). The rendering is stored with the chapter and redone only when the content changes.
 */

const summaryColumns = {
  id: courses.id,
  slug: courses.slug,
  title: courses.title,
  summary: courses.summary,
  cover: courses.cover,
  level: courses.level,
  isPremium: courses.isPremium,
  classId: classes.id,
  classCode: classes.code,
  classSlug: classes.slug,
  className: classes.name,
  classPrice: classes.price,
  totalModules: sql<number>`(select count(*)::int from ${courseModules} where ${courseModules.courseId} = ${qualified(courses.id)})`,
  totalChapters: sql<number>`(select count(*)::int from ${courseChapters} where ${courseChapters.courseId} = ${qualified(courses.id)})`,
  totalMinutes: sql<number>`(select coalesce(sum(${courseChapters.minutes}), 0)::int from ${courseChapters} where ${courseChapters.courseId} = ${qualified(courses.id)})`,
};

// An unpublished class is not named (its page is a 404); access still follows `courses.classId`.
const fromCourses = (db: Db) =>
  db
    .select(summaryColumns)
    .from(courses)
    .leftJoin(classes, and(eq(classes.id, courses.classId), eq(classes.isPublished, true)));
type SummaryRow = Awaited<ReturnType<typeof fromCourses>>[number];

const toSummary = (row: SummaryRow): CourseSummary => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  cover: row.cover,
  level: row.level as CourseSummary['level'],
  isPremium: row.isPremium,
  class:
    row.classId !== null
      ? { id: row.classId, code: row.classCode ?? '', slug: row.classSlug ?? '', name: row.className ?? '', price: row.classPrice ?? 0 }
      : null,
  totalModules: Number(row.totalModules),
  totalChapters: Number(row.totalChapters),
  totalMinutes: Number(row.totalMinutes),
});

const published = (lmsId: string) => and(eq(courses.lmsId, lmsId), eq(courses.isPublished, true));

/** One page of published courses in their order, free and premium or only one kind (GET v1/course/list). */
export async function listCourses(
  db: Db,
  lmsId: string,
  request: { page: number; pageSize: number; premium?: boolean | undefined },
): Promise<Paged<CourseSummary>> {
  const where = and(published(lmsId), request.premium === undefined ? undefined : eq(courses.isPremium, request.premium));
  const [total] = await db.select({ value: count() }).from(courses).where(where);
  const rows = await fromCourses(db)
    .where(where)
    .orderBy(asc(courses.position), asc(courses.id))
    .limit(request.pageSize)
    .offset((request.page - 1) * request.pageSize);
  const totalItems = total?.value ?? 0;
  return pageOf(rows.map(toSummary), request.page, request.pageSize, totalItems);
}

/** A published course with its outline: modules in order, each with its chapters (never their content). */
export async function findCourse(db: Db, lmsId: string, slug: string): Promise<CourseDetail | undefined> {
  const [row] = await fromCourses(db).where(and(published(lmsId), eq(courses.slug, slug)));
  if (!row) return undefined;
  const [[extra], modules, chapters, grantedBy] = await Promise.all([
    db.select({ description: courses.description, updatedAt: courses.updatedAt }).from(courses).where(eq(courses.id, row.id)),
    db
      .select({
        id: courseModules.id,
        slug: courseModules.slug,
        title: courseModules.title,
        summary: courseModules.summary,
        position: courseModules.position,
      })
      .from(courseModules)
      .where(eq(courseModules.courseId, row.id))
      .orderBy(asc(courseModules.position), asc(courseModules.id)),
    db
      .select({
        id: courseChapters.id,
        moduleId: courseChapters.moduleId,
        slug: courseChapters.slug,
        title: courseChapters.title,
        minutes: courseChapters.minutes,
        position: courseChapters.position,
      })
      .from(courseChapters)
      .where(eq(courseChapters.courseId, row.id))
      .orderBy(asc(courseChapters.position), asc(courseChapters.id)),
    db
      .select({ code: classes.code, name: classes.name, price: classes.price })
      .from(classCourses)
      .innerJoin(classes, and(eq(classes.id, classCourses.classId), eq(classes.isPublished, true)))
      .where(eq(classCourses.courseId, row.id))
      .orderBy(asc(classes.code)),
  ]);
  if (!extra) return undefined;
  return {
    ...toSummary(row),
    description: sanitizeHtml(extra.description),
    modules: modules.map((module) => ({
      ...module,
      chapters: chapters.filter((chapter) => chapter.moduleId === module.id).map(({ moduleId: _, ...chapter }) => chapter),
    })),
    grantedBy: row.isPremium ? grantedBy : [],
    updatedAt: extra.updatedAt.toISOString(),
  };
}

/** A chapter with its stored content (not yet rendered) and what reading it takes: the course's premium flag and class. */
export interface FoundChapter {
  chapter: Chapter;
  /** The content as readers get it, when it was rendered from the stored content (else null). */
  rendered: string | null;
  isPremium: boolean;
  classId: number | null;
  className: string | null;
  courseId: number;
}

/** A chapter of a published course by slugs, with its stored content; undefined when there is none. */
export async function findChapter(db: Db, lmsId: string, courseSlug: string, chapterSlug: string): Promise<FoundChapter | undefined> {
  const [row] = await db
    .select({
      id: courseChapters.id,
      slug: courseChapters.slug,
      title: courseChapters.title,
      minutes: courseChapters.minutes,
      position: courseChapters.position,
      content: courseChapters.content,
      contentHtml: courseChapters.contentHtml,
      contentHtmlOf: courseChapters.contentHtmlOf,
      updatedAt: courseChapters.updatedAt,
      moduleSlug: courseModules.slug,
      courseId: courses.id,
      isPremium: courses.isPremium,
      classId: classes.id,
      className: classes.name,
    })
    .from(courseChapters)
    .innerJoin(courses, eq(courses.id, courseChapters.courseId))
    .innerJoin(courseModules, eq(courseModules.id, courseChapters.moduleId))
    .leftJoin(classes, eq(classes.id, courses.classId))
    .where(and(published(lmsId), eq(courses.slug, courseSlug), eq(courseChapters.slug, chapterSlug)));
  if (!row) return undefined;
  return {
    chapter: {
      id: row.id,
      slug: row.slug,
      title: row.title,
      minutes: row.minutes,
      position: row.position,
      courseSlug,
      moduleSlug: row.moduleSlug,
      content: row.content,
      updatedAt: row.updatedAt.toISOString(),
    },
    rendered: row.contentHtmlOf === chapterRenderKey(row.content) ? row.contentHtml : null,
    isPremium: row.isPremium,
    classId: row.classId,
    className: row.className,
    courseId: row.courseId,
  };
}

/** Bump when the rendering changes (sanitiser rules, theme, languages): every stored rendering is then redone. */
const CHAPTER_RENDERING = 'v1';

/** What a stored rendering was made from: the rendering's version and the content. */
export function chapterRenderKey(content: string): string {
  return createHash('sha256').update(CHAPTER_RENDERING).update('\0').update(content).digest('base64url');
}

/** Content as readers get it: sanitised, code blocks highlighted (Shiki, on the server). */
const renderChapter = async (content: string) => highlightCode(sanitizeHtml(content));

/** Stores a chapter's rendering, unless its content changed meanwhile. */
async function storeRendering(db: Db, id: number, content: string, html: string): Promise<void> {
  await db
    .update(courseChapters)
    .set({ contentHtml: html, contentHtmlOf: chapterRenderKey(content) })
    .where(and(eq(courseChapters.id, id), eq(courseChapters.content, content)));
}

/**
 * A chapter as a reader gets it: its stored rendering, or, when there is none for its current
 * content, rendered now and stored for the next reader, so the highlighter runs once per change,
 * not on every build or request.
 */
export async function readableChapter(db: Db, found: FoundChapter): Promise<Chapter> {
  if (found.rendered !== null) return { ...found.chapter, content: found.rendered };
  const html = await renderChapter(found.chapter.content);
  await storeRendering(db, found.chapter.id, found.chapter.content, html);
  return { ...found.chapter, content: html };
}

/**
 * Renders and stores every chapter of the tenant whose rendering is missing or stale (the seed calls
 * it after writing chapters); how many it rendered.
 */
export async function renderChapters(db: Db, lmsId: string): Promise<number> {
  const rows = await db
    .select({ id: courseChapters.id, content: courseChapters.content, of: courseChapters.contentHtmlOf })
    .from(courseChapters)
    .innerJoin(courses, eq(courses.id, courseChapters.courseId))
    .where(eq(courses.lmsId, lmsId));
  const stale = rows.filter((row) => row.of !== chapterRenderKey(row.content));
  for (const row of stale) await storeRendering(db, row.id, row.content, await renderChapter(row.content));
  return stale.length;
}

/**
 * A chapter of a FREE course as readers get it; undefined for a premium one, whose content never
 * reaches a built page.
 */
export async function findFreeChapter(db: Db, lmsId: string, courseSlug: string, chapterSlug: string): Promise<Chapter | undefined> {
  const found = await findChapter(db, lmsId, courseSlug, chapterSlug);
  return found && !found.isPremium ? readableChapter(db, found) : undefined;
}

/**
 * Whether a user may read a course: always for a free one; for a premium one, while enrolled (active
 * or completed) in a class that grants it (class_courses: the class's perk). A refund cancels the
 * enrolment, and with it the access.
 */
export async function mayRead(db: Db, userId: string, course: { isPremium: boolean; courseId: number }): Promise<boolean> {
  if (!course.isPremium) return true;
  const [enrolled] = await db
    .select({ id: enrolments.id })
    .from(enrolments)
    .innerJoin(classCourses, eq(classCourses.classId, enrolments.classId))
    .where(
      and(eq(classCourses.courseId, course.courseId), eq(enrolments.userId, userId), inArray(enrolments.status, ['active', 'completed'])),
    )
    .limit(1);
  return enrolled !== undefined;
}

/** A learner's progress in a course; undefined when there is no such course. */
export async function courseProgress(db: Db, lmsId: string, userId: string, courseSlug: string): Promise<CourseProgress | undefined> {
  const [course] = await db
    .select({ id: courses.id, isPremium: courses.isPremium })
    .from(courses)
    .where(and(published(lmsId), eq(courses.slug, courseSlug)));
  if (!course) return undefined;
  const [hasAccess, chapters, [certificate]] = await Promise.all([
    mayRead(db, userId, { isPremium: course.isPremium, courseId: course.id }),
    chaptersRead(db, userId, [course.id]),
    db
      .select({ id: certificates.id })
      .from(certificates)
      .where(and(eq(certificates.userId, userId), eq(certificates.courseId, course.id), isNull(certificates.revokedAt))),
  ]);
  const completedChapterIds = chapters
    .filter((chapter) => chapter.read)
    .map((chapter) => chapter.id)
    .sort((a, b) => a - b);
  return {
    courseSlug,
    hasAccess,
    completedChapterIds,
    totalChapters: chapters.length,
    ...(certificate ? { certificateId: certificate.id } : {}),
  };
}

/**
 * Records that a learner read a chapter (once; a repeat changes nothing) and, when that makes every
 * chapter of the course read, issues the course's certificate in the same transaction (once per
 * learner and course). A learner's reads of one course wait for each other from the count on (an
 * advisory lock of the transaction), so two last chapters read at once still see each other: the
 * second to count sees both and issues. Answers the id of the certificate the learner holds for the
 * course, when the course is complete.
 */
export async function recordChapterRead(db: Db, userId: string, chapter: { id: number; courseId: number }): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    await tx.insert(chapterProgress).values({ userId, chapterId: chapter.id }).onConflictDoNothing();
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`course-complete:${userId}:${chapter.courseId}`}, 0))`);
    const chapters = await chaptersRead(tx, userId, [chapter.courseId]);
    return chapters.every((each) => each.read) ? issueCourseCertificate(tx, { userId, courseId: chapter.courseId }) : undefined;
  });
}
