import { asc, inArray, type SQL, sql } from 'drizzle-orm';
import type { ClassState, ClassSummary, SyllabusItem } from '~/contract/classes';
import type { Db } from '../db/client';
import { catalogueCategories, classes, classMentors, mentors, programs, syllabusItems, tenants } from '../db/schema';
import { cityNames } from '../platform/areas';

/**
 * What the class services share: the lifecycle state as SQL (so the database filters and pages by
 * it), the columns of a class summary, and the bulk loads of mentors and syllabi for a page of classes.
 */

/**
 * SPEC §4 lifecycle from the dates, at the database's `now()`: finished after the end, running from
 * the start, coming soon before registration opens, registration while it is open (always, for an
 * always-open class), else 'soon' (registration closed, not started).
 */
export const classState: SQL<ClassState> = sql<ClassState>`(case
  when ${classes.alwaysOpen} then 'registration'
  when ${classes.endsAt} is not null and now() > ${classes.endsAt} then 'finished'
  when ${classes.startsAt} is not null and now() >= ${classes.startsAt} then 'running'
  when ${classes.registrationOpensAt} is not null and now() < ${classes.registrationOpensAt} then 'coming-soon'
  when now() <= coalesce(${classes.registrationClosesAt}, ${classes.startsAt}, 'infinity'::timestamptz) then 'registration'
  else 'soon' end)`;

/** The columns of a class summary, before cities and mentors are added. */
export const summaryColumns = {
  id: classes.id,
  code: classes.code,
  slug: classes.slug,
  name: classes.name,
  summary: classes.summary,
  logo: classes.logo,
  type: classes.type,
  level: classes.level,
  state: classState,
  isOnline: classes.isOnline,
  place: classes.place,
  heldCityId: classes.heldCityId,
  registrarCityId: classes.registrarCityId,
  price: classes.price,
  quota: classes.quota,
  schedule: classes.schedule,
  registrationOpensAt: classes.registrationOpensAt,
  registrationClosesAt: classes.registrationClosesAt,
  startsAt: classes.startsAt,
  endsAt: classes.endsAt,
  alwaysOpen: classes.alwaysOpen,
  isPreClass: classes.isPreClass,
  programId: programs.id,
  programSlug: programs.slug,
  programName: programs.name,
  categoryId: catalogueCategories.id,
  categorySlug: catalogueCategories.slug,
  categoryName: catalogueCategories.name,
  /** The tax rule of the tenant that owns the class (a tenant sharing its catalogue sells under it too). */
  vatBps: tenants.vatBps,
  vatIncluded: tenants.vatIncluded,
};

/** A summary query's FROM: classes with their program (when active) and category. */
export function fromClasses(db: Db) {
  return db
    .select(summaryColumns)
    .from(classes)
    .innerJoin(tenants, sql`${tenants.lmsId} = ${classes.lmsId}`)
    .leftJoin(programs, sql`${programs.id} = ${classes.programId} and ${programs.isActive}`)
    .leftJoin(catalogueCategories, sql`${catalogueCategories.id} = ${classes.categoryId}`);
}

/** A row of a summary query. */
export type SummaryRow = Awaited<ReturnType<typeof fromClasses>>[number];

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Rows of a summary query as the contract's summaries, with city names and mentors loaded in one query each. */
export async function toSummaries(db: Db, rows: SummaryRow[]): Promise<ClassSummary[]> {
  if (!rows.length) return [];
  const [names, teaching] = await Promise.all([
    cityNames(),
    mentorsOf(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  const city = (id: string | null) => (id ? { id, name: names.get(id) ?? id } : null);
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    slug: row.slug,
    name: row.name,
    summary: row.summary,
    logo: row.logo,
    type: row.type as ClassSummary['type'],
    level: row.level as ClassSummary['level'],
    state: row.state,
    isOnline: row.isOnline,
    place: row.place,
    heldCity: city(row.heldCityId),
    registrarCity: city(row.registrarCityId),
    price: row.price,
    tax: { vatBps: row.vatBps, included: row.vatIncluded },
    quota: row.quota,
    schedule: row.schedule,
    registrationOpensAt: iso(row.registrationOpensAt),
    registrationClosesAt: iso(row.registrationClosesAt),
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    alwaysOpen: row.alwaysOpen,
    isPreClass: row.isPreClass,
    program: row.programId !== null ? { id: row.programId, slug: row.programSlug ?? '', name: row.programName ?? '' } : null,
    category: row.categoryId !== null ? { id: row.categoryId, slug: row.categorySlug ?? '', name: row.categoryName ?? '' } : null,
    mentors: teaching.get(row.id) ?? [],
  }));
}

/** The mentors of each class, in order, for many classes at once. */
async function mentorsOf(db: Db, classIds: number[]): Promise<Map<number, ClassSummary['mentors']>> {
  const rows = await db
    .select({ classId: classMentors.classId, slug: mentors.slug, name: mentors.name, headline: mentors.headline, photo: mentors.photo })
    .from(classMentors)
    .innerJoin(mentors, sql`${mentors.id} = ${classMentors.mentorId} and ${mentors.isActive}`)
    .where(inArray(classMentors.classId, classIds))
    .orderBy(asc(classMentors.position), asc(mentors.id));
  const byClass = new Map<number, ClassSummary['mentors']>();
  for (const { classId, ...mentor } of rows) byClass.set(classId, [...(byClass.get(classId) ?? []), mentor]);
  return byClass;
}

/** The syllabus of a class or a program, in order. */
export async function syllabusOf(db: Db, owner: { classId: number } | { programId: number }): Promise<SyllabusItem[]> {
  const where =
    'classId' in owner ? sql`${syllabusItems.classId} = ${owner.classId}` : sql`${syllabusItems.programId} = ${owner.programId}`;
  const rows = await db
    .select({
      id: syllabusItems.id,
      position: syllabusItems.position,
      title: syllabusItems.title,
      summary: syllabusItems.summary,
      topics: syllabusItems.topics,
      hours: syllabusItems.hours,
    })
    .from(syllabusItems)
    .where(where)
    .orderBy(asc(syllabusItems.position), asc(syllabusItems.id));
  return rows;
}
