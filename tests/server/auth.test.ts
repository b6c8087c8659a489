import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, getUserDetail, signIn } from '~/lib/api';
import { demoAccount } from '~/server/seed/seed';
import { clientOf, otherTenantOf, signInAs, tenantOf } from './support/api-client';
import { dbKinds, platformFor } from './support/platform';

// Every call here comes from one address: its 3 failed sign-ins stay within the free ones of
// services/sign-in-delays.ts, so the sign-ins after them are not held back.
describe.each(await dbKinds())('auth service through the API client on %s', (kind) => {
  const platform = platformFor(kind);
  let lmsId: string;

  beforeAll(async () => {
    lmsId = (await tenantOf(platform)).lmsId;
  }, 60_000);

  /** A client of the demo site: it knows the lms id, as after the app start. */
  const siteClient = (): ApiClient => {
    const client = clientOf(platform);
    client.setCredentials({ lmsId });
    return client;
  };

  describe('POST generate/token', () => {
    it('signs a demo admin in and describes them', async () => {
      const result = await signIn(siteClient(), demoAccount('demo', 'admin'));
      expect(result.tokenType).toBe('Bearer');
      expect(result.accessToken.length).toBeGreaterThan(20);
      expect(Date.parse(result.expiresAt)).toBeGreaterThan(Date.now());
      expect(result.user).toMatchObject({ lmsId, email: 'admin@demo.example', kind: 1, role: 'admin' });
    });

    it('answers 401 with one message for a wrong password and for an unknown or foreign account', async () => {
      const refused = { statusCode: 401, message: 'Email atau password salah' };
      await expect(signIn(siteClient(), { email: 'admin@demo.example', password: 'wrong' })).rejects.toMatchObject(refused);
      await expect(signIn(siteClient(), { email: 'nobody@demo.example', password: 'x' })).rejects.toMatchObject(refused);
      const other = await otherTenantOf(platform);
      await expect(signIn(siteClient(), demoAccount(other.code, 'admin'))).rejects.toMatchObject(refused);
    });

    it('needs the lms id of a known tenant', async () => {
      await expect(signIn(clientOf(platform), demoAccount('demo', 'admin'))).rejects.toMatchObject({
        statusCode: 400,
        fields: [{ field: 'lmsId' }],
      });
      const unknown = clientOf(platform);
      unknown.setCredentials({ lmsId: '00000000-0000-4000-8000-000000000000' });
      await expect(signIn(unknown, demoAccount('demo', 'admin'))).rejects.toMatchObject({ statusCode: 404 });
    });

    it('names the bad field of an invalid request', async () => {
      await expect(signIn(siteClient(), { email: 'not-an-email', password: 'x' })).rejects.toMatchObject({
        statusCode: 400,
        fields: [{ field: 'email' }],
      });
    });
  });

  describe('GET user/detail', () => {
    it('accepts the access token with the Bearer prefix and bare (SPEC §6)', async () => {
      const client = siteClient();
      await signInAs(client, 'student');
      const bearer = await getUserDetail(client);
      const bare = await getUserDetail(client, { authScheme: 'bare' });
      expect(bearer).toMatchObject({ email: 'student@demo.example', role: 'student', kind: 4, lmsId });
      expect(bare).toEqual(bearer);
    });

    it('answers 401 without a token and with an unknown one', async () => {
      await expect(getUserDetail(siteClient())).rejects.toMatchObject({ statusCode: 401 });
      await expect(getUserDetail(siteClient(), { credentials: { accessToken: 'forged-token' } })).rejects.toMatchObject({
        statusCode: 401,
      });
    });

    it("answers 403 when the lmsId header names another tenant than the user's", async () => {
      const client = siteClient();
      await signInAs(client, 'mentor');
      const other = await otherTenantOf(platform);
      await expect(getUserDetail(client, { credentials: { lmsId: other.lmsId } })).rejects.toMatchObject({ statusCode: 403 });
    });
  });
});
