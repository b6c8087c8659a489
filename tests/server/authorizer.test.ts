import { beforeAll, describe, expect, it } from 'vitest';
import { APP_TOKEN_COOKIE_SECONDS, APP_TOKEN_LIFETIME_SECONDS, COOKIES } from '~/contract/common';
import {
  type ApiClient,
  ApiRequestError,
  generateToken,
  getVersion,
  listCities,
  listProvinces,
  produceAppToken,
  runAppStart,
  validateToken,
} from '~/lib/api';
import { memoryEnvironment } from '../unit/lib/api/fakes';
import { appClientOf, clientOf, DEMO_APP_CODE, otherTenantOf, siteConfigOf, tenantOf } from './support/api-client';
import { dbKinds, platformFor } from './support/platform';

describe.each(await dbKinds())('authorizer through the API client on %s', (kind) => {
  const platform = platformFor(kind);
  let client: ApiClient;

  beforeAll(async () => {
    client = await appClientOf(platform);
  }, 60_000);

  describe('POST v1/authorizer/token/generate', () => {
    it('issues a pair that, wrapped by the client, the server accepts', async () => {
      const config = await siteConfigOf(platform, ['read']);
      const fresh = clientOf(platform);
      const before = Date.now();
      const pair = await generateToken(fresh, { id: config.clientId, secret: config.clientSecret, scopes: ['read'] });
      expect(pair.code).toBe(DEMO_APP_CODE);
      expect(Date.parse(pair.expiresAt) - before).toBeGreaterThan((APP_TOKEN_LIFETIME_SECONDS - 60) * 1000);

      const appToken = await produceAppToken(pair, config.cipherKey);
      const validation = await validateToken(fresh, { credentials: { appToken } });
      expect(validation).toMatchObject({ valid: true, code: DEMO_APP_CODE, lmsId: (await tenantOf(platform)).lmsId, scopes: ['read'] });
    });

    it('refuses a wrong secret with 401 and a page on another tenant host with 403', async () => {
      const config = await siteConfigOf(platform);
      await expect(generateToken(clientOf(platform), { id: config.clientId, secret: 'nope', scopes: ['read'] })).rejects.toMatchObject({
        statusCode: 401,
        message: 'id atau secret aplikasi salah',
      });
      const foreign = clientOf(platform, `http://${(await otherTenantOf(platform)).hosts[0]}`);
      await expect(generateToken(foreign, { id: config.clientId, secret: config.clientSecret, scopes: ['read'] })).rejects.toMatchObject({
        statusCode: 403,
      });
    });

    it('names the bad field of an invalid request', async () => {
      const config = await siteConfigOf(platform);
      const error = await generateToken(clientOf(platform), { id: config.clientId, secret: config.clientSecret, scopes: [] }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ApiRequestError);
      expect(error).toMatchObject({ statusCode: 400, fields: [{ field: 'scopes' }] });
    });
  });

  describe('GET v1/authorizer/version', () => {
    it('answers anyone with the deployed version', async () => {
      expect(await getVersion(clientOf(platform))).toBe('1.0.0-test');
    });
  });

  describe('GET v1/authorizer/validate', () => {
    it('describes the held token', async () => {
      const validation = await validateToken(client);
      expect(validation.code).toBe(DEMO_APP_CODE);
      expect(validation.scopes).toEqual(['read', 'write']);
      expect(Date.parse(validation.expiresAt)).toBeGreaterThan(Date.now());
    });

    it('answers 401 without a token and with a bad one', async () => {
      await expect(validateToken(clientOf(platform))).rejects.toMatchObject({ statusCode: 401, message: 'AppToken wajib dikirim' });
      const forged = `${DEMO_APP_CODE}.${'A'.repeat(80)}`;
      await expect(validateToken(client, { credentials: { appToken: forged } })).rejects.toMatchObject({ statusCode: 401 });
    });

    it("answers 403 when the lmsId header names another tenant than the token's", async () => {
      const other = await otherTenantOf(platform);
      await expect(validateToken(client, { credentials: { lmsId: other.lmsId } })).rejects.toMatchObject({ statusCode: 403 });
    });
  });

  describe('GET v1/authorizer/provinces and cities', () => {
    it('lists the 38 provinces, West Java among them', async () => {
      const provinces = await listProvinces(client);
      expect(provinces).toHaveLength(38);
      expect(provinces).toContainEqual({ id: '32', name: expect.stringMatching(/jawa barat/i) });
    });

    it('lists the cities of province 32, Kota Bandung among them', async () => {
      const cities = await listCities(client, '32');
      expect(cities.every((city) => city.provinceId === '32')).toBe(true);
      expect(cities.map((city) => city.name)).toContain('Kota Bandung');
    });

    it('answers 404 for an unknown province and 400 for a malformed one', async () => {
      await expect(listCities(client, '99')).rejects.toMatchObject({ statusCode: 404 });
      await expect(listCities(client, '3')).rejects.toMatchObject({ statusCode: 400, fields: [{ field: 'provinceId' }] });
    });

    it('answers 401 without an app token', async () => {
      await expect(listProvinces(clientOf(platform))).rejects.toMatchObject({ statusCode: 401 });
      await expect(listCities(clientOf(platform), '32')).rejects.toMatchObject({ statusCode: 401 });
    });
  });

  describe('app start (SPEC §4) against the platform', () => {
    const start = async (env: ReturnType<typeof memoryEnvironment>['env']) => {
      const client = clientOf(platform);
      const state = await runAppStart(client, await siteConfigOf(platform), env);
      return { client, state };
    };
    // The tests are consecutive visits of one browser: they share its storage and cookies.
    const { env, logged } = memoryEnvironment({ domain: 'localhost:4321' });

    it('on a first visit gets an app token, keeps it in a 23-hour cookie and loads the lms id', async () => {
      const { client, state } = await start(env);
      const tenant = await tenantOf(platform);
      expect(state).toEqual({
        version: '1.0.0-test',
        isTokenValid: true,
        domain: 'localhost:4321',
        isLocalhost: true,
        isLocalDevelopment: false,
        lmsId: tenant.lmsId,
      });
      const cookie = env.cookies.jar.get(COOKIES.appToken);
      expect(cookie?.maxAge).toBe(APP_TOKEN_COOKIE_SECONDS);
      expect(cookie?.value.startsWith(`${DEMO_APP_CODE}.`)).toBe(true);
      // The client now holds what the server accepts.
      expect(await validateToken(client)).toMatchObject({ code: DEMO_APP_CODE, lmsId: tenant.lmsId });
      expect(logged).toEqual([]);
    });

    it('on the next visit with the same version keeps the token and the storage', async () => {
      const token = env.cookies.get(COOKIES.appToken);
      env.storage.setItem('draft', 'keep me');
      const { state } = await start(env);
      expect(state.isTokenValid).toBe(true);
      expect(env.cookies.get(COOKIES.appToken)).toBe(token);
      expect(env.storage.getItem('draft')).toBe('keep me');
    });

    it('after a version change clears storage and both cookies, then gets a new token', async () => {
      const token = env.cookies.get(COOKIES.appToken);
      env.storage.setItem('app_version', '0.9.0');
      env.cookies.set(COOKIES.token, 'old-session', 60);
      const { client, state } = await start(env);
      expect(state).toMatchObject({ version: '1.0.0-test', isTokenValid: true });
      expect([...env.storage.items]).toEqual([['app_version', '1.0.0-test']]);
      expect(env.cookies.get(COOKIES.token)).toBeUndefined();
      expect(env.cookies.get(COOKIES.appToken)).not.toBe(token);
      expect(await validateToken(client)).toMatchObject({ code: DEMO_APP_CODE });
    });

    it('replaces a token the server refuses', async () => {
      env.cookies.set(COOKIES.appToken, `${DEMO_APP_CODE}.${'A'.repeat(80)}`, 60);
      const { client, state } = await start(env);
      expect(state).toMatchObject({ isTokenValid: true, lmsId: (await tenantOf(platform)).lmsId });
      expect(env.cookies.jar.get(COOKIES.appToken)?.maxAge).toBe(APP_TOKEN_COOKIE_SECONDS);
      expect(await validateToken(client)).toMatchObject({ code: DEMO_APP_CODE });
    });
  });
});
