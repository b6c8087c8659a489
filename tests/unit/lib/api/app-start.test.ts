import { describe, expect, it } from 'vitest';
import { APP_TOKEN_COOKIE_SECONDS, COOKIES } from '~/contract/common';
import { APP_VERSION_STORAGE_KEY, type AppStartConfig, createApiClient, produceAppToken, runAppStart } from '~/lib/api';
import { isLocalDevelopmentHost, isLocalhostHost } from '~/lib/api/app-start';
import { fakeFetch, json, memoryEnvironment, openAppToken, type SeenRequest, TEST_BASES } from './fakes';

const KEY = '3c'.repeat(32);
const CONFIG: AppStartConfig = { clientId: 'DEMO', clientSecret: 's3cret', cipherKey: KEY, appCode: 'DEMO', scopes: ['read', 'write'] };
const LMS_ID = '001ebf66-3734-4f3d-99ed-b5c512ff9bee';
const ok = (data: unknown, statusCode = 200) => json(statusCode, { statusCode, message: 'OK', data });
const refused = () => json(401, { statusCode: 401, message: 'AppToken tidak valid atau sudah kedaluwarsa' });

/**
 * A fake authorizer: it issues tokens, accepts an app token only when it opens (with the tenant's
 * key) to one it issued, and answers the app id to such tokens, like the platform.
 */
function fakePlatform(options: { version?: string; issued?: string[]; versionFails?: boolean; validateDown?: boolean } = {}) {
  const issued = new Set(options.issued);
  let count = 0;
  const accepts = (request: SeenRequest) => {
    const wire = request.headers.get('AppToken');
    if (!wire?.startsWith('DEMO.')) return false;
    return issued.has(openAppToken(wire, KEY).payload.split('.')[1] ?? '');
  };
  const server = fakeFetch((request) => {
    switch (`${request.method} ${request.path}`) {
      case 'GET /api/v1/authorizer/version':
        return options.versionFails
          ? json(500, { statusCode: 500, message: 'Terjadi kesalahan pada server' })
          : ok({ version: options.version ?? '2' });
      case 'POST /api/v1/authorizer/token/generate': {
        const token = `${'t'.repeat(40)}${String(++count).padStart(3, '0')}`;
        issued.add(token);
        return ok({ token, code: 'DEMO', expiresAt: '2030-01-01T00:00:00.000Z' }, 201);
      }
      case 'GET /api/v1/authorizer/validate':
        if (options.validateDown) return json(503, { statusCode: 503, message: 'Basis data tidak dapat dihubungi' });
        return accepts(request)
          ? ok({ valid: true, lmsId: LMS_ID, code: 'DEMO', scopes: ['read'], expiresAt: '2030-01-01T00:00:00.000Z' })
          : refused();
      case 'GET /api/DEMO/cms/app/id':
        return accepts(request) ? ok({ lmsId: LMS_ID, code: 'DEMO', title: 'Demo' }) : refused();
      default:
        return json(404, { statusCode: 404, message: 'Endpoint tidak ditemukan' });
    }
  });
  const client = createApiClient({ bases: TEST_BASES, fetch: server.fetch });
  const calls = (path: string) => server.requests.filter((r) => r.path === `/api/${path}`).length;
  return { client, requests: server.requests, calls };
}

/** A wire token the fake platform issued, as a cookie from an earlier visit holds it. */
const ISSUED = `${'p'.repeat(40)}001`;
const heldToken = async () => (await produceAppToken({ token: ISSUED, code: 'DEMO' }, KEY)) as string;

describe('app start (SPEC §4 "App version", "App start")', () => {
  it('on a first visit stores the version, gets a token, sets it for 23 hours and loads the lms id', async () => {
    const platform = fakePlatform();
    const { env, logged } = memoryEnvironment();
    const state = await runAppStart(platform.client, CONFIG, env);

    expect(state).toEqual({
      version: '2',
      isTokenValid: true,
      domain: 'site.example',
      isLocalhost: false,
      isLocalDevelopment: false,
      lmsId: LMS_ID,
    });
    expect(env.storage.items.get(APP_VERSION_STORAGE_KEY)).toBe('2');
    const cookie = env.cookies.jar.get(COOKIES.appToken);
    expect(cookie?.maxAge).toBe(APP_TOKEN_COOKIE_SECONDS);
    expect(cookie?.maxAge).toBe(23 * 3600);
    expect(cookie?.value.startsWith('DEMO.')).toBe(true);
    expect(platform.calls('v1/authorizer/token/generate')).toBe(1);
    expect(platform.requests.find((r) => r.path.endsWith('/token/generate'))?.body).toEqual({
      id: 'DEMO',
      secret: 's3cret',
      scopes: ['read', 'write'],
    });
    // Later calls carry what the start obtained.
    expect(platform.client.credentials()).toMatchObject({ appToken: cookie?.value, lmsId: LMS_ID });
    expect(logged).toEqual([]);
  });

  it('with the same version and a valid token keeps storage and cookies and generates nothing', async () => {
    const platform = fakePlatform({ issued: [ISSUED] });
    const appToken = await heldToken();
    const { env } = memoryEnvironment({
      storage: { [APP_VERSION_STORAGE_KEY]: '2', draft: 'keep me' },
      cookies: { [COOKIES.appToken]: appToken, [COOKIES.token]: 'user-session' },
    });
    const state = await runAppStart(platform.client, CONFIG, env);

    expect(state).toMatchObject({ isTokenValid: true, lmsId: LMS_ID });
    expect(env.storage.items.get('draft')).toBe('keep me');
    expect(env.cookies.get(COOKIES.appToken)).toBe(appToken);
    expect(env.cookies.get(COOKIES.token)).toBe('user-session');
    expect(platform.calls('v1/authorizer/token/generate')).toBe(0);
    expect(platform.calls('v1/authorizer/validate')).toBe(1);
    // The id was loaded once, with the held token, beside the version check.
    expect(platform.calls('DEMO/cms/app/id')).toBe(1);
  });

  it('after a version change clears local storage and both cookies, then gets a new token', async () => {
    const platform = fakePlatform({ version: '3', issued: [ISSUED] });
    const appToken = await heldToken();
    const { env } = memoryEnvironment({
      storage: { [APP_VERSION_STORAGE_KEY]: '2', draft: 'stale' },
      cookies: { [COOKIES.appToken]: appToken, [COOKIES.token]: 'user-session' },
    });
    const state = await runAppStart(platform.client, CONFIG, env);

    expect(state).toMatchObject({ version: '3', isTokenValid: true });
    expect([...env.storage.items]).toEqual([[APP_VERSION_STORAGE_KEY, '3']]);
    expect(env.cookies.get(COOKIES.token)).toBeUndefined();
    expect(env.cookies.get(COOKIES.appToken)).not.toBe(appToken);
    expect(env.cookies.jar.get(COOKIES.appToken)?.maxAge).toBe(APP_TOKEN_COOKIE_SECONDS);
    expect(platform.calls('v1/authorizer/token/generate')).toBe(1);
  });

  it('with an invalid token removes both cookies and sets a new app token for 23 hours', async () => {
    const platform = fakePlatform();
    const { env } = memoryEnvironment({
      storage: { [APP_VERSION_STORAGE_KEY]: '2' },
      cookies: { [COOKIES.appToken]: await heldToken(), [COOKIES.token]: 'user-session' },
    });
    const state = await runAppStart(platform.client, CONFIG, env);

    expect(state).toMatchObject({ isTokenValid: true, lmsId: LMS_ID });
    expect(env.cookies.get(COOKIES.token)).toBeUndefined();
    const cookie = env.cookies.jar.get(COOKIES.appToken);
    expect(cookie?.maxAge).toBe(APP_TOKEN_COOKIE_SECONDS);
    expect(openAppToken(cookie?.value as string, KEY).payload).toMatch(/^\d{13}\.t{40}001$/);
    expect(platform.calls('v1/authorizer/validate')).toBe(1);
    expect(platform.calls('v1/authorizer/token/generate')).toBe(1);
    // The optimistic id load with the refused token is retried with the new one.
    expect(platform.calls('DEMO/cms/app/id')).toBe(2);
  });

  it('without an app token cookie (its 23 hours ran out) keeps the user token cookie and gets a new token', async () => {
    const platform = fakePlatform();
    const { env } = memoryEnvironment({ storage: { [APP_VERSION_STORAGE_KEY]: '2' }, cookies: { [COOKIES.token]: 'user-session' } });
    const state = await runAppStart(platform.client, CONFIG, env);

    expect(state.isTokenValid).toBe(true);
    expect(env.cookies.get(COOKIES.token)).toBe('user-session');
    expect(platform.calls('v1/authorizer/validate')).toBe(0);
    expect(platform.calls('v1/authorizer/token/generate')).toBe(1);
  });

  it('keeps a token the server could not check (it was down), and says the token is not known valid', async () => {
    const platform = fakePlatform({ issued: [ISSUED], validateDown: true });
    const appToken = await heldToken();
    const { env, logged } = memoryEnvironment({ storage: { [APP_VERSION_STORAGE_KEY]: '2' }, cookies: { [COOKIES.appToken]: appToken } });
    const state = await runAppStart(platform.client, CONFIG, env);

    expect(state).toMatchObject({ isTokenValid: false, lmsId: LMS_ID });
    expect(env.cookies.get(COOKIES.appToken)).toBe(appToken);
    expect(platform.client.credentials().appToken).toBe(appToken);
    expect(platform.calls('v1/authorizer/token/generate')).toBe(0);
    expect(logged).toHaveLength(1);
  });

  it('only logs a failure and reports the token as not valid', async () => {
    const platform = fakePlatform({ versionFails: true });
    const { env, logged } = memoryEnvironment({ domain: '10.10.2.15:4321' });
    const state = await runAppStart(platform.client, CONFIG, env);

    expect(state).toEqual({
      version: undefined,
      isTokenValid: false,
      domain: '10.10.2.15:4321',
      isLocalhost: false,
      isLocalDevelopment: true,
      lmsId: undefined,
    });
    expect(logged).toHaveLength(1);
    expect(String(logged[0]?.[0])).toContain('[app]');
    expect(platform.calls('v1/authorizer/token/generate')).toBe(0);
  });

  it('on a page that knows its lms id, checks version and token but loads no id', async () => {
    const platform = fakePlatform();
    const { env } = memoryEnvironment({ storage: { [APP_VERSION_STORAGE_KEY]: '2' } });
    const state = await runAppStart(platform.client, { ...CONFIG, lmsId: LMS_ID }, env);

    expect(state).toMatchObject({ version: '2', isTokenValid: true, lmsId: LMS_ID });
    expect(platform.calls('DEMO/cms/app/id')).toBe(0);
    expect(platform.calls('v1/authorizer/token/generate')).toBe(1);
    expect(platform.client.credentials().lmsId).toBe(LMS_ID);
  });
});

describe('app state flags (SPEC §3 "App state", §4)', () => {
  it.each([
    'localhost',
    'localhost:4321',
    'LOCALHOST',
    'demo.localhost:4321',
    '127.0.0.1',
    '127.0.0.1:8080',
    '127.1.2.3',
    '[::1]',
    '[::1]:80',
  ])('isLocalhost is true for %s', (host) => {
    expect(isLocalhostHost(host)).toBe(true);
  });

  it.each([
    'example.com',
    'site.example:443',
    '10.10.1.2',
    '192.168.1.5',
    'localhost.evil.example',
    '127.0.0.1.evil.example',
    'mylocalhost',
    '[::2]',
  ])('isLocalhost is false for %s', (host) => {
    expect(isLocalhostHost(host)).toBe(false);
  });

  it.each(['10.10.1.2', '10.10.2.15:4321', 'dev.10.10.example'])('isLocalDevelopment is true for %s, which contains 10.10', (host) => {
    expect(isLocalDevelopmentHost(host)).toBe(true);
  });

  it.each(['10.1.10.2', '192.168.10.1', 'localhost', 'site.example'])('isLocalDevelopment is false for %s', (host) => {
    expect(isLocalDevelopmentHost(host)).toBe(false);
  });

  it('reaches the state the app start returns', async () => {
    const platform = fakePlatform();
    const local = await runAppStart(platform.client, CONFIG, memoryEnvironment({ domain: 'demo.localhost:4321' }).env);
    expect(local).toMatchObject({ domain: 'demo.localhost:4321', isLocalhost: true, isLocalDevelopment: false });
    const lan = await runAppStart(platform.client, CONFIG, memoryEnvironment({ domain: '10.10.1.2' }).env);
    expect(lan).toMatchObject({ isLocalhost: false, isLocalDevelopment: true });
  });
});
