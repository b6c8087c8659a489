import { and, eq, inArray } from 'drizzle-orm';
import { zoneOffsetHours } from '~/lib/format/dates';
import { sanitizeHtml } from '~/lib/html/sanitize';
import type { TenantCatalogue } from '~/lib/tenant/catalogue-file';
import type { Db } from '../db/client';
import {
  batches,
  catalogueCategories,
  classCourses,
  classes,
  classMentors,
  courseChapters,
  courseModules,
  courses,
  enrolments,
  festivals,
  leaderboardScores,
  leagueSeasons,
  mentors,
  programSchools,
  programs,
  schools,
  statisticEvents,
  syllabusItems,
  users,
} from '../db/schema';

/**
 * Loads a tenant's catalogue seed into the database, additively like seed/content.ts: a row whose
 * slug or code exists is left as it is (an editor may have changed it); what belongs to a new row
 * (a class's mentors and syllabus, a course's modules and chapters) is inserted with it. Day offsets
 * become dates relative to `now`. HTML is sanitised on the way in.
 */
export async function seedCatalogue(
  db: Db,
  lmsId: string,
  catalogue: TenantCatalogue,
  accounts: Record<string, string>,
  now = new Date(),
): Promise<number> {
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000);
  let added = 0;

  const categoryRows = catalogue.categories.map((category) => ({ lmsId, ...category }));
  if (categoryRows.length)
    added += (await db.insert(catalogueCategories).values(categoryRows).onConflictDoNothing().returning({ id: catalogueCategories.id }))
      .length;
  const categoryIds = idMap(
    await db
      .select({ key: catalogueCategories.slug, id: catalogueCategories.id })
      .from(catalogueCategories)
      .where(eq(catalogueCategories.lmsId, lmsId)),
  );

  const mentorRows = catalogue.mentors.map(({ account, linkedin, ...mentor }, position) => ({
    lmsId,
    ...mentor,
    linkedin: linkedin ?? null,
    userId: account ? (accounts[account] ?? null) : null,
    position,
  }));
  if (mentorRows.length) added += (await db.insert(mentors).values(mentorRows).onConflictDoNothing().returning({ id: mentors.id })).length;
  const mentorIds = idMap(await db.select({ key: mentors.slug, id: mentors.id }).from(mentors).where(eq(mentors.lmsId, lmsId)));

  for (const [position, program] of catalogue.programs.entries()) {
    const [row] = await db
      .insert(programs)
      .values({
        lmsId,
        slug: program.slug,
        name: program.name,
        summary: program.summary,
        description: sanitizeHtml(program.description),
        categoryId: program.category ? (categoryIds.get(program.category) ?? null) : null,
        audience: program.audience,
        outcomes: program.outcomes,
        durationWeeks: program.durationWeeks ?? null,
        position,
      })
      .onConflictDoNothing()
      .returning({ id: programs.id });
    if (!row) continue;
    added++;
    if (program.syllabus.length) {
      await db
        .insert(syllabusItems)
        .values(
          program.syllabus.map((unit, index) => ({ lmsId, programId: row.id, position: index + 1, ...unit, hours: unit.hours ?? null })),
        );
    }
    if (program.batches.length) {
      await db
        .insert(batches)
        .values(
          program.batches.map((batch) => ({
            lmsId,
            programId: row.id,
            code: batch.code,
            name: batch.name,
            startsAt: day(batch.starts),
            endsAt: day(batch.ends),
            quota: batch.quota ?? null,
            participants: batch.participants,
            graduates: batch.graduates,
          })),
        )
        .onConflictDoNothing();
    }
  }
  const programIds = idMap(await db.select({ key: programs.slug, id: programs.id }).from(programs).where(eq(programs.lmsId, lmsId)));
  const batchIds = idMap(await db.select({ key: batches.code, id: batches.id }).from(batches).where(eq(batches.lmsId, lmsId)));

  for (const item of catalogue.classes) {
    const [opens, closes, starts, ends] = item.dates ?? [];
    const [row] = await db
      .insert(classes)
      .values({
        lmsId,
        code: item.code,
        slug: item.slug,
        name: item.name,
        summary: item.summary,
        description: sanitizeHtml(item.description),
        programId: item.program ? (programIds.get(item.program) ?? null) : null,
        batchId: item.batch ? (batchIds.get(item.batch) ?? null) : null,
        categoryId: item.category ? (categoryIds.get(item.category) ?? null) : null,
        type: item.type,
        level: item.level,
        isOnline: item.online,
        place: item.place,
        heldCityId: item.held ?? null,
        registrarCityId: item.registrar ?? null,
        price: item.price,
        quota: item.quota ?? null,
        schedule: item.schedule,
        registrationOpensAt: opens === undefined ? null : day(opens),
        registrationClosesAt: closes === undefined ? null : day(closes),
        startsAt: starts === undefined ? null : day(starts),
        // A one-day class ends at the end of its day.
        endsAt: ends === undefined ? null : new Date(day(ends).getTime() + (ends === starts ? 8 * 3_600_000 : 0)),
        alwaysOpen: item.alwaysOpen,
        isPreClass: item.preClass,
        requirements: item.requirements,
        benefits: item.benefits,
        enrolmentFields: item.enrolmentFields,
      })
      .onConflictDoNothing()
      .returning({ id: classes.id });
    if (!row) continue;
    added++;
    const teaching = item.mentors.flatMap((slug, position) => {
      const mentorId = mentorIds.get(slug);
      return mentorId ? [{ classId: row.id, mentorId, position }] : [];
    });
    if (teaching.length) await db.insert(classMentors).values(teaching).onConflictDoNothing();
    if (item.syllabus.length) {
      await db
        .insert(syllabusItems)
        .values(item.syllabus.map((unit, index) => ({ lmsId, classId: row.id, position: index + 1, ...unit, hours: unit.hours ?? null })));
    }
  }
  const classIds = idMap(await db.select({ key: classes.code, id: classes.id }).from(classes).where(eq(classes.lmsId, lmsId)));

  for (const school of catalogue.schools) {
    await db
      .insert(schools)
      .values({ lmsId, npsn: school.npsn, name: school.name, provinceId: school.province, cityId: school.city })
      .onConflictDoNothing();
    const [found] = await db
      .select({ id: schools.id })
      .from(schools)
      .where(and(eq(schools.lmsId, lmsId), eq(schools.npsn, school.npsn)));
    if (!found) continue;
    const links = Object.entries(school.programs).flatMap(([slug, [students, graduates]]) => {
      const programId = programIds.get(slug);
      return programId ? [{ programId, schoolId: found.id, students, graduates }] : [];
    });
    if (links.length)
      added += (await db.insert(programSchools).values(links).onConflictDoNothing().returning({ id: programSchools.schoolId })).length;
  }

  for (const enrolment of catalogue.enrolments) {
    const userId = accounts[enrolment.account];
    const classId = classIds.get(enrolment.class);
    if (!userId || !classId) continue;
    added += (
      await db
        .insert(enrolments)
        .values({ lmsId, classId, userId, status: enrolment.status, completedAt: enrolment.status === 'completed' ? now : null })
        .onConflictDoNothing()
        .returning({ id: enrolments.id })
    ).length;
  }

  // Scores and events have no natural key: a board or the event log is seeded only while it is empty.
  for (const [board, entries] of Object.entries(catalogue.leaderboards)) {
    const [existing] = await db
      .select({ id: leaderboardScores.id })
      .from(leaderboardScores)
      .where(and(eq(leaderboardScores.lmsId, lmsId), eq(leaderboardScores.board, board)))
      .limit(1);
    if (existing || !entries.length) continue;
    await db
      .insert(leaderboardScores)
      .values(entries.map(([name, subtitle, provinceId, score]) => ({ lmsId, board, name, subtitle, provinceId, score })));
    added += entries.length;
  }
  const [anyEvent] = await db.select({ id: statisticEvents.id }).from(statisticEvents).where(eq(statisticEvents.lmsId, lmsId)).limit(1);
  if (!anyEvent && catalogue.events.length) {
    await db.insert(statisticEvents).values(
      catalogue.events.map(([type, offset, provinceId, cityId, value]) => ({
        lmsId,
        type,
        subject: 'seed',
        provinceId,
        cityId,
        value,
        recordedAt: day(offset),
      })),
    );
    added += catalogue.events.length;
  }

  for (const [position, course] of catalogue.courses.entries()) {
    const [row] = await db
      .insert(courses)
      .values({
        lmsId,
        slug: course.slug,
        title: course.title,
        summary: course.summary,
        description: sanitizeHtml(course.description),
        cover: course.cover,
        level: course.level,
        isPremium: course.premium,
        classId: course.class ? (classIds.get(course.class) ?? null) : null,
        position,
      })
      .onConflictDoNothing()
      .returning({ id: courses.id });
    if (!row) continue;
    added++;
    let chapterPosition = 0;
    for (const [index, module] of course.modules.entries()) {
      const [moduleRow] = await db
        .insert(courseModules)
        .values({ courseId: row.id, slug: module.slug, title: module.title, summary: module.summary, position: index + 1 })
        .returning({ id: courseModules.id });
      if (!moduleRow) continue;
      await db.insert(courseChapters).values(
        module.chapters.map((chapter) => ({
          courseId: row.id,
          moduleId: moduleRow.id,
          slug: chapter.slug,
          title: chapter.title,
          minutes: chapter.minutes,
          position: ++chapterPosition,
          content: sanitizeHtml(chapter.content),
        })),
      );
    }
  }
  // Perks: the premium courses each class grants (a course's own class, and every class that lists it).
  const courseIds = idMap(await db.select({ key: courses.slug, id: courses.id }).from(courses).where(eq(courses.lmsId, lmsId)));
  const perks = [
    ...catalogue.courses.flatMap((course) => (course.class ? [[course.class, course.slug] as const] : [])),
    ...catalogue.classes.flatMap((item) => item.courses.map((slug) => [item.code, slug] as const)),
  ].flatMap(([code, slug]) => {
    const classId = classIds.get(code);
    const courseId = courseIds.get(slug);
    return classId && courseId ? [{ classId, courseId }] : [];
  });
  if (perks.length) await db.insert(classCourses).values(perks).onConflictDoNothing();

  if (catalogue.festival) added += await seedFestival(db, lmsId, catalogue.festival, day);
  if (catalogue.league) {
    const { slug, name, season } = catalogue.league;
    added += (
      await db.insert(leagueSeasons).values({ lmsId, slug, name, season }).onConflictDoNothing().returning({ id: leagueSeasons.id })
    ).length;
  }
  return added;
}

/** The festival on its day: opening and closing hours are wall-clock times in its zone. */
async function seedFestival(
  db: Db,
  lmsId: string,
  festival: NonNullable<TenantCatalogue['festival']>,
  day: (offset: number) => Date,
): Promise<number> {
  const date = day(festival.day);
  const at = (clock: string) => zonedInstant(date, clock, festival.zone);
  const inserted = await db
    .insert(festivals)
    .values({
      lmsId,
      slug: festival.slug,
      name: festival.name,
      description: festival.description,
      startsAt: at(festival.opens),
      endsAt: at(festival.closes),
      zone: festival.zone,
      place: festival.place,
      cityId: festival.city,
      programme: festival.programme,
      speakers: festival.speakers,
      sponsorTiers: festival.sponsorTiers,
    })
    .onConflictDoNothing()
    .returning({ id: festivals.id });
  return inserted.length;
}

/** The instant a wall clock (`08.00`) shows in `zone` on the calendar day `date` has there. */
function zonedInstant(date: Date, clock: string, zone: string): Date {
  const offset = zoneOffsetHours(zone);
  const local = new Date(date.getTime() + offset * 3_600_000);
  const [hours, minutes] = clock.split('.').map(Number) as [number, number];
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hours - offset, minutes));
}

/** The demo accounts of a tenant by role name, for the catalogue's links to people. */
export async function demoAccountIds(db: Db, lmsId: string, emails: Record<string, string>): Promise<Record<string, string>> {
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.lmsId, lmsId), inArray(users.email, Object.values(emails))));
  const byEmail = new Map(rows.map((row) => [row.email, row.id]));
  return Object.fromEntries(
    Object.entries(emails).flatMap(([role, email]) => (byEmail.has(email) ? [[role, byEmail.get(email) as string]] : [])),
  );
}

const idMap = (rows: { key: string; id: number }[]) => new Map(rows.map((row) => [row.key, row.id]));
