import { beforeAll, describe, expect, it } from 'vitest';
import { UserProfileResponseSchema } from '~/contract/users';
import { type ApiClient, getMe, signOut } from '~/lib/api';
import { appClientOf, otherTenantOf, signInAs, tenantOf } from './support/api-client';
import { signUpLearner } from './support/identity';
import { dbKinds, platformFor } from './support/platform';
import { generateAppToken } from './support/tokens';

describe.each(await dbKinds())('GET v1/user/me on %s', (kind) => {
  const platform = platformFor(kind);
  let lmsId: string;

  beforeAll(async () => {
    lmsId = (await tenantOf(platform)).lmsId;
  }, 60_000);

  it('describes a learner who signed up: fields, province and city names, and this session', async () => {
    const client: ApiClient = await appClientOf(platform);
    const before = Date.now();
    client.setCredentials({ accessToken: await signUpLearner(platform, lmsId, 'profil@contoh.id') });
    const me = await getMe(client);
    expect(me).toMatchObject({
      email: 'profil@contoh.id',
      role: 'student',
      phone: '081234567890',
      birthDate: '2004-05-17',
      gender: 'P',
      province: { id: '31', name: 'Daerah Khusus Ibukota Jakarta' },
      city: { id: '31.71', name: 'Kota Administrasi Jakarta Pusat' },
      newsletter: true,
    });
    expect(me.detail_auth.lmsId).toBe(lmsId);
    expect(me.detail_auth.activeSessions).toBe(1);
    expect(Date.parse(me.detail_auth.signedInAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(me.detail_auth.expiresAt) - Date.parse(me.detail_auth.signedInAt)).toBeCloseTo(30 * 86_400_000, -4);
  });

  it('a seeded admin has no sign-up fields (null) and counts each live sign-in', async () => {
    const client = await appClientOf(platform);
    await signInAs(client, 'admin');
    const first = await getMe(client);
    expect(first).toMatchObject({
      role: 'admin',
      phone: null,
      birthDate: null,
      gender: null,
      province: null,
      city: null,
      newsletter: false,
    });
    await signInAs(client, 'admin');
    expect((await getMe(client)).detail_auth.activeSessions).toBe(first.detail_auth.activeSessions + 1);
  });

  it('answers 401 signed out, after sign-out, and without an app token', async () => {
    const client = await appClientOf(platform);
    await expect(getMe(client)).rejects.toMatchObject({ statusCode: 401 });
    await signInAs(client, 'student');
    await signOut(client);
    await expect(getMe(client)).rejects.toMatchObject({ statusCode: 401 });
    const token = await signUpLearner(platform, lmsId, 'tanpa-app@contoh.id');
    const res = await platform.api.request('/v1/user/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
  });

  it("refuses a user of another tenant than the app token's (403)", async () => {
    const other = await otherTenantOf(platform);
    const token = await signUpLearner(platform, other.lmsId, 'asing@contoh.id');
    const { wire } = await generateAppToken(platform);
    const res = await platform.api.request('/v1/user/me', { headers: { AppToken: wire, Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(403);
    // The same user with an app token of their own tenant is let in.
    const own = await generateAppToken(platform, { appCode: other.appCode });
    const ok = await platform.api.request('/v1/user/me', { headers: { AppToken: own.wire, Authorization: `Bearer ${token}` } });
    expect(UserProfileResponseSchema.parse(await ok.json()).data.email).toBe('asing@contoh.id');
  });
});
