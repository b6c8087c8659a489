import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Paged } from '~/contract/paged';
import type { Batch, ProgramDetail, ProgramSchool, ProgramSummary } from '~/contract/programs';
import { sanitizeHtml } from '~/lib/html/sanitize';
import type { Db } from '../db/client';
import { batches, catalogueCategories, classes, classMentors, enrolments, programSchools, programs, schools } from '../db/schema';
import { cityNames } from '../platform/areas';
import { pageOf } from '../platform/paging';
import { qualified } from '../posts';
import { classState, syllabusOf } from './class-rows';
import { listActiveClasses } from './classes';
import { listMentors } from './mentors';

/**
 * Reads of programs (SPEC §3 "Program"), their schools and batches (core API `batch/active`). Only
 * active programs are answered. A program matches a city filter when one of its published classes is
 * held or registered there.
 */

export interface ProgramFilters {
  registrarCityIds?: string[] | undefined;
  heldCityIds?: string[] | undefined;
  categoryId?: number | undefined;
}

const classOf = (extra: SQL) =>
  sql`exists (select 1 from ${classes} where ${classes.programId} = ${qualified(programs.id)} and ${classes.isPublished} and ${extra})`;

const summaryColumns = {
  id: programs.id,
  slug: programs.slug,
  name: programs.name,
  summary: programs.summary,
  logo: programs.logo,
  audience: programs.audience,
  // From the dates of the batch that runs now or next (durations are never typed twice); the stored figure only without one.
  durationWeeks: sql<
    number | null
  >`coalesce((select greatest(1, round((extract(epoch from (${batches.endsAt} - ${batches.startsAt})) / 86400 + 1) / 7))::int
    from ${batches} where ${batches.programId} = ${qualified(programs.id)} and ${batches.endsAt} >= now() order by ${batches.startsAt} limit 1),
    ${programs.durationWeeks})`,
  categoryId: catalogueCategories.id,
  categorySlug: catalogueCategories.slug,
  categoryName: catalogueCategories.name,
  totalClasses: sql<number>`(select count(*)::int from ${classes} where ${classes.programId} = ${qualified(programs.id)} and ${classes.isPublished})`,
  openClasses: sql<number>`(select count(*)::int from ${classes} where ${classes.programId} = ${qualified(programs.id)} and ${classes.isPublished} and ${classState} = 'registration')`,
};

type SummaryRow = { [K in keyof typeof summaryColumns]: unknown } & {
  id: number;
  slug: string;
  name: string;
  summary: string;
  logo: string;
  audience: string;
  durationWeeks: number | null;
  categoryId: number | null;
  categorySlug: string | null;
  categoryName: string | null;
  totalClasses: number;
  openClasses: number;
};

const toSummary = (row: SummaryRow): ProgramSummary => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  summary: row.summary,
  logo: row.logo,
  audience: row.audience,
  durationWeeks: row.durationWeeks,
  category: row.categoryId !== null ? { id: row.categoryId, slug: row.categorySlug ?? '', name: row.categoryName ?? '' } : null,
  totalClasses: Number(row.totalClasses),
  openClasses: Number(row.openClasses),
});

const fromPrograms = (db: Db) =>
  db.select(summaryColumns).from(programs).leftJoin(catalogueCategories, eq(catalogueCategories.id, programs.categoryId));

/** One page of active programs in their order (GET v1/program/active). */
export async function listPrograms(
  db: Db,
  lmsId: string,
  request: { page: number; pageSize: number; filters?: ProgramFilters | undefined },
): Promise<Paged<ProgramSummary>> {
  const filters = request.filters ?? {};
  const where = and(
    eq(programs.lmsId, lmsId),
    eq(programs.isActive, true),
    filters.categoryId ? eq(programs.categoryId, filters.categoryId) : undefined,
    filters.heldCityIds?.length ? classOf(inArray(classes.heldCityId, filters.heldCityIds)) : undefined,
    filters.registrarCityIds?.length ? classOf(inArray(classes.registrarCityId, filters.registrarCityIds)) : undefined,
  );
  const [total] = await db.select({ value: count() }).from(programs).where(where);
  const rows = (await fromPrograms(db)
    .where(where)
    .orderBy(asc(programs.position), asc(programs.id))
    .limit(request.pageSize)
    .offset((request.page - 1) * request.pageSize)) as SummaryRow[];
  const totalItems = total?.value ?? 0;
  return pageOf(rows.map(toSummary), request.page, request.pageSize, totalItems);
}

/** An active program by id or slug, with its syllabus, classes, mentors and batches (GET v1/program/active/detail). */
export async function findProgram(db: Db, lmsId: string, key: { id: number } | { slug: string }): Promise<ProgramDetail | undefined> {
  const match = 'id' in key ? eq(programs.id, key.id) : eq(programs.slug, key.slug);
  const [row] = (await fromPrograms(db).where(and(eq(programs.lmsId, lmsId), eq(programs.isActive, true), match))) as SummaryRow[];
  if (!row) return undefined;
  const [[extra], syllabus, classPage, programBatches, mentorRows] = await Promise.all([
    db
      .select({ description: programs.description, outcomes: programs.outcomes, updatedAt: programs.updatedAt })
      .from(programs)
      .where(eq(programs.id, row.id)),
    syllabusOf(db, { programId: row.id }),
    listActiveClasses(db, lmsId, { page: 1, pageSize: 100, includeFinished: true, programId: row.id }),
    batchesOf(db, lmsId, { programId: row.id }),
    db
      .selectDistinct({ id: classMentors.mentorId })
      .from(classMentors)
      .innerJoin(classes, eq(classes.id, classMentors.classId))
      .where(and(eq(classes.programId, row.id), eq(classes.isPublished, true))),
  ]);
  if (!extra) return undefined;
  return {
    ...toSummary(row),
    description: sanitizeHtml(extra.description),
    outcomes: extra.outcomes,
    syllabus,
    classes: classPage.items,
    mentors: await listMentors(db, lmsId, { ids: mentorRows.map((mentor) => mentor.id) }),
    batches: programBatches,
    updatedAt: extra.updatedAt.toISOString(),
  };
}

/** The syllabus of one of the tenant's active programs (core API `silabus/{programId}`); undefined when there is no such program. */
export async function findProgramSyllabus(db: Db, lmsId: string, programId: number) {
  const [found] = await db
    .select({ id: programs.id })
    .from(programs)
    .where(and(eq(programs.lmsId, lmsId), eq(programs.id, programId), eq(programs.isActive, true)));
  return found ? syllabusOf(db, { programId }) : undefined;
}

const batchColumns = {
  id: batches.id,
  code: batches.code,
  name: batches.name,
  programId: programs.id,
  programSlug: programs.slug,
  programName: programs.name,
  startsAt: batches.startsAt,
  endsAt: batches.endsAt,
  quota: batches.quota,
  // Learners in the batch's classes plus the students its schools sent.
  participants: sql<number>`((select count(*)::int from ${enrolments} join ${classes} on ${classes.id} = ${enrolments.classId}
      where ${classes.batchId} = ${qualified(batches.id)} and ${enrolments.status} <> 'cancelled')
    + (select coalesce(sum(${programSchools.students}), 0)::int from ${programSchools} where ${programSchools.batchId} = ${qualified(batches.id)}))`,
};

const toBatch = (row: {
  id: number;
  code: string;
  name: string;
  programId: number;
  programSlug: string;
  programName: string;
  startsAt: Date;
  endsAt: Date;
  quota: number | null;
  participants: number;
}): Batch => ({
  id: row.id,
  code: row.code,
  name: row.name,
  program: { id: row.programId, slug: row.programSlug, name: row.programName },
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  quota: row.quota,
  participants: Number(row.participants),
});

/** Batches of the tenant's active programs: of one program, or only those running now (`active`), earliest start first. */
export async function batchesOf(
  db: Db,
  lmsId: string,
  where: { programId?: number; active?: boolean; page?: number; pageSize?: number },
): Promise<Batch[]> {
  const query = db
    .select(batchColumns)
    .from(batches)
    .innerJoin(programs, and(eq(programs.id, batches.programId), eq(programs.isActive, true)))
    .where(
      and(
        eq(batches.lmsId, lmsId),
        where.programId ? eq(batches.programId, where.programId) : undefined,
        where.active ? sql`now() between ${batches.startsAt} and ${batches.endsAt}` : undefined,
      ),
    )
    .orderBy(asc(batches.startsAt), asc(batches.id));
  const rows = where.pageSize ? await query.limit(where.pageSize).offset(((where.page ?? 1) - 1) * where.pageSize) : await query;
  return rows.map(toBatch);
}

/** How many batches of the tenant's active programs run now. */
export async function countActiveBatches(db: Db, lmsId: string): Promise<number> {
  const [total] = await db
    .select({ value: count() })
    .from(batches)
    .innerJoin(programs, and(eq(programs.id, batches.programId), eq(programs.isActive, true)))
    .where(and(eq(batches.lmsId, lmsId), sql`now() between ${batches.startsAt} and ${batches.endsAt}`));
  return total?.value ?? 0;
}

/** One page of a program's schools, by name (GET v1/program/schools); undefined when the program is not the tenant's. */
export async function listProgramSchools(
  db: Db,
  lmsId: string,
  request: { programId: number; page: number; pageSize: number },
): Promise<Paged<ProgramSchool> | undefined> {
  const [found] = await db
    .select({ id: programs.id })
    .from(programs)
    .where(and(eq(programs.lmsId, lmsId), eq(programs.id, request.programId), eq(programs.isActive, true)));
  if (!found) return undefined;
  const where = and(eq(programSchools.programId, request.programId), eq(schools.lmsId, lmsId));
  const [total] = await db
    .select({ value: count() })
    .from(programSchools)
    .innerJoin(schools, eq(schools.id, programSchools.schoolId))
    .where(where);
  const [rows, names] = await Promise.all([
    db
      .select({
        id: schools.id,
        npsn: schools.npsn,
        name: schools.name,
        provinceId: schools.provinceId,
        cityId: schools.cityId,
        students: programSchools.students,
        graduates: programSchools.graduates,
      })
      .from(programSchools)
      .innerJoin(schools, eq(schools.id, programSchools.schoolId))
      .where(where)
      .orderBy(asc(schools.name), asc(schools.id))
      .limit(request.pageSize)
      .offset((request.page - 1) * request.pageSize),
    cityNames(),
  ]);
  const totalItems = total?.value ?? 0;
  return pageOf(
    rows.map(({ provinceId, cityId, ...school }) => ({
      ...school,
      province: { id: provinceId, name: names.get(provinceId) ?? provinceId },
      city: { id: cityId, name: names.get(cityId) ?? cityId },
    })),
    request.page,
    request.pageSize,
    totalItems,
  );
}
