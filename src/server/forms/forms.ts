import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type {
  AppointmentCreateSchema,
  CoderSignupSchema,
  RequestDemoQuerySchema,
  School,
  SchoolListQuerySchema,
  SchoolRegisterSchema,
  SubmissionListQuerySchema,
  Team,
  TeamRegisterSchema,
} from '~/contract/forms';
import { COMPETITION_NAMES } from '~/contract/forms';
import type { Db, Tx } from '../db/client';
import { sqlState, UNIQUE_VIOLATION, violatedConstraint } from '../db/errors';
import { appointments, formSubmissions, posts, schools, teamMembers, teams, testimonies, userDisc, users } from '../db/schema';
import {
  hashPassword,
  insertLearner,
  normalisePhone,
  type OpenedSession,
  openSession,
  queueVerification,
  verifyPassword,
} from '../identity';
import { enqueueMail, type MailMessage, staffRecipients } from '../mail';
import { checkArea } from '../platform/areas';
import { fail, failOn } from '../platform/errors';
import { once } from '../platform/idempotency';
import { pageOf } from '../platform/paging';
import { uploadUsableBy } from '../uploads';
import { appointmentMails, coderWelcome, requestDemoMails, schoolMails, teamMails } from './form-mail';

/**
 * What the visitors' forms store. Each submission and the mail it causes are written in
 * one transaction: a submission is never stored without its notice, nor a notice sent for a
 * submission that was not stored. The routes call these inside `once` (platform/idempotency.ts).
 */

/** The tenant a form is sent to: its lms id and the site name its mail speaks with. */
export interface FormTenant {
  lmsId: string;
  title: string;
}

async function send(tx: Tx, tenant: FormTenant, messages: MailMessage[]): Promise<void> {
  for (const message of messages) {
    if (message.to.length > 0) await enqueueMail(tx, tenant.lmsId, message);
    // The submission is kept (admins read it in v1/submissions); the missing address is the operator's to fix.
    else console.warn(`[forms] ${tenant.lmsId}: tidak ada alamat email staf; pemberitahuan ${message.kind} tidak dikirim`);
  }
}

/** 400 naming one field. */
const refuse = (field: string, message: string): never => {
  throw fail('invalid', { fields: [{ field, message }] });
};

/** Today in Jakarta as a SQL date expression over a timestamp column. */
const jakartaDay = (column: unknown) => sql`((${column}) at time zone 'Asia/Jakarta')::date`;

/**
 * A demo request (GET v0/cms/app/request-demo?email): one per e-mail and Jakarta day, so a reload or
 * a second click answers the same request rather than sending the staff another notice.
 */
export async function requestDemo(tx: Tx, tenant: FormTenant, input: z.output<typeof RequestDemoQuerySchema>) {
  // Two requests of one address at once (two tabs, a retry racing a slow answer) take turns here.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`request-demo:${tenant.lmsId}:${input.email}`}))`);
  const [existing] = await tx
    .select({ id: formSubmissions.id })
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.lmsId, tenant.lmsId),
        eq(formSubmissions.form, 'request-demo'),
        eq(formSubmissions.email, input.email),
        sql`${jakartaDay(formSubmissions.createdAt)} = ${jakartaDay(sql`now()`)}`,
      ),
    )
    .limit(1);
  if (existing) return { id: existing.id, email: input.email };
  const [row] = await tx
    .insert(formSubmissions)
    .values({ lmsId: tenant.lmsId, form: 'request-demo', email: input.email, data: { name: input.name, organization: input.organization } })
    .returning({ id: formSubmissions.id });
  if (!row) throw new Error('permintaan demo tidak tersimpan');
  await send(tx, tenant, requestDemoMails(tenant.title, await staffRecipients(tx, tenant.lmsId), input));
  return { id: row.id, email: input.email };
}

/** An appointment request; a `postId` must be a post of the same tenant. */
export async function createAppointment(tx: Tx, tenant: FormTenant, input: z.output<typeof AppointmentCreateSchema>) {
  const { postId, website: _honeypot, ...data } = input;
  if (postId !== undefined) {
    const [post] = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.id, postId), eq(posts.lmsId, tenant.lmsId)));
    if (!post) refuse('postId', `post ${postId} tidak ditemukan`);
  }
  const stored = { ...data, phone: normalisePhone(data.phone) };
  const [row] = await tx
    .insert(appointments)
    .values({ lmsId: tenant.lmsId, postId: postId ?? null, data: stored })
    .returning({ id: appointments.id, createdAt: appointments.createdAt });
  if (!row) throw new Error('janji temu tidak tersimpan');
  await send(tx, tenant, appointmentMails(tenant.title, await staffRecipients(tx, tenant.lmsId), stored));
  return { id: row.id, createdAt: row.createdAt.toISOString() };
}

/** A school signs up: it joins the tenant's school list at once (the team form picks from it). */
export async function registerSchool(tx: Tx, tenant: FormTenant, input: z.output<typeof SchoolRegisterSchema>): Promise<School> {
  await checkArea(input.provinceId, input.cityId);
  const [row] = await tx
    .insert(schools)
    .values({ lmsId: tenant.lmsId, npsn: input.npsn, name: input.name, provinceId: input.provinceId, cityId: input.cityId })
    .returning()
    .catch((error: unknown) => {
      if (sqlState(error) === UNIQUE_VIOLATION) throw failOn('npsn', 'schoolNpsnTaken');
      throw error;
    });
  if (!row) throw new Error('sekolah tidak tersimpan');
  const contact = { ...input, contactPhone: normalisePhone(input.contactPhone) };
  await tx.insert(formSubmissions).values({
    lmsId: tenant.lmsId,
    form: 'school',
    email: input.contactEmail,
    data: {
      schoolId: row.id,
      level: input.level,
      address: input.address,
      contactName: input.contactName,
      contactPhone: contact.contactPhone,
    },
  });
  await send(tx, tenant, schoolMails(tenant.title, await staffRecipients(tx, tenant.lmsId), contact));
  return { id: row.id, npsn: row.npsn, name: row.name, provinceId: row.provinceId, cityId: row.cityId };
}

/** GET v1/school/list: the tenant's schools by name, 10 a page, filtered by province, city and name. */
export async function listSchools(db: Db, lmsId: string, query: z.output<typeof SchoolListQuerySchema>) {
  const where = and(
    eq(schools.lmsId, lmsId),
    query.provinceId ? eq(schools.provinceId, query.provinceId) : undefined,
    query.cityId ? eq(schools.cityId, query.cityId) : undefined,
    query.search ? ilike(schools.name, `%${query.search.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(schools).where(where);
  const items = await db
    .select({ id: schools.id, npsn: schools.npsn, name: schools.name, provinceId: schools.provinceId, cityId: schools.cityId })
    .from(schools)
    .where(where)
    .orderBy(asc(schools.name), asc(schools.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return pageOf(items, query.page, query.perPage, total?.n ?? 0);
}

/**
 * A league team: a school of the tenant, 3–5 members of whom none is already in a team of the same
 * competition, a mentor teacher, and the school's recommendation letter uploaded by this visitor
 * (its id and token, checked against the upload service). Team names are unique per competition,
 * case-insensitively; the index decides between parallel registrations.
 */
export async function registerTeam(
  tx: Tx,
  tenant: FormTenant,
  input: z.output<typeof TeamRegisterSchema>,
  userId: string | null,
): Promise<Team> {
  const [school] = await tx
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(and(eq(schools.id, input.schoolId), eq(schools.lmsId, tenant.lmsId)));
  if (!school) return refuse('schoolId', 'Sekolah tidak ditemukan; pilih dari daftar atau daftarkan sekolah Anda');
  const letter = await uploadUsableBy(tx, tenant.lmsId, input.letterId, input.letterToken);
  if (letter?.purpose !== 'letter') refuse('letterId', 'Surat rekomendasi tidak ditemukan; unggah ulang suratnya');

  // A student is in one team of a competition, by e-mail and by NISN: checked here to name the member,
  // and held by the unique indexes when two registrations race.
  const emails = input.members.map((member) => member.email);
  const nisns = input.members.map((member) => member.nisn);
  const [already] = await tx
    .select({ email: teamMembers.email, nisn: teamMembers.nisn })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.lmsId, tenant.lmsId),
        eq(teamMembers.competition, input.competition),
        or(inArray(teamMembers.email, emails), inArray(teamMembers.nisn, nisns)),
      ),
    )
    .limit(1);
  if (already) {
    const byEmail = emails.indexOf(already.email);
    if (byEmail >= 0) throw failOn(`members.${byEmail}.email`, 'memberEmailInOtherTeam', { email: already.email });
    throw failOn(`members.${nisns.indexOf(already.nisn)}.nisn`, 'memberNisnInOtherTeam', { nisn: already.nisn });
  }

  const [team] = await tx
    .insert(teams)
    .values({
      lmsId: tenant.lmsId,
      competition: input.competition,
      name: input.name,
      schoolId: school.id,
      userId,
      mentorName: input.mentorName,
      mentorEmail: input.mentorEmail,
      mentorPhone: normalisePhone(input.mentorPhone),
      letterUploadId: input.letterId,
      rulesAcceptedAt: new Date(),
    })
    .returning({ id: teams.id, createdAt: teams.createdAt })
    .catch((error: unknown): never => {
      if (sqlState(error) !== UNIQUE_VIOLATION) throw error;
      if (violatedConstraint(error) === 'teams_letter') throw failOn('letterId', 'letterTaken');
      throw failOn('name', 'teamNameTaken');
    });
  if (!team) throw new Error('tim tidak tersimpan');
  await tx
    .insert(teamMembers)
    .values(
      input.members.map((member, position) => ({
        teamId: team.id,
        lmsId: tenant.lmsId,
        competition: input.competition,
        position,
        name: member.name,
        email: member.email,
        phone: normalisePhone(member.phone),
        nisn: member.nisn,
      })),
    )
    .catch((error: unknown): never => {
      if (sqlState(error) !== UNIQUE_VIOLATION) throw error;
      const field = violatedConstraint(error) === 'team_members_nisn' ? 'nisn' : 'email';
      throw failOn(`members.0.${field}`, 'memberJustInOtherTeam');
    });
  await send(
    tx,
    tenant,
    teamMails(
      tenant.title,
      await staffRecipients(tx, tenant.lmsId),
      { name: input.name, school: school.name, competition: COMPETITION_NAMES[input.competition] },
      input,
    ),
  );
  return {
    id: team.id,
    competition: input.competition,
    name: input.name,
    school,
    members: input.members.length,
    createdAt: team.createdAt.toISOString(),
  };
}

/**
 * A coder signs up (POST v1/auth/signup/coder): a learner account as /Register makes, plus what they
 * code with, a welcome mail and the verification mail every sign-up sends (its link to `siteOrigin`);
 * signed in at once. Idempotent under its key: the stored answer is
 * only the account's id (never a token, and the key's request hash leaves the passwords out), and a
 * replay signs in again only with the same password.
 */
export async function signUpCoder(
  db: Db,
  tenant: FormTenant,
  input: z.output<typeof CoderSignupSchema>,
  key: string | undefined,
  siteOrigin: string,
): Promise<OpenedSession> {
  const { schoolName, github, level, languages, website: _honeypot, ...account } = input;
  await checkArea(account.provinceId, account.cityId);
  const passwordHash = await hashPassword(account.password);
  const { password: _p, passwordRepeat: _r, ...hashed } = input;
  const answer = await once<{ userId: string }>(db, { lmsId: tenant.lmsId, scope: 'coder', key, body: hashed }, async (tx) => {
    const user = await insertLearner(tx, tenant.lmsId, account, passwordHash);
    await tx.insert(formSubmissions).values({
      lmsId: tenant.lmsId,
      form: 'coder',
      email: account.email,
      data: { userId: user.id, schoolName, github, level, languages },
    });
    await send(tx, tenant, [coderWelcome(tenant.title, account)]);
    await queueVerification(tx, user, { title: tenant.title, origin: siteOrigin });
    return { status: 201, body: { userId: user.id } };
  });
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, answer.body.userId), eq(users.lmsId, tenant.lmsId)));
  if (!user || (answer.replayed && !(await verifyPassword(account.password, user.passwordHash)))) throw failOn('email', 'emailTaken');
  return openSession(db, user);
}

/**
 * The tenant's submissions of one form, newest first, 10 a page (GET v1/submissions, admins): the
 * leads, appointments, schools and teams the staff follow up.
 */
export async function listSubmissions(db: Db, lmsId: string, query: z.output<typeof SubmissionListQuerySchema>) {
  const { form, page, perPage } = query;
  const offset = (page - 1) * perPage;
  if (form === 'appointment') {
    const where = eq(appointments.lmsId, lmsId);
    const total = await db.$count(appointments, where);
    const rows = await db.select().from(appointments).where(where).orderBy(desc(appointments.id)).limit(perPage).offset(offset);
    const items = rows.map((row) => {
      const data = row.data as Record<string, unknown>;
      return {
        id: row.id,
        form,
        email: String(data.email ?? ''),
        createdAt: row.createdAt.toISOString(),
        data: { ...data, postId: row.postId },
      };
    });
    return pageOf(items, page, perPage, total);
  }
  if (form === 'testimony') {
    const where = eq(testimonies.lmsId, lmsId);
    const total = await db.$count(testimonies, where);
    const rows = await db.select().from(testimonies).where(where).orderBy(desc(testimonies.id)).limit(perPage).offset(offset);
    const items = rows.map(({ id, name, role, message, rating, createdAt }) => ({
      id,
      form,
      email: '',
      createdAt: createdAt.toISOString(),
      data: { name, role, message, rating },
    }));
    return pageOf(items, page, perPage, total);
  }
  if (form === 'disc') {
    const where = eq(userDisc.lmsId, lmsId);
    const total = await db.$count(userDisc, where);
    const rows = await db.select().from(userDisc).where(where).orderBy(desc(userDisc.id)).limit(perPage).offset(offset);
    const items = rows.map((row) => ({
      id: row.id,
      form,
      email: row.email,
      createdAt: row.createdAt.toISOString(),
      data: { name: row.name, type: row.type, scores: { D: row.scoreD, I: row.scoreI, S: row.scoreS, C: row.scoreC } },
    }));
    return pageOf(items, page, perPage, total);
  }
  if (form === 'team') {
    const where = eq(teams.lmsId, lmsId);
    const total = await db.$count(teams, where);
    const rows = await db
      .select({ team: teams, school: schools.name })
      .from(teams)
      .innerJoin(schools, eq(schools.id, teams.schoolId))
      .where(where)
      .orderBy(desc(teams.id))
      .limit(perPage)
      .offset(offset);
    const roster = rows.length
      ? await db
          .select()
          .from(teamMembers)
          .where(
            inArray(
              teamMembers.teamId,
              rows.map((row) => row.team.id),
            ),
          )
          .orderBy(asc(teamMembers.teamId), asc(teamMembers.position))
      : [];
    const items = rows.map(({ team, school }) => ({
      id: team.id,
      form,
      email: team.mentorEmail,
      createdAt: team.createdAt.toISOString(),
      data: {
        name: team.name,
        competition: team.competition,
        school,
        userId: team.userId,
        mentorName: team.mentorName,
        mentorPhone: team.mentorPhone,
        letterId: team.letterUploadId,
        members: roster.filter((member) => member.teamId === team.id).map(({ teamId: _t, ...member }) => member),
      },
    }));
    return pageOf(items, page, perPage, total);
  }
  const where = and(eq(formSubmissions.lmsId, lmsId), eq(formSubmissions.form, form));
  const total = await db.$count(formSubmissions, where);
  const rows = await db.select().from(formSubmissions).where(where).orderBy(desc(formSubmissions.id)).limit(perPage).offset(offset);
  const items = rows.map((row) => ({
    id: row.id,
    form,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    data: row.data as Record<string, unknown>,
  }));
  return pageOf(items, page, perPage, total);
}
