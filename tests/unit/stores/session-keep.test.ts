import { describe, expect, it } from 'vitest';
import type { LoginResult } from '~/contract/auth';
import { COOKIES, STORAGE_KEYS, TOKEN_COOKIE_SECONDS } from '~/contract/constants';
import { ROLES, roleOfKind } from '~/contract/roles';
import { createApiClient } from '~/lib/api/client';
import { $session, dropSession, keepSession, restoreSession } from '~/stores/session';
import { memoryCookies, memoryStorage } from '../lib/api/fakes';

const result = (kind: number, days = 30): LoginResult => ({
  accessToken: 'token-rahasia',
  tokenType: 'Bearer',
  expiresAt: new Date(Date.now() + days * 86_400_000).toISOString(),
  user: { id: 'u1', lmsId: 'lms', email: 'guru@demo.example', name: 'Guru Demo', kind, role: roleOfKind(kind) },
});
const environment = () => ({ storage: memoryStorage(), cookies: memoryCookies() });

describe('roles (SPEC §6)', () => {
  it('map kinds 0–9 in order, anything else to null', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(roleOfKind)).toEqual([...ROLES]);
    expect(ROLES).toEqual([
      'superadmin',
      'admin',
      'mentor',
      'teacher',
      'student',
      'industry',
      'writer',
      'lead_program',
      'partner',
      'lead_region',
    ]);
    for (const kind of [-1, 10, 1.5, '1', null, undefined, Number.NaN]) expect(roleOfKind(kind)).toBeNull();
  });
});

describe('the session in the browser', () => {
  it('keeps the token in storage and a cookie, the role as user_kind, and gives the client the token', () => {
    const env = environment();
    const client = createApiClient();
    keepSession(result(3), env, client);
    expect(env.storage.getItem(STORAGE_KEYS.accessToken)).toBe('token-rahasia');
    expect(env.storage.getItem(STORAGE_KEYS.userKind)).toBe('teacher');
    expect(env.cookies.jar.get(COOKIES.token)?.value).toBe('token-rahasia');
    expect(env.cookies.jar.get(COOKIES.token)?.maxAge).toBeLessThanOrEqual(TOKEN_COOKIE_SECONDS);
    expect(client.credentials().accessToken).toBe('token-rahasia');
    expect($session.get()).toMatchObject({ name: 'Guru Demo', role: 'teacher' });
  });

  it('does not store the role when flagged, and never lets the cookie outlive the token', () => {
    const env = environment();
    keepSession(result(2, 1), env, undefined, { storeRole: false });
    expect(env.storage.getItem(STORAGE_KEYS.userKind)).toBeNull();
    expect(env.cookies.jar.get(COOKIES.token)?.maxAge).toBeLessThanOrEqual(86_400);
  });

  it('restores a sign-in only while storage and cookie agree: a cleared cookie (new version, refused app token) ends it', () => {
    const env = environment();
    keepSession(result(4), env);
    $session.set(undefined);
    expect(restoreSession(env)?.role).toBe('student');
    env.cookies.remove(COOKIES.token);
    expect(restoreSession(env)).toBeUndefined();
    expect(env.storage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect($session.get()).toBeUndefined();
  });

  it('drops a garbled stored user, and sign-out forgets everything', () => {
    const env = environment();
    keepSession(result(1), env);
    env.storage.setItem(STORAGE_KEYS.user, '{rusak');
    expect(restoreSession(env)).toBeUndefined();
    keepSession(result(1), env);
    dropSession(env);
    expect([STORAGE_KEYS.accessToken, STORAGE_KEYS.user, STORAGE_KEYS.userKind].map((key) => env.storage.getItem(key))).toEqual([
      null,
      null,
      null,
    ]);
    expect(env.cookies.get(COOKIES.token)).toBeUndefined();
  });
});
