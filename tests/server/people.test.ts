import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AuditPageSchema } from '~/contract/audit';
import { HEADERS } from '~/contract/common';
import { type ApiClient, signIn } from '~/lib/api';
import { buildProgress } from '~/lib/api/builds';
import { changeRole, deactivatePerson, listPeople, reactivatePerson } from '~/lib/api/people';
import { getMe } from '~/lib/api/users';
import { accountTokens, mailOutbox, users } from '~/server/db/schema';
import { issueAccountToken } from '~/server/identity/account-tokens';
import { issueAuthCode } from '~/server/identity/auth-codes';
import { forgotMailsSettled } from '~/server/identity/password-reset';
import { ERRORS } from '~/server/platform/errors';
import { demoAccount } from '~/server/seed/seed';
import { appClientOf, DEMO_APP_CODE, otherTenantOf, signInAs, tenantOf } from './support/api-client';
import { signUpLearner } from './support/identity';
import { dbKinds, platformFor } from './support/platform';
import { DEMO_ORIGIN, expectApiError, fromAddress, generateAppToken } from './support/tokens';

const AuditResponseSchema = z.object({ statusCode: z.number(), message: z.string(), data: AuditPageSchema });
const PASSWORD = 'rahasia-2026';
const DEACTIVATED = 'Akun ini dinonaktifkan. Hubungi admin situs.';

let unique = 0;
/** A fresh e-mail of this file; `tag` makes it findable by search. */
const emailOf = (tag: string) => `orang-${tag}-${Date.now().toString(36)}-${++unique}@contoh.id`;

/**
 * The people of a tenant as its admins manage them in the staff console (identity/people-routes.ts):
 * the list and its filters, role changes and the superadmin rule, deactivation (sessions end, every
 * way in refuses) and reactivation, the tenant boundary, and the audit entries of each write.
 */
describe.each(await dbKinds())('people on %s', (kind) => {
  const platform = platformFor(kind);
  let lmsId: string;
  let admin: ApiClient;
  let superadmin: ApiClient;
  let student: ApiClient;
  let otherAdmin: ApiClient;
  let otherCode: string;
  let adminId: string;

  beforeAll(async () => {
    lmsId = (await tenantOf(platform)).lmsId;
    [admin, superadmin, student] = [await appClientOf(platform), await appClientOf(platform), await appClientOf(platform)];
    const signedIn = await signIn(admin, demoAccount('demo', 'admin'));
    admin.setCredentials({ accessToken: signedIn.accessToken });
    adminId = signedIn.user.id;
    await signInAs(superadmin, 'superadmin');
    await signInAs(student, 'student');
    const other = await otherTenantOf(platform);
    otherCode = other.code;
    otherAdmin = await appClientOf(platform, ['read', 'write'], other.appCode);
    await signInAs(otherAdmin, 'admin', other.code);
  }, 60_000);

  /** A new learner of the demo tenant: their id, e-mail and the access token of their sign-up. */
  const newLearner = async (tag: string) => {
    const email = emailOf(tag);
    const token = await signUpLearner(platform, lmsId, email);
    const [row] = await platform.deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.lmsId, lmsId), eq(users.email, email)));
    if (!row) throw new Error(`no account ${email}`);
    return { id: row.id, email, token };
  };
  /** A client of the demo site holding `accessToken`. */
  const holding = async (accessToken: string) => {
    const client = await appClientOf(platform);
    client.setCredentials({ accessToken });
    return client;
  };
  const signInAnswer = (email: string, password = PASSWORD) =>
    platform.api.request(
      '/auth/generate/token',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [HEADERS.lmsId]: lmsId },
        body: JSON.stringify({ email, password }),
      },
      fromAddress(),
    );
  const auditOf = async (target: string) =>
    (await admin.call('main', 'v1/audit', AuditResponseSchema, { query: { pageSize: 100 } })).data.items.filter(
      (entry) => entry.target === target,
    );

  it('lists the tenant’s people by name, 20 a page, searching name and e-mail in any case, by role and status', async () => {
    const learner = await newLearner('cari');
    const found = await listPeople(admin, { search: learner.email.toUpperCase() });
    expect(found).toMatchObject({ page: 1, perPage: 20, totalItems: 1, totalPages: 1 });
    expect(found.items).toEqual([
      {
        id: learner.id,
        name: 'Siti Rahma',
        email: learner.email,
        role: 'student',
        verified: false,
        deactivatedAt: null,
        createdAt: expect.any(String),
        // The sign-up signed them in.
        lastSignInAt: expect.any(String),
      },
    ]);

    const byName = await listPeople(admin, { search: 'super admin demo' });
    expect(byName.items.map((person) => person.email)).toEqual([demoAccount('demo', 'superadmin').email]);
    expect(byName.items[0]).toMatchObject({ role: 'superadmin', verified: true });

    const all = await listPeople(admin, { pageSize: 100 });
    const names = all.items.map((person) => person.name);
    expect(names.indexOf('Admin Demo')).toBeLessThan(names.indexOf('Penulis Demo'));
    expect(names.indexOf('Penulis Demo')).toBeLessThan(names.indexOf('Siswa Demo'));
    expect(all.items.some((person) => person.email === demoAccount(otherCode, 'admin').email)).toBe(false);

    const writers = await listPeople(admin, { role: 'writer' });
    expect(writers.items.length).toBeGreaterThan(0);
    expect(writers.items.every((person) => person.role === 'writer')).toBe(true);
    expect((await listPeople(admin, { status: 'deactivated', search: learner.email })).totalItems).toBe(0);
    expect((await listPeople(admin, { status: 'active', search: learner.email })).totalItems).toBe(1);
    // LIKE's wildcards are plain text.
    expect((await listPeople(admin, { search: '%' })).totalItems).toBe(0);

    await expect(listPeople(admin, { status: 'hilang' as 'active' })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('an admin changes a role; it counts from the person’s next request, their session stays, and the change is audited', async () => {
    const learner = await newLearner('peran');
    const theirs = await holding(learner.token);
    await expect(buildProgress(theirs, DEMO_APP_CODE)).rejects.toMatchObject({ statusCode: 403 });

    const changed = await changeRole(admin, learner.id, 'writer');
    expect(changed).toMatchObject({ id: learner.id, role: 'writer', deactivatedAt: null });
    // The same token, read afresh: now a writer.
    expect((await buildProgress(theirs, DEMO_APP_CODE)).jobs).toEqual(expect.any(Array));
    expect((await getMe(theirs)).role).toBe('writer');

    // The same role again changes nothing and records nothing.
    expect(await changeRole(admin, learner.id, 'writer')).toMatchObject({ role: 'writer' });
    const entries = await auditOf(`user:${learner.id}`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'user.role',
      actorId: adminId,
      actorRole: 'admin',
      summary: { before: { role: 'student' }, after: { role: 'writer' } },
    });
    await expect(changeRole(admin, learner.id, 'tamu' as 'writer')).rejects.toMatchObject({ statusCode: 400 });
  });

  it('only a superadmin grants or takes away superadmin; nobody changes their own role', async () => {
    const learner = await newLearner('super');
    const superadminId = (await listPeople(admin, { search: demoAccount('demo', 'superadmin').email })).items[0]?.id ?? '';
    const only = ERRORS.superadminRoleOnly.message;
    await expect(changeRole(admin, learner.id, 'superadmin')).rejects.toMatchObject({ statusCode: 403, message: only });
    await expect(changeRole(admin, superadminId, 'admin')).rejects.toMatchObject({ statusCode: 403, message: only });
    await expect(changeRole(admin, adminId, 'writer')).rejects.toMatchObject({
      statusCode: 403,
      message: ERRORS.ownRoleUnchangeable.message,
    });
    expect((await listPeople(admin, { search: learner.email })).items[0]?.role).toBe('student');

    expect((await changeRole(superadmin, learner.id, 'superadmin')).role).toBe('superadmin');
    expect((await changeRole(superadmin, learner.id, 'admin')).role).toBe('admin');
    const actions = (await auditOf(`user:${learner.id}`)).map((entry) => [entry.actorRole, entry.summary.after]);
    expect(actions).toEqual([
      ['superadmin', { role: 'admin' }],
      ['superadmin', { role: 'superadmin' }],
    ]);
  });

  it('deactivation ends every session and refuses every way in; reactivation lets the person sign in again', async () => {
    const learner = await newLearner('nonaktif');
    const second = (await (await signInAnswer(learner.email)).json()).data.accessToken as string;
    const held = await holding(learner.token);
    expect((await getMe(held)).id).toBe(learner.id);
    // A code of the account login page and a reset link, both issued before the deactivation.
    const code = await issueAuthCode(platform.deps.db, { lmsId, userId: learner.id, returnOrigin: DEMO_ORIGIN });
    const link = await issueAccountToken(platform.deps.db, { lmsId, userId: learner.id, purpose: 'reset-password' });

    const deactivated = await deactivatePerson(admin, learner.id);
    expect(deactivated).toMatchObject({ id: learner.id, endedSessions: 2, deactivatedAt: expect.any(String) });
    await expect(getMe(held)).rejects.toMatchObject({ statusCode: 401 });
    await expect(getMe(await holding(second))).rejects.toMatchObject({ statusCode: 401 });

    // Sign-in through the API: 403 with the message, only once the password is right.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect((await expectApiError(await signInAnswer(learner.email), 403)).message).toBe(DEACTIVATED);
    expect((await expectApiError(await signInAnswer(learner.email, 'salah-sandi-1'), 401)).message).toBe(ERRORS.wrongCredentials.message);
    // The account login page shows the message on its form.
    const app = await generateAppToken(platform);
    const page = await platform.api.request(
      '/auth/login',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
        body: new URLSearchParams({
          redirectTo: DEMO_ORIGIN,
          lmsId,
          code: app.tenant.appCode,
          generatedToken: app.wire,
          state: 'kembali_ke-Kelas_0123456789',
          email: learner.email,
          password: PASSWORD,
        }).toString(),
      },
      fromAddress(),
    );
    expect(page.status).toBe(403);
    expect(await page.text()).toContain(DEACTIVATED);
    // The code exchange and the reset link refuse too; the link stays unspent.
    const exchange = await platform.api.request(
      '/auth/exchange/token',
      { method: 'POST', headers: { 'Content-Type': 'application/json', [HEADERS.lmsId]: lmsId }, body: JSON.stringify({ code }) },
      fromAddress(),
    );
    expect((await expectApiError(exchange, 403)).message).toBe(DEACTIVATED);
    const reset = await platform.api.request(
      '/auth/password/reset',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [HEADERS.lmsId]: lmsId, Origin: DEMO_ORIGIN },
        body: JSON.stringify({ token: link, password: 'baru-sekali-2027' }),
      },
      fromAddress(),
    );
    expect((await expectApiError(reset, 403)).message).toBe(DEACTIVATED);
    const [stored] = await platform.deps.db.select().from(accountTokens).where(eq(accountTokens.userId, learner.id));
    expect(stored?.usedAt).toBeNull();
    // Forgot answers as for anyone, and mails nothing.
    const forgot = await platform.api.request(
      '/auth/password/forgot',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [HEADERS.lmsId]: lmsId, Origin: DEMO_ORIGIN },
        body: JSON.stringify({ email: learner.email }),
      },
      fromAddress(),
    );
    expect(forgot.status).toBe(200);
    await forgotMailsSettled();
    const resetMails = await platform.deps.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'reset-password'), sql`${learner.email} = any(${mailOutbox.recipients})`));
    expect(resetMails).toEqual([]);

    expect((await listPeople(admin, { status: 'deactivated', search: learner.email })).items).toEqual([
      expect.objectContaining({ id: learner.id, deactivatedAt: deactivated.deactivatedAt }),
    ]);
    // Again: already deactivated, nothing more ended or recorded.
    expect(await deactivatePerson(admin, learner.id)).toMatchObject({ endedSessions: 0, deactivatedAt: deactivated.deactivatedAt });

    const reactivated = await reactivatePerson(admin, learner.id);
    expect(reactivated).toMatchObject({ id: learner.id, deactivatedAt: null });
    const again = await signInAnswer(learner.email);
    expect(again.status).toBe(200);
    // The sessions ended stay ended.
    await expect(getMe(held)).rejects.toMatchObject({ statusCode: 401 });

    const entries = await auditOf(`user:${learner.id}`);
    expect(entries.map((entry) => entry.action)).toEqual(['user.reactivate', 'user.deactivate']);
    expect(entries[1]?.summary).toEqual({
      before: { deactivatedAt: null },
      after: { deactivatedAt: deactivated.deactivatedAt, endedSessions: 2 },
    });
    expect(entries[0]?.summary).toEqual({ before: { deactivatedAt: deactivated.deactivatedAt }, after: { deactivatedAt: null } });
  });

  it('refuses deactivating oneself, and an admin deactivating or reactivating a superadmin; a superadmin may', async () => {
    await expect(deactivatePerson(admin, adminId)).rejects.toMatchObject({ statusCode: 403, message: ERRORS.ownAccountDeactivate.message });
    const learner = await newLearner('super-nonaktif');
    await changeRole(superadmin, learner.id, 'superadmin');
    const only = ERRORS.superadminAccountOnly.message;
    await expect(deactivatePerson(admin, learner.id)).rejects.toMatchObject({ statusCode: 403, message: only });
    expect((await deactivatePerson(superadmin, learner.id)).deactivatedAt).toEqual(expect.any(String));
    await expect(reactivatePerson(admin, learner.id)).rejects.toMatchObject({ statusCode: 403, message: only });
    expect((await reactivatePerson(superadmin, learner.id)).deactivatedAt).toBeNull();
    expect((await getMe(admin)).id).toBe(adminId);
  });

  it('answers 404 for another tenant’s person and an id that is none, and shows other tenants none of these people', async () => {
    const learner = await newLearner('lintas');
    const missing = ERRORS.personNotFound.message;
    await expect(changeRole(otherAdmin, learner.id, 'writer')).rejects.toMatchObject({ statusCode: 404, message: missing });
    await expect(deactivatePerson(otherAdmin, learner.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(reactivatePerson(otherAdmin, learner.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(deactivatePerson(admin, 'bukan-id')).rejects.toMatchObject({ statusCode: 404 });
    await expect(deactivatePerson(admin, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ statusCode: 404 });
    expect((await listPeople(otherAdmin, { search: learner.email })).totalItems).toBe(0);
    expect((await listPeople(admin, { search: learner.email })).items[0]).toMatchObject({ role: 'student', deactivatedAt: null });
  });

  it('refuses students (403) and callers without a user (401)', async () => {
    const learner = await newLearner('siswa');
    await expect(listPeople(student)).rejects.toMatchObject({ statusCode: 403 });
    await expect(changeRole(student, learner.id, 'admin')).rejects.toMatchObject({ statusCode: 403 });
    await expect(deactivatePerson(student, learner.id)).rejects.toMatchObject({ statusCode: 403 });
    await expect(reactivatePerson(student, learner.id)).rejects.toMatchObject({ statusCode: 403 });
    await expect(listPeople(await appClientOf(platform))).rejects.toMatchObject({ statusCode: 401 });
    expect((await listPeople(admin, { search: learner.email })).items[0]?.role).toBe('student');
  });
});
