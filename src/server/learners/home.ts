import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { ClassState } from '~/contract/classes';
import type { LearnerClass, LearnerCourse, LearnerHome, LearnerInvoice, TaughtClass } from '~/contract/learner';
import type { InvoiceState } from '~/contract/payments';
import { nextSession } from '~/lib/catalogue/class-sessions';
import { chaptersRead, classState } from '../catalogue';
import type { Db } from '../db/client';
import { chapterProgress, classCourses, classes, classMentors, courseChapters, courses, enrolments, invoices, mentors } from '../db/schema';

/**
 * What /Akun shows of the signed-in user (`GET v1/user/home`), every read scoped twice: to the user
 * (who belongs to the tenant: the guard refuses another tenant's session) and to the catalogue the
 * tenant shows (`catalogueLmsId`) for classes and courses, or the tenant itself for invoices.
 */

/** Who the home is for: the user, their tenant and the catalogue it shows. */
export interface HomeViewer {
  userId: string;
  lmsId: string;
  catalogueLmsId: string;
}

const SEATED = ['active', 'completed'];
/** The most invoices the home lists (newest first). */
export const HOME_INVOICES = 50;

const classColumns = {
  id: classes.id,
  code: classes.code,
  slug: classes.slug,
  name: classes.name,
  state: classState,
  alwaysOpen: classes.alwaysOpen,
  registrationOpensAt: classes.registrationOpensAt,
  registrationClosesAt: classes.registrationClosesAt,
  startsAt: classes.startsAt,
  endsAt: classes.endsAt,
  isOnline: classes.isOnline,
  place: classes.place,
  schedule: classes.schedule,
  isPublished: classes.isPublished,
};

/** What a class read gives (`classColumns`). */
interface ClassRow {
  code: string;
  slug: string;
  name: string;
  state: ClassState;
  alwaysOpen: boolean;
  registrationOpensAt: Date | null;
  registrationClosesAt: Date | null;
  startsAt: Date | null;
  endsAt: Date | null;
  isOnline: boolean;
  place: string;
  schedule: string;
  isPublished: boolean;
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** A class row as the home shows it, with its next session at `now`. */
function homeClass(row: ClassRow, now: Date) {
  return {
    code: row.code,
    slug: row.slug,
    name: row.name,
    state: row.state,
    alwaysOpen: row.alwaysOpen,
    registrationOpensAt: iso(row.registrationOpensAt),
    registrationClosesAt: iso(row.registrationClosesAt),
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    isOnline: row.isOnline,
    place: row.place,
    schedule: row.schedule,
    isPublished: row.isPublished,
    nextSession: nextSession(row, now) ?? null,
  };
}

/** Soonest next session first, then classes without one by their start, then by name. */
function bySession<T extends { nextSession: { startsAt: string } | null; startsAt: string | null; name: string }>(a: T, b: T) {
  const at = (item: T) => (item.nextSession ? Date.parse(item.nextSession.startsAt) : Number.POSITIVE_INFINITY);
  return at(a) - at(b) || (a.startsAt ?? '').localeCompare(b.startsAt ?? '') || a.name.localeCompare(b.name, 'id');
}

/** The classes the user holds a seat in (paid, free or given by staff), in the catalogue the tenant shows. */
export async function learnerClasses(db: Db, viewer: HomeViewer, now = new Date()): Promise<LearnerClass[]> {
  const rows = await db
    .select({ ...classColumns, enrolment: enrolments.status })
    .from(enrolments)
    .innerJoin(classes, eq(classes.id, enrolments.classId))
    .where(and(eq(enrolments.userId, viewer.userId), eq(classes.lmsId, viewer.catalogueLmsId), inArray(enrolments.status, SEATED)));
  return rows.map((row) => ({ ...homeClass(row, now), enrolment: row.enrolment as LearnerClass['enrolment'] })).sort(bySession);
}

/** The classes a mentor linked to the user teaches in the catalogue the tenant shows, with their learner counts. */
export async function taughtClasses(db: Db, viewer: HomeViewer, now = new Date()): Promise<TaughtClass[]> {
  const learners = db
    .select({ classId: enrolments.classId, learners: count().as('learners') })
    .from(enrolments)
    .where(inArray(enrolments.status, SEATED))
    .groupBy(enrolments.classId)
    .as('seats');
  const rows = await db
    .selectDistinctOn([classes.id], { ...classColumns, learners: sql<number>`coalesce(${learners.learners}, 0)` })
    .from(classMentors)
    .innerJoin(mentors, eq(mentors.id, classMentors.mentorId))
    .innerJoin(classes, eq(classes.id, classMentors.classId))
    .leftJoin(learners, eq(learners.classId, classes.id))
    .where(and(eq(mentors.userId, viewer.userId), eq(classes.lmsId, viewer.catalogueLmsId)))
    .orderBy(asc(classes.id));
  return rows.map((row) => ({ ...homeClass(row, now), learners: Number(row.learners) })).sort(bySession);
}

/**
 * The courses the user may read and has reason to: premium ones a class of theirs grants (seat active
 * or completed) and free ones they started (a chapter read). A premium course they read before a
 * refund withdrew it is not listed: its chapters would refuse them.
 */
export async function learnerCourses(db: Db, viewer: HomeViewer): Promise<LearnerCourse[]> {
  const granted = await db
    .select({ courseId: classCourses.courseId, className: classes.name })
    .from(classCourses)
    .innerJoin(enrolments, eq(enrolments.classId, classCourses.classId))
    .innerJoin(classes, eq(classes.id, classCourses.classId))
    .where(and(eq(enrolments.userId, viewer.userId), inArray(enrolments.status, SEATED), eq(classes.lmsId, viewer.catalogueLmsId)))
    .orderBy(asc(classes.name));
  const grantedBy = new Map<number, string>();
  for (const row of granted) if (!grantedBy.has(row.courseId)) grantedBy.set(row.courseId, row.className);
  const started = await db
    .selectDistinct({ courseId: courseChapters.courseId })
    .from(chapterProgress)
    .innerJoin(courseChapters, eq(courseChapters.id, chapterProgress.chapterId))
    .where(eq(chapterProgress.userId, viewer.userId));
  const ids = [...new Set([...grantedBy.keys(), ...started.map((row) => row.courseId)])];
  if (!ids.length) return [];
  // A premium course only through a grant; with none granted, free courses only.
  const free = eq(courses.isPremium, false);
  const readable = grantedBy.size ? or(free, inArray(courses.id, [...grantedBy.keys()])) : free;
  const found = await db
    .select({ id: courses.id, slug: courses.slug, title: courses.title, isPremium: courses.isPremium })
    .from(courses)
    .where(and(inArray(courses.id, ids), eq(courses.lmsId, viewer.catalogueLmsId), eq(courses.isPublished, true), readable))
    .orderBy(asc(courses.position), asc(courses.id));
  const chapters = await chaptersRead(
    db,
    viewer.userId,
    found.map((course) => course.id),
  );
  return found.map((course) => {
    const own = chapters.filter((chapter) => chapter.courseId === course.id);
    const next = own.find((chapter) => !chapter.read);
    return {
      slug: course.slug,
      title: course.title,
      isPremium: course.isPremium,
      chaptersRead: own.filter((chapter) => chapter.read).length,
      totalChapters: own.length,
      next: next ? { moduleSlug: next.moduleSlug, chapterSlug: next.slug, title: next.title } : null,
      grantedBy: grantedBy.get(course.id) ?? null,
    };
  });
}

/** The user's invoices in this tenant, newest first (at most `HOME_INVOICES`). */
export async function learnerInvoices(db: Db, viewer: HomeViewer): Promise<LearnerInvoice[]> {
  const rows = await db
    .select({
      merchantOrderId: invoices.merchantOrderId,
      classCode: classes.code,
      className: classes.name,
      amount: invoices.amount,
      vat: invoices.vat,
      total: invoices.total,
      vatBps: invoices.vatBps,
      vatIncluded: invoices.vatIncluded,
      status: invoices.status,
      createdAt: invoices.createdAt,
      expiresAt: invoices.expiresAt,
      paidAt: invoices.paidAt,
    })
    .from(invoices)
    .innerJoin(classes, eq(classes.id, invoices.classId))
    .where(and(eq(invoices.lmsId, viewer.lmsId), eq(invoices.userId, viewer.userId)))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(HOME_INVOICES);
  return rows.map(({ vatBps, vatIncluded, ...row }) => ({
    ...row,
    tax: { vatBps, included: vatIncluded },
    status: row.status as InvoiceState,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    paidAt: iso(row.paidAt),
  }));
}

/** The home without the mentor's part (routes.ts adds it for mentors). */
export async function learnerHome(db: Db, viewer: HomeViewer, now = new Date()): Promise<LearnerHome> {
  const [classList, courseList, invoiceList] = await Promise.all([
    learnerClasses(db, viewer, now),
    learnerCourses(db, viewer),
    learnerInvoices(db, viewer),
  ]);
  return { classes: classList, courses: courseList, invoices: invoiceList };
}
