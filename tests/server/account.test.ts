import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_ANSWER } from '~/contract/account';
import { HEADERS } from '~/contract/common';
import { getMe } from '~/lib/api/users';
import { accountTokens, mailOutbox, users } from '~/server/db/schema';
import { RESEND_PER_ACCOUNT } from '~/server/identity/email-verification';
import { FORGOT_PER_ADDRESS, FORGOT_PER_EMAIL, forgotMailsSettled } from '~/server/identity/password-reset';
import { ERRORS } from '~/server/platform/errors';
import { appClientOf, SITE_ORIGIN, tenantOf } from './support/api-client';
import { postSignUp, signUpForm, signUpLearner } from './support/identity';
import { dbKinds, platformFor } from './support/platform';
import { expectApiError, fromAddress } from './support/tokens';

/**
 * The account's mail links (identity/account-routes.ts): the verification mail of a sign-up and its
 * resend, the password reset by mail, and the password change of a signed-in user. Mail is read
 * from the outbox, where the request's transaction left it (password/forgot queues its mail after
 * answering: `forgotMailsSettled` waits for it).
 */
describe.each(await dbKinds())('account mail links on %s', (kind) => {
  const platform = platformFor(kind);
  let lmsId: string;
  let title: string;

  beforeAll(async () => {
    const tenant = await tenantOf(platform);
    lmsId = tenant.lmsId;
    title = tenant.title;
  }, 60_000);

  /** POST on the auth service for the demo tenant, as a browser on its site would send it. */
  const post = (path: string, body: unknown, options: { token?: string; env?: ReturnType<typeof fromAddress>; origin?: string } = {}) =>
    platform.api.request(
      `/auth/${path}`,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          [HEADERS.lmsId]: lmsId,
          Origin: options.origin ?? SITE_ORIGIN,
          ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
        },
        body: JSON.stringify(body),
      },
      options.env ?? fromAddress(),
    );
  const detail = (token: string) =>
    platform.api.request('/auth/user/detail', { headers: { Authorization: `Bearer ${token}`, [HEADERS.lmsId]: lmsId } });
  const signIn = (email: string, password = 'rahasia-2026') => post('generate/token', { email, password });
  const tokenOf = async (res: Response) => ((await res.json()) as { data: { accessToken: string } }).data.accessToken;

  /** The queued mails of `kind` to `email`, oldest first. */
  const mailsTo = (email: string, mailKind: string) =>
    platform.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.lmsId, lmsId), eq(mailOutbox.kind, mailKind), sql`${email} = any(${mailOutbox.recipients})`))
      .orderBy(mailOutbox.id);
  /** The token of the newest link of `kind` mailed to `email`, and the whole link. */
  const linkOf = async (email: string, mailKind: 'verify-email' | 'reset-password') => {
    const mails = await mailsTo(email, mailKind);
    const text = mails.at(-1)?.text ?? '';
    const link = text.match(/https?:\/\/\S+#token=([A-Za-z0-9_-]{43})/);
    if (!link?.[1]) throw new Error(`no ${mailKind} link mailed to ${email}`);
    return { link: link[0], token: link[1] };
  };
  const rowOf = async (email: string) =>
    (
      await platform.deps.db
        .select()
        .from(users)
        .where(and(eq(users.lmsId, lmsId), eq(users.email, email)))
    )[0];

  describe('e-mail verification', () => {
    it('a sign-up mails a 24-hour link to its own site, in Indonesian and signed by the tenant; the link verifies the account once', async () => {
      const email = 'verifikasi@contoh.id';
      const access = await tokenOf(await postSignUp(platform, lmsId, signUpForm(email), fromAddress()));
      const [mail] = await mailsTo(email, 'verify-email');
      expect(mail?.subject).toBe(`Verifikasi email akun ${title}`);
      expect(mail?.text).toContain('24 jam');
      expect(mail?.text).toContain('tidak merasa mendaftar');
      expect(mail?.text).toContain(title);
      const { link, token } = await linkOf(email, 'verify-email');
      expect(link).toMatch(/^https?:\/\/[^/]+\/Verifikasi-Email#token=/);
      expect((await rowOf(email))?.emailVerifiedAt).toBeNull();
      // Only the hash is kept.
      const stored = await platform.deps.db
        .select()
        .from(accountTokens)
        .where(eq(accountTokens.userId, (await rowOf(email))?.id ?? ''));
      expect(stored.map((row) => row.tokenHash)).not.toContain(token);

      const client = await appClientOf(platform);
      client.setCredentials({ accessToken: access });
      expect((await getMe(client)).emailVerified).toBe(false);

      const res = await post('email/verify', { token });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: { email: string } }).data.email).toBe(email);
      const verifiedAt = (await rowOf(email))?.emailVerifiedAt;
      expect(verifiedAt).toBeInstanceOf(Date);
      expect((await getMe(client)).emailVerified).toBe(true);

      // Used: refused, and the first verification time stays.
      const again = await expectApiError(await post('email/verify', { token }), 409);
      expect(again.message).toContain('sudah dipakai');
      expect((await rowOf(email))?.emailVerifiedAt).toEqual(verifiedAt);
    });

    it('the link goes to the site the sign-up came from when the tenant serves it, else to its public site', async () => {
      const own = 'asal-situs@contoh.id';
      await platform.api.request(
        '/auth/user/register',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', [HEADERS.lmsId]: lmsId, Origin: SITE_ORIGIN },
          body: JSON.stringify(signUpForm(own)),
        },
        fromAddress(),
      );
      expect((await linkOf(own, 'verify-email')).link.startsWith(`${SITE_ORIGIN}/Verifikasi-Email#token=`)).toBe(true);
      const foreign = 'situs-asing@contoh.id';
      await platform.api.request(
        '/auth/user/register',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', [HEADERS.lmsId]: lmsId, Origin: 'https://penipu.example' },
          body: JSON.stringify(signUpForm(foreign)),
        },
        fromAddress(),
      );
      const { link } = await linkOf(foreign, 'verify-email');
      expect(link).not.toContain('penipu.example');
      expect(link).toMatch(/^https:\/\//);
      // A public host of the tenant reached over plain http still gets an https link.
      const hosts = (await platform.deps.tenants.all()).find((tenant) => tenant.lmsId === lmsId)?.hosts ?? [];
      const publicHost = hosts.find((host) => !/(^|\.)localhost$|^127\./.test(host));
      if (!publicHost) throw new Error('the demo tenant has a public host');
      const plain = 'situs-http@contoh.id';
      await platform.api.request(
        '/auth/user/register',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', [HEADERS.lmsId]: lmsId, Origin: `http://${publicHost}` },
          body: JSON.stringify(signUpForm(plain)),
        },
        fromAddress(),
      );
      expect((await linkOf(plain, 'verify-email')).link.startsWith(`https://${publicHost}/Verifikasi-Email#token=`)).toBe(true);
    });

    it('an expired link (even days late) and an unknown one are refused with their own words and change nothing', async () => {
      const email = 'kedaluwarsa@contoh.id';
      await signUpLearner(platform, lmsId, email);
      const { token } = await linkOf(email, 'verify-email');
      const user = await rowOf(email);
      await platform.deps.db
        .update(accountTokens)
        .set({ expiresAt: new Date(Date.now() - 2 * 86_400_000) })
        .where(eq(accountTokens.userId, user?.id ?? ''));
      // Opened two days late, after other links were made (each sweeps old ones): still told it ran out.
      await signUpLearner(platform, lmsId, 'kedaluwarsa-lain@contoh.id');
      const expired = await expectApiError(await post('email/verify', { token }), 410);
      expect(expired.message).toContain('kedaluwarsa');
      const forged = await expectApiError(
        await post('email/verify', { token: `${token.slice(0, 42)}${token.endsWith('A') ? 'B' : 'A'}` }),
        400,
      );
      expect(forged.message).toContain('tidak dikenal');
      const garbled = await expectApiError(await post('email/verify', { token: 'rusak' }), 400);
      expect(garbled.fields?.map((field) => field.field)).toEqual(['token']);
      expect((await rowOf(email))?.emailVerifiedAt).toBeNull();
      const [stored] = await platform.deps.db
        .select()
        .from(accountTokens)
        .where(eq(accountTokens.userId, user?.id ?? ''));
      expect(stored?.usedAt).toBeNull();
    });

    it('a link of one tenant does nothing on another', async () => {
      const email = 'lintas-tenant@contoh.id';
      await signUpLearner(platform, lmsId, email);
      const { token } = await linkOf(email, 'verify-email');
      const other = (await platform.deps.tenants.all()).find((tenant) => tenant.lmsId !== lmsId);
      if (!other) throw new Error('the seed has a second tenant');
      const res = await platform.api.request(
        '/auth/email/verify',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', [HEADERS.lmsId]: other.lmsId },
          body: JSON.stringify({ token }),
        },
        fromAddress(),
      );
      expect((await expectApiError(res, 400)).message).toBe(ERRORS.verifyLinkUnknown.message);
      expect((await rowOf(email))?.emailVerifiedAt).toBeNull();
      // The link is untouched: it still verifies on its own tenant.
      expect((await post('email/verify', { token })).status).toBe(200);
    });

    it('resend: a signed-in account gets a new link, 3 an hour, then 429 with Retry-After; a verified account is told so', async () => {
      const email = 'kirim-ulang@contoh.id';
      const access = await signUpLearner(platform, lmsId, email);
      await expectApiError(await post('email/resend', {}), 401);
      for (let n = 1; n <= RESEND_PER_ACCOUNT.limit; n++) {
        const res = await post('email/resend', {}, { token: access });
        expect(res.status).toBe(200);
        expect(((await res.json()) as { message: string }).message).toContain(email);
      }
      // The sign-up's own mail and three resends.
      expect(await mailsTo(email, 'verify-email')).toHaveLength(1 + RESEND_PER_ACCOUNT.limit);
      const limited = await post('email/resend', {}, { token: access });
      expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(60);
      const body = await expectApiError(limited, 429);
      expect(body.message).toMatch(/Tunggu \d+ menit/);
      expect(await mailsTo(email, 'verify-email')).toHaveLength(1 + RESEND_PER_ACCOUNT.limit);

      // Any of the links verifies; then a resend is refused as needless.
      await post('email/verify', { token: (await linkOf(email, 'verify-email')).token });
      const verified = await expectApiError(await post('email/resend', {}, { token: access }), 409);
      expect(verified.message).toContain('sudah terverifikasi');
    });
  });

  describe('password reset by mail', () => {
    it('forgot answers the same, as fast, for a known and an unknown address, and mails only the known one', async () => {
      const email = 'lupa@contoh.id';
      await signUpLearner(platform, lmsId, email);
      const answers = [];
      const took: number[] = [];
      for (const address of [email, 'tidak-ada@contoh.id']) {
        const started = performance.now();
        const res = await post('password/forgot', { email: address });
        answers.push({ status: res.status, body: await res.json() });
        took.push(performance.now() - started);
        await forgotMailsSettled();
      }
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]).toEqual({ status: 200, body: { statusCode: 200, message: FORGOT_ANSWER, data: {} } });
      // The mail is prepared after the answer: neither answer waits for it, so their times say nothing.
      const [known = 0, unknown = 0] = took;
      expect(Math.abs(known - unknown), `known ${known} ms, unknown ${unknown} ms`).toBeLessThan(150);
      const [mail] = await mailsTo(email, 'reset-password');
      expect(mail?.text).toContain('1 jam');
      expect((await linkOf(email, 'reset-password')).link).toContain('/Atur-Ulang-Password#token=');
      expect(await mailsTo('tidak-ada@contoh.id', 'reset-password')).toHaveLength(0);
    });

    it('3 mails an hour per e-mail, then the same answer without mail; 5 calls an hour per address, then 429', async () => {
      const email = 'batas-lupa@contoh.id';
      await signUpLearner(platform, lmsId, email);
      for (let n = 1; n <= FORGOT_PER_EMAIL.limit + 2; n++) {
        const res = await post('password/forgot', { email });
        expect(res.status).toBe(200);
        expect(((await res.json()) as { message: string }).message).toBe(FORGOT_ANSWER);
      }
      await forgotMailsSettled();
      expect(await mailsTo(email, 'reset-password')).toHaveLength(FORGOT_PER_EMAIL.limit);

      const address = fromAddress();
      for (let n = 1; n <= FORGOT_PER_ADDRESS.limit; n++)
        expect((await post('password/forgot', { email: `orang-${n}@contoh.id` }, { env: address })).status).toBe(200);
      const limited = await post('password/forgot', { email: 'orang-lagi@contoh.id' }, { env: address });
      expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(60);
      await expectApiError(limited, 429);
    });

    it('reset sets the password, ends every sign-in, verifies the e-mail and mails a notice; the link works once', async () => {
      const email = 'atur-ulang@contoh.id';
      const first = await signUpLearner(platform, lmsId, email);
      const second = await tokenOf(await signIn(email));
      await post('password/forgot', { email });
      await forgotMailsSettled();
      const { token } = await linkOf(email, 'reset-password');

      const weak = await expectApiError(await post('password/reset', { token, password: 'tanpa-angka' }), 400);
      expect(weak.fields?.map((field) => field.field)).toEqual(['password']);

      const res = await post('password/reset', { token, password: 'baru-sekali-2027' });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: unknown }).data).toEqual({ email, revoked: 2 });
      for (const old of [first, second]) await expectApiError(await detail(old), 401);
      expect((await rowOf(email))?.emailVerifiedAt).toBeInstanceOf(Date);
      const [notice] = await mailsTo(email, 'password-changed');
      expect(notice?.subject).toBe(`Password akun ${title} telah diubah`);
      expect(notice?.text).toContain('Password akun Anda');

      await expectApiError(await signIn(email), 401);
      expect((await signIn(email, 'baru-sekali-2027')).status).toBe(200);

      const used = await expectApiError(await post('password/reset', { token, password: 'lain-lagi-2028' }), 409);
      expect(used.message).toContain('sudah dipakai');
      expect((await signIn(email, 'baru-sekali-2027')).status).toBe(200);
    });

    it('an expired or forged reset link is refused and changes nothing', async () => {
      const email = 'reset-basi@contoh.id';
      const access = await signUpLearner(platform, lmsId, email);
      await post('password/forgot', { email });
      await forgotMailsSettled();
      const { token } = await linkOf(email, 'reset-password');
      const user = await rowOf(email);
      await platform.deps.db
        .update(accountTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(and(eq(accountTokens.userId, user?.id ?? ''), eq(accountTokens.purpose, 'reset-password')));
      const expired = await expectApiError(await post('password/reset', { token, password: 'baru-sekali-2027' }), 410);
      expect(expired.message).toContain('kedaluwarsa');
      const forged = await expectApiError(await post('password/reset', { token: 'x'.repeat(43), password: 'baru-sekali-2027' }), 400);
      expect(forged.message).toContain('tidak dikenal');
      expect((await rowOf(email))?.passwordHash).toBe(user?.passwordHash);
      expect((await detail(access)).status).toBe(200);
      expect(await mailsTo(email, 'password-changed')).toHaveLength(0);
    });
  });

  describe('password change', () => {
    it('needs the current password; keeps the caller signed in, ends the other sign-ins and mails a notice', async () => {
      const email = 'ganti@contoh.id';
      const here = await signUpLearner(platform, lmsId, email);
      const elsewhere = await tokenOf(await signIn(email));
      await expectApiError(await post('password/change', { currentPassword: 'rahasia-2026', password: 'ganti-baru-2027' }), 401);

      const wrong = await expectApiError(
        await post('password/change', { currentPassword: 'salah-2026', password: 'ganti-baru-2027' }, { token: here }),
        400,
      );
      expect(wrong.fields).toEqual([{ field: 'currentPassword', message: 'Password saat ini salah.' }]);
      expect((await detail(elsewhere)).status).toBe(200);

      const res = await post('password/change', { currentPassword: 'rahasia-2026', password: 'ganti-baru-2027' }, { token: here });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: unknown }).data).toEqual({ revoked: 1 });
      expect((await detail(here)).status).toBe(200);
      await expectApiError(await detail(elsewhere), 401);
      expect(await mailsTo(email, 'password-changed')).toHaveLength(1);
      expect((await signIn(email, 'ganti-baru-2027')).status).toBe(200);
    });

    it('refuses an account of another tenant than the lmsId header names', async () => {
      const access = await signUpLearner(platform, lmsId, 'tenant-lain@contoh.id');
      const other = (await platform.deps.tenants.all()).find((tenant) => tenant.lmsId !== lmsId);
      if (!other) throw new Error('the seed has a second tenant');
      const res = await platform.api.request(
        '/auth/password/change',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', [HEADERS.lmsId]: other.lmsId, Authorization: `Bearer ${access}` },
          body: JSON.stringify({ currentPassword: 'rahasia-2026', password: 'ganti-baru-2027' }),
        },
        fromAddress(),
      );
      expect((await expectApiError(res, 403)).message).toBe(ERRORS.lmsIdNotAccount.message);
      expect((await signIn('tenant-lain@contoh.id')).status).toBe(200);
    });
  });
});
