import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LoginResponseSchema } from '~/contract/auth';
import { HEADERS } from '~/contract/common';
import { getUserDetail, register, signOut } from '~/lib/api';
import { users } from '~/server/db/schema';
import { SIGN_UP_CALLS } from '~/server/identity/routes';
import { clientOf, tenantOf } from './support/api-client';
import { postSignUp, signUpForm, signUpLearner } from './support/identity';
import { dbKinds, platformFor } from './support/platform';
import { countRows, expectApiError, fromAddress } from './support/tokens';

describe.each(await dbKinds())('sign-up and sign-out on %s', (kind) => {
  const platform = platformFor(kind);
  let lmsId: string;

  beforeAll(async () => {
    lmsId = (await tenantOf(platform)).lmsId;
  }, 60_000);

  const rowOf = async (email: string) => (await platform.deps.db.select().from(users).where(eq(users.email, email)))[0];

  describe('POST user/register', () => {
    it('creates a student signed in at once, through the site client, with the phone normalised', async () => {
      const client = clientOf(platform);
      client.setCredentials({ lmsId });
      const result = await register(client, signUpForm('Siti.Baru@Contoh.id') as never);
      expect(result.user).toMatchObject({ email: 'siti.baru@contoh.id', name: 'Siti Rahma', role: 'student', kind: 4, lmsId });
      client.setCredentials({ accessToken: result.accessToken });
      expect((await getUserDetail(client)).email).toBe('siti.baru@contoh.id');
      const row = await rowOf('siti.baru@contoh.id');
      expect(row).toMatchObject({
        phone: '081234567890',
        birthDate: '2004-05-17',
        gender: 'P',
        provinceId: '31',
        cityId: '31.71',
        newsletter: true,
      });
      expect(row?.termsAcceptedAt).toBeInstanceOf(Date);
      expect(row?.passwordHash).toMatch(/^scrypt\$/);
      expect(row?.passwordHash).not.toContain('rahasia-2026');
    });

    it('answers 201 with the body of a sign-in', async () => {
      const res = await postSignUp(platform, lmsId, signUpForm('bentuk@contoh.id'));
      expect(res.status).toBe(201);
      const body = LoginResponseSchema.parse(await res.json());
      expect(body.data.tokenType).toBe('Bearer');
    });

    it('refuses a role or any other field the form does not have, writing nothing', async () => {
      const before = await countRows(platform);
      const body = await expectApiError(await postSignUp(platform, lmsId, signUpForm('admin-palsu@contoh.id', { kind: 1 } as never)), 400);
      expect(body.fields).toEqual([{ field: 'kind', message: 'field tidak dikenal' }]);
      expect(await countRows(platform)).toEqual(before);
    });

    it('answers 409 for an e-mail the tenant already has, in any case, also for two sign-ups at once', async () => {
      await signUpLearner(platform, lmsId, 'dua@contoh.id');
      const again = await expectApiError(await postSignUp(platform, lmsId, signUpForm('DUA@contoh.id')), 409);
      expect(again.message).toBe('Email sudah terdaftar. Silakan masuk.');
      const race = await Promise.all([1, 2, 3].map(() => postSignUp(platform, lmsId, signUpForm('balapan@contoh.id'))));
      expect(race.map((res) => res.status).sort()).toEqual([201, 409, 409]);
      expect((await platform.deps.db.select().from(users).where(eq(users.email, 'balapan@contoh.id'))).length).toBe(1);
    });

    it('the same e-mail may sign up on another tenant', async () => {
      const other = (await platform.deps.tenants.all()).find((tenant) => tenant.lmsId !== lmsId);
      await signUpLearner(platform, lmsId, 'dua-situs@contoh.id');
      expect((await postSignUp(platform, other?.lmsId ?? '', signUpForm('dua-situs@contoh.id'))).status).toBe(201);
    });

    it('names the bad field: city of another province, unknown province, phone, age, password repeat, terms', async () => {
      const fieldOf = async (overrides: Record<string, unknown>) =>
        (await expectApiError(await postSignUp(platform, lmsId, signUpForm('salah@contoh.id', overrides)), 400)).fields?.map(
          (f) => f.field,
        );
      expect(await fieldOf({ cityId: '32.01' })).toEqual(['cityId']);
      expect(await fieldOf({ provinceId: '99', cityId: '99.01' })).toEqual(['provinceId']);
      expect(await fieldOf({ cityId: '31.99' })).toEqual(['cityId']);
      expect(await fieldOf({ phone: '12345' })).toEqual(['phone']);
      expect(await fieldOf({ birthDate: '2024-01-01' })).toEqual(['birthDate']);
      expect(await fieldOf({ passwordRepeat: 'lain-2026' })).toEqual(['passwordRepeat']);
      expect(await fieldOf({ acceptTerms: false })).toEqual(['acceptTerms']);
      expect(await rowOf('salah@contoh.id')).toBeUndefined();
    });

    it('needs the lms id of a known tenant', async () => {
      const res = await platform.api.request(
        '/auth/user/register',
        { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(signUpForm('x@contoh.id')) },
        fromAddress(),
      );
      await expectApiError(res, 400);
      await expectApiError(await postSignUp(platform, '00000000-0000-4000-8000-000000000000', signUpForm('x@contoh.id')), 404);
    });

    it('a class of 36 behind one school address signs up; past 40 an hour the next waits (429 with Retry-After)', async () => {
      const school = fromAddress('203.0.113.77');
      for (let n = 1; n <= SIGN_UP_CALLS.limit; n++)
        expect((await postSignUp(platform, lmsId, signUpForm(`kelas-${n}@contoh.id`), school)).status).toBe(201);
      const res = await postSignUp(platform, lmsId, signUpForm('kelas-lebih@contoh.id'), school);
      expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(3000);
      await expectApiError(res, 429);
      expect(await rowOf('kelas-lebih@contoh.id')).toBeUndefined();
      expect(SIGN_UP_CALLS.limit).toBeGreaterThanOrEqual(36);
    });
  });

  describe('POST user/logout', () => {
    const detail = (token: string) =>
      platform.api.request('/auth/user/detail', { headers: { Authorization: `Bearer ${token}`, [HEADERS.lmsId]: lmsId } });
    const signInAgain = async (email: string) => {
      const res = await platform.api.request(
        '/auth/generate/token',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', [HEADERS.lmsId]: lmsId },
          body: JSON.stringify({ email, password: 'rahasia-2026' }),
        },
        fromAddress(),
      );
      return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
    };

    it('ends this sign-in only: its token gets 401, the other sign-in stays', async () => {
      const first = await signUpLearner(platform, lmsId, 'keluar@contoh.id');
      const second = await signInAgain('keluar@contoh.id');
      const client = clientOf(platform);
      client.setCredentials({ lmsId, accessToken: first });
      expect(await signOut(client)).toBe(1);
      await expectApiError(await detail(first), 401);
      expect((await detail(second)).status).toBe(200);
      // Signing out twice ends nothing more: the token is no longer accepted.
      await expect(signOut(client)).rejects.toMatchObject({ statusCode: 401 });
    });

    it('with everywhere ends every live sign-in of the account, and no one else’s', async () => {
      const tokens = [
        await signUpLearner(platform, lmsId, 'semua@contoh.id'),
        await signInAgain('semua@contoh.id'),
        await signInAgain('semua@contoh.id'),
      ];
      const bystander = await signUpLearner(platform, lmsId, 'tetangga@contoh.id');
      const client = clientOf(platform);
      client.setCredentials({ lmsId, accessToken: tokens[1] });
      expect(await signOut(client, true)).toBe(3);
      for (const token of tokens) await expectApiError(await detail(token), 401);
      expect((await detail(bystander)).status).toBe(200);
    });

    it('answers 401 when signed out', async () => {
      const res = await platform.api.request('/auth/user/logout', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      await expectApiError(res, 401);
    });
  });
});
