import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { ClassDetail, ClassFilterOptions, ClassFilters, ClassSort, ClassSummary, SyllabusItem } from '~/contract/classes';
import type { Paged } from '~/contract/paged';
import { sanitizeHtml } from '~/lib/html/sanitize';
import type { Db } from '../db/client';
import { batches, catalogueCategories, classCourses, classes, courses, programs } from '../db/schema';
import { cityNames } from '../platform/areas';
import { pageOf } from '../platform/paging';
import { likePattern } from '../platform/slugs';
import { classState, fromClasses, syllabusOf, toSummaries } from './class-rows';

/**
 * Reads of the class catalogue (SPEC §7 "Classes and programs"). Only published classes of the
 * tenant are ever answered; the lifecycle state is computed by the database (class-rows.ts), so
 * filtering, counting and paging by it happen in one query.
 */

/** What a class list asks for: paging, filters and, for some lists, extra conditions. */
export interface ClassListRequest {
  page: number;
  pageSize: number;
  filters?: ClassFilters | undefined;
  /** Finished classes too (they are left out of active lists unless `filters.state` asks for them). */
  includeFinished?: boolean | undefined;
  /** Only classes in the category with this slug (the Elevate track). */
  categorySlug?: string | undefined;
  online?: boolean | undefined;
  preClass?: boolean | undefined;
  programId?: number | undefined;
}

const ORDERS: Record<ClassSort, SQL[]> = {
  // What a learner can still join first (open, coming, about to start), soonest start first, always-open
  // classes after the dated ones; classes already running or over after them.
  start: [
    sql`(case when ${classState} in ('registration', 'coming-soon', 'soon') then 0 else 1 end)`,
    sql`${classes.startsAt} asc nulls last`,
  ],
  newest: [desc(classes.createdAt)],
  name: [asc(classes.name)],
  'price-asc': [asc(classes.price)],
  'price-desc': [desc(classes.price)],
};

function conditions(lmsId: string, request: ClassListRequest): SQL | undefined {
  const filters = request.filters ?? {};
  return and(
    eq(classes.lmsId, lmsId),
    eq(classes.isPublished, true),
    filters.state ? sql`${classState} = ${filters.state}` : request.includeFinished ? undefined : sql`${classState} <> 'finished'`,
    filters.level ? eq(classes.level, filters.level) : undefined,
    filters.type ? eq(classes.type, filters.type) : undefined,
    filters.programIds?.length ? inArray(classes.programId, filters.programIds) : undefined,
    filters.registrarCityIds?.length ? inArray(classes.registrarCityId, filters.registrarCityIds) : undefined,
    filters.heldCityIds?.length ? inArray(classes.heldCityId, filters.heldCityIds) : undefined,
    filters.categoryId ? eq(classes.categoryId, filters.categoryId) : undefined,
    filters.search
      ? or(
          ilike(classes.name, likePattern(filters.search)),
          ilike(classes.code, likePattern(filters.search)),
          ilike(classes.summary, likePattern(filters.search)),
        )
      : undefined,
    request.categorySlug
      ? sql`${classes.categoryId} in (select ${catalogueCategories.id} from ${catalogueCategories} where ${catalogueCategories.lmsId} = ${lmsId} and ${catalogueCategories.slug} = ${request.categorySlug})`
      : undefined,
    request.online === undefined ? undefined : eq(classes.isOnline, request.online),
    request.preClass === undefined ? undefined : eq(classes.isPreClass, request.preClass),
    request.programId ? eq(classes.programId, request.programId) : undefined,
  );
}

/** One page of classes (active ones unless asked otherwise), filtered and sorted; ties by id for stable pages. */
export async function listActiveClasses(db: Db, lmsId: string, request: ClassListRequest): Promise<Paged<ClassSummary>> {
  const where = conditions(lmsId, request);
  const [total] = await db.select({ value: count() }).from(classes).where(where);
  const rows = await fromClasses(db)
    .where(where)
    .orderBy(...ORDERS[request.filters?.sort ?? 'start'], asc(classes.id))
    .limit(request.pageSize)
    .offset((request.page - 1) * request.pageSize);
  const totalItems = total?.value ?? 0;
  return pageOf(await toSummaries(db, rows), request.page, request.pageSize, totalItems);
}

/** The 6 most recently added published classes (GET v1/class/recent). */
export async function listRecentClasses(db: Db, lmsId: string): Promise<ClassSummary[]> {
  const rows = await fromClasses(db)
    .where(and(eq(classes.lmsId, lmsId), eq(classes.isPublished, true)))
    .orderBy(desc(classes.createdAt), desc(classes.id))
    .limit(6);
  return toSummaries(db, rows);
}

/** A published class (any class, for its admins) by code first, then by slug (SPEC /Class/{code} and /Class/{slug}), with all its page shows. */
export async function findClass(
  db: Db,
  lmsId: string,
  codeOrSlug: string,
  options: { includeHidden?: boolean } = {},
): Promise<ClassDetail | undefined> {
  const tenant = and(eq(classes.lmsId, lmsId), options.includeHidden ? undefined : eq(classes.isPublished, true));
  const [byCode] = await fromClasses(db).where(and(tenant, eq(classes.code, codeOrSlug)));
  const [row] = byCode ? [byCode] : await fromClasses(db).where(and(tenant, eq(classes.slug, codeOrSlug)));
  if (!row) return undefined;
  const [[summary], [extra], syllabus, granted] = await Promise.all([
    toSummaries(db, [row]),
    db
      .select({
        description: classes.description,
        requirements: classes.requirements,
        benefits: classes.benefits,
        enrolmentFields: classes.enrolmentFields,
        updatedAt: classes.updatedAt,
        batchId: batches.id,
        batchCode: batches.code,
        batchName: batches.name,
      })
      .from(classes)
      .leftJoin(batches, eq(batches.id, classes.batchId))
      .where(eq(classes.id, row.id)),
    syllabusOf(db, { classId: row.id }),
    db
      .select({ slug: courses.slug, title: courses.title, isPremium: courses.isPremium })
      .from(classCourses)
      .innerJoin(courses, and(eq(courses.id, classCourses.courseId), eq(courses.isPublished, true)))
      .where(eq(classCourses.classId, row.id))
      .orderBy(asc(courses.position), asc(courses.id)),
  ]);
  if (!summary || !extra) return undefined;
  return {
    ...summary,
    description: sanitizeHtml(extra.description),
    requirements: extra.requirements,
    benefits: extra.benefits,
    enrolmentFields: extra.enrolmentFields,
    syllabus,
    batch: extra.batchId !== null ? { id: extra.batchId, code: extra.batchCode ?? '', name: extra.batchName ?? '' } : null,
    courses: granted,
    updatedAt: extra.updatedAt.toISOString(),
  };
}

/** The syllabus of one of the tenant's classes (GET v1/class/syllabus); undefined when the class is not the tenant's. */
export async function findClassSyllabus(db: Db, lmsId: string, classId: number): Promise<SyllabusItem[] | undefined> {
  const [found] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.lmsId, lmsId), eq(classes.id, classId), eq(classes.isPublished, true)));
  return found ? syllabusOf(db, { classId }) : undefined;
}

/** The values the class filters offer: the programs, categories and cities the tenant's published classes have. */
export async function classFilterOptions(db: Db, lmsId: string): Promise<ClassFilterOptions> {
  const published = and(eq(classes.lmsId, lmsId), eq(classes.isPublished, true));
  const [programRows, categoryRows, cityRows, names] = await Promise.all([
    db
      .selectDistinct({ id: programs.id, slug: programs.slug, name: programs.name })
      .from(programs)
      .innerJoin(classes, and(eq(classes.programId, programs.id), published))
      .where(eq(programs.isActive, true))
      .orderBy(asc(programs.name)),
    db
      .selectDistinct({ id: catalogueCategories.id, slug: catalogueCategories.slug, name: catalogueCategories.name })
      .from(catalogueCategories)
      .innerJoin(classes, and(eq(classes.categoryId, catalogueCategories.id), published))
      .orderBy(asc(catalogueCategories.name)),
    db.selectDistinct({ held: classes.heldCityId, registrar: classes.registrarCityId }).from(classes).where(published),
    cityNames(),
  ]);
  const cities = (ids: (string | null)[]) =>
    [...new Set(ids.filter((id): id is string => id !== null))]
      .map((id) => ({ id, name: names.get(id) ?? id }))
      .sort((a, b) => a.name.localeCompare(b.name, 'id'));
  return {
    programs: programRows,
    categories: categoryRows,
    heldCities: cities(cityRows.map((row) => row.held)),
    registrarCities: cities(cityRows.map((row) => row.registrar)),
  };
}

/**
 * The next moment after `now` at which a published class of the tenant changes lifecycle state
 * (registration opens or closes, the class starts or ends); undefined when none will. The badges on
 * static pages are computed at build: the build scheduler queues a build for that moment.
 */
export async function nextStateChange(db: Db, lmsId: string, now = new Date()): Promise<Date | undefined> {
  const after = sql`${now.toISOString()}::timestamptz`;
  const next = (column: typeof classes.startsAt) => sql`min(case when ${column} > ${after} then ${column} end)`;
  const [row] = await db
    .select({
      at: sql<
        Date | string | null
      >`least(${next(classes.registrationOpensAt)}, ${next(classes.registrationClosesAt)}, ${next(classes.startsAt)}, ${next(classes.endsAt)})`,
    })
    .from(classes)
    .where(and(eq(classes.lmsId, lmsId), eq(classes.isPublished, true), eq(classes.alwaysOpen, false)));
  return row?.at ? new Date(row.at) : undefined;
}
