import { and, eq, inArray, notExists } from 'drizzle-orm';
import type { z } from 'zod';
import { type ClassCreateSchema, type ClassUpdateSchema, dateOrderError } from '~/contract/class-writes';
import type { ClassDetail } from '~/contract/classes';
import { sanitizeHtml } from '~/lib/html/sanitize';
import type { Db } from '../db/client';
import { sqlState, UNIQUE_VIOLATION } from '../db/errors';
import { batches, catalogueCategories, classes, classMentors, enrolments, invoices, mentors, programs, syllabusItems } from '../db/schema';
import { cityNames } from '../platform/areas';
import { type DomainError, type FieldError, fail, failOn } from '../platform/errors';
import { insertWithFreeSlug, slugify } from '../platform/slugs';
import { findClass } from './classes';

/**
 * Writing a tenant's classes (classes-routes.ts, admins only). A class is written with its mentors
 * and syllabus in one transaction; code and slug are unique per tenant, and the unique indexes
 * decide between concurrent writes (`classCodeTaken`, `slugTaken`: 409, never 500). References
 * (program, batch, category, mentors, cities) must be the tenant's: `invalid` naming the field.
 * Each write answers what it wrote; a refusal is thrown (platform/errors.ts).
 */

type Create = z.output<typeof ClassCreateSchema>;
type Update = z.output<typeof ClassUpdateSchema>;
/** Some fields of a class, as a create or an update gives them. */
type Fields = { [K in keyof Create]?: Create[K] | undefined };

/** 400 naming one field. */
const invalidField = (error: FieldError) => fail('invalid', { fields: [error] });
/** 404 on `code`: no class of the tenant has it. */
const noClass = (code: string) => failOn('code', 'classCodeNotFound', { code });

/** The first reference of `input` that is not the tenant's, as a field error. */
async function checkReferences(db: Db, lmsId: string, input: Fields): Promise<FieldError | undefined> {
  const owned = async (table: typeof programs | typeof batches | typeof catalogueCategories, id: number | null | undefined) =>
    id == null ||
    (
      await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.id, id), eq(table.lmsId, lmsId)))
    ).length > 0;
  if (!(await owned(programs, input.programId))) return { field: 'programId', message: 'program tidak ditemukan' };
  if (!(await owned(batches, input.batchId))) return { field: 'batchId', message: 'angkatan tidak ditemukan' };
  if (!(await owned(catalogueCategories, input.categoryId))) return { field: 'categoryId', message: 'kategori tidak ditemukan' };
  for (const field of ['heldCityId', 'registrarCityId'] as const) {
    const city = input[field];
    if (city && !(await cityNames()).has(city)) return { field, message: `kota ${city} tidak dikenal` };
  }
  if (input.mentors?.length) {
    const found = await db
      .select({ slug: mentors.slug })
      .from(mentors)
      .where(and(eq(mentors.lmsId, lmsId), inArray(mentors.slug, input.mentors)));
    const missing = input.mentors.find((slug) => !found.some((row) => row.slug === slug));
    if (missing) return { field: 'mentors', message: `mentor "${missing}" tidak ditemukan` };
    if (new Set(input.mentors).size !== input.mentors.length) return { field: 'mentors', message: 'mentor tidak boleh ganda' };
  }
  return undefined;
}

/** The class's columns from a create or update body (only the fields given). */
function columnsOf(input: Fields) {
  const { mentors: _m, syllabus: _s, description, registrationOpensAt, registrationClosesAt, startsAt, endsAt, ...rest } = input;
  const date = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : new Date(value));
  const columns = {
    ...rest,
    description: description === undefined ? undefined : sanitizeHtml(description),
    registrationOpensAt: date(registrationOpensAt),
    registrationClosesAt: date(registrationClosesAt),
    startsAt: date(startsAt),
    endsAt: date(endsAt),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined)) as Partial<typeof classes.$inferInsert>;
}

/** Replaces a class's mentors and syllabus with the given ones (each only when given). */
async function writeParts(db: Db, lmsId: string, classId: number, input: Fields) {
  if (input.mentors) {
    await db.delete(classMentors).where(eq(classMentors.classId, classId));
    if (input.mentors.length) {
      const rows = await db
        .select({ id: mentors.id, slug: mentors.slug })
        .from(mentors)
        .where(and(eq(mentors.lmsId, lmsId), inArray(mentors.slug, input.mentors)));
      const ids = new Map(rows.map((row) => [row.slug, row.id]));
      await db
        .insert(classMentors)
        .values(
          input.mentors.flatMap((slug, position) => (ids.has(slug) ? [{ classId, mentorId: ids.get(slug) as number, position }] : [])),
        );
    }
  }
  if (input.syllabus) {
    await db.delete(syllabusItems).where(eq(syllabusItems.classId, classId));
    if (input.syllabus.length)
      await db.insert(syllabusItems).values(input.syllabus.map((unit, index) => ({ lmsId, classId, position: index + 1, ...unit })));
  }
}

/** Which of code and slug a unique violation (or a lost race) is about, judged by what now exists. */
async function conflictOf(
  db: Db,
  lmsId: string,
  code: string | undefined,
  slug: string | undefined,
  except?: number,
): Promise<DomainError> {
  const other = (row: { id: number } | undefined) => row !== undefined && row.id !== except;
  if (code) {
    const [row] = await db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.lmsId, lmsId), eq(classes.code, code)));
    if (other(row)) return failOn('code', 'classCodeTaken', { code });
  }
  return failOn('slug', 'slugTaken', { slug: slug ?? '' });
}

async function readBack(db: Db, lmsId: string, id: number): Promise<ClassDetail> {
  const [row] = await db.select({ code: classes.code }).from(classes).where(eq(classes.id, id));
  const item = row && (await findClass(db, lmsId, row.code, { includeHidden: true }));
  if (!item) throw new Error('kelas yang ditulis tidak terbaca');
  return item;
}

/** Creates a class and answers it; a given slug must be free, a generated one (from the name) is made free. */
export async function createClass(db: Db, lmsId: string, input: Create): Promise<ClassDetail> {
  const invalid = await checkReferences(db, lmsId, input);
  if (invalid) throw invalidField(invalid);
  const taken = async (slug: string) =>
    (
      await db
        .select({ id: classes.id })
        .from(classes)
        .where(and(eq(classes.lmsId, lmsId), eq(classes.slug, slug)))
    ).length > 0;
  const insert = (slug: string) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(classes)
        .values({ ...(columnsOf(input) as typeof classes.$inferInsert), lmsId, slug })
        .onConflictDoNothing()
        .returning({ id: classes.id });
      if (row) await writeParts(tx as unknown as Db, lmsId, row.id, input);
      return row;
    });
  let row: { id: number } | undefined;
  try {
    if (!input.slug) {
      const [sameCode] = await db
        .select({ id: classes.id })
        .from(classes)
        .where(and(eq(classes.lmsId, lmsId), eq(classes.code, input.code)));
      if (sameCode) throw await conflictOf(db, lmsId, input.code, undefined);
    }
    row = input.slug ? await insert(input.slug) : await insertWithFreeSlug(slugify(input.name), taken, insert);
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw await conflictOf(db, lmsId, input.code, input.slug);
    throw error;
  }
  if (!row) throw await conflictOf(db, lmsId, input.code, input.slug);
  return readBack(db, lmsId, row.id);
}

/**
 * Changes the class of `code` and answers it as it now is: only the fields given; a given mentor
 * list or syllabus replaces the old one.
 */
export async function updateClass(db: Db, lmsId: string, code: string, input: Update): Promise<ClassDetail> {
  const [existing] = await db
    .select({
      id: classes.id,
      registrationOpensAt: classes.registrationOpensAt,
      registrationClosesAt: classes.registrationClosesAt,
      startsAt: classes.startsAt,
      endsAt: classes.endsAt,
    })
    .from(classes)
    .where(and(eq(classes.lmsId, lmsId), eq(classes.code, code)));
  if (!existing) throw noClass(code);
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  const outOfOrder = dateOrderError({
    registrationOpensAt: iso(existing.registrationOpensAt),
    registrationClosesAt: iso(existing.registrationClosesAt),
    startsAt: iso(existing.startsAt),
    endsAt: iso(existing.endsAt),
    ...input,
  });
  if (outOfOrder) throw invalidField(outOfOrder);
  const invalid = await checkReferences(db, lmsId, input);
  if (invalid) throw invalidField(invalid);
  let updated: { id: number }[];
  try {
    updated = await db.transaction(async (tx) => {
      const rows = await tx
        .update(classes)
        .set({ ...columnsOf(input), updatedAt: new Date() })
        .where(eq(classes.id, existing.id))
        .returning({ id: classes.id });
      if (rows.length) await writeParts(tx as unknown as Db, lmsId, existing.id, input);
      return rows;
    });
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw await conflictOf(db, lmsId, input.code, input.slug, existing.id);
    throw error;
  }
  // Deleted between the read above and this write.
  if (!updated.length) throw noClass(code);
  return readBack(db, lmsId, existing.id);
}

/**
 * Deletes the class of `code` with its mentor list and syllabus and answers its id and slug. A class
 * with learners is not deleted, nor one with invoices (their enrolments and payments would go with
 * it): 409 (`classHasLearners`, `classHasInvoices`), unpublish it instead.
 */
export async function deleteClass(db: Db, lmsId: string, code: string): Promise<{ id: number; slug: string }> {
  const [existing] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.lmsId, lmsId), eq(classes.code, code)));
  if (!existing) throw noClass(code);
  const [row] = await db
    .delete(classes)
    .where(
      and(
        eq(classes.id, existing.id),
        notExists(db.select({ id: enrolments.id }).from(enrolments).where(eq(enrolments.classId, existing.id))),
        notExists(db.select({ id: invoices.id }).from(invoices).where(eq(invoices.classId, existing.id))),
      ),
    )
    .returning({ id: classes.id, slug: classes.slug });
  if (row) return row;
  const [learner] = await db.select({ id: enrolments.id }).from(enrolments).where(eq(enrolments.classId, existing.id)).limit(1);
  if (learner) throw failOn('code', 'classHasLearners');
  const [invoice] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.classId, existing.id)).limit(1);
  if (invoice) throw failOn('code', 'classHasInvoices');
  throw noClass(code);
}
