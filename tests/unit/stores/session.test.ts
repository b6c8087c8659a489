import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResult } from '~/contract/auth';
import { COOKIES, STORAGE_KEYS, TOKEN_COOKIE_SECONDS } from '~/contract/constants';
import { roleOfKind } from '~/contract/roles';
import { createApiClient } from '~/lib/api/client';
import { $session, dropSession, keepSession, restoreSession } from '~/stores/session';
import { memoryCookies, memoryStorage } from '../lib/api/fakes';

const NOW = Date.parse('2026-11-23T10:00:00.000Z');
const TOKEN = 'akses-token-rahasia';

function signIn(kind: number, expiresInMs = 30 * 86_400_000, accessToken = TOKEN): LoginResult {
  return {
    accessToken,
    tokenType: 'Bearer',
    expiresAt: new Date(NOW + expiresInMs).toISOString(),
    user: { id: 'u-1', lmsId: 'lms-1', email: 'siti@sekolah.example', name: 'Siti Rahma', kind, role: roleOfKind(kind) },
  };
}

/** A browser with a version already recorded and an app token cookie, as after the app start. */
function browser(storage: Record<string, string> = {}, cookies: Record<string, string> = {}) {
  return {
    storage: memoryStorage({ [STORAGE_KEYS.version]: '2', ...storage }),
    cookies: memoryCookies({ [COOKIES.appToken]: 'DEMO.app', ...cookies }),
  };
}
const appClient = () => createApiClient({ credentials: { appToken: 'DEMO.app', lmsId: 'lms-1' } });

beforeEach(() => {
  vi.spyOn(Date, 'now').mockReturnValue(NOW);
  $session.set(undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('keepSession: a sign-in kept in this browser (SPEC §6, §9)', () => {
  it('stores the access token, the user for the header and the role as user_kind', () => {
    const env = browser();
    const user = keepSession(signIn(2), env);
    expect(env.storage.getItem(STORAGE_KEYS.accessToken)).toBe(TOKEN);
    expect(env.storage.getItem(STORAGE_KEYS.userKind)).toBe('mentor');
    expect(JSON.parse(env.storage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual({
      name: 'Siti Rahma',
      email: 'siti@sekolah.example',
      kind: 2,
      role: 'mentor',
    });
    expect(user).toEqual({ name: 'Siti Rahma', email: 'siti@sekolah.example', kind: 2, role: 'mentor' });
  });

  it('never writes the token into the stored user', () => {
    const env = browser();
    keepSession(signIn(4), env);
    expect(env.storage.getItem(STORAGE_KEYS.user)).not.toContain(TOKEN);
  });

  it.each([
    [0, 'superadmin'],
    [3, 'teacher'],
    [4, 'student'],
    [9, 'lead_region'],
  ])('stores kind %i as user_kind %s', (kind, role) => {
    const env = browser();
    keepSession(signIn(kind), env);
    expect(env.storage.getItem(STORAGE_KEYS.userKind)).toBe(role);
  });

  it('stores no user_kind when flagged, and removes one a previous sign-in left', () => {
    const env = browser({ [STORAGE_KEYS.userKind]: 'admin' });
    const user = keepSession(signIn(2), env, undefined, { storeRole: false });
    expect(env.storage.getItem(STORAGE_KEYS.userKind)).toBeNull();
    // The session itself still knows the role; only local storage goes without it.
    expect(user.role).toBe('mentor');
  });

  it('stores no user_kind for a kind without a role, and leaves no earlier one behind', () => {
    const env = browser({ [STORAGE_KEYS.userKind]: 'superadmin' });
    const user = keepSession(signIn(42), env);
    expect(user.role).toBeNull();
    expect(env.storage.getItem(STORAGE_KEYS.userKind)).toBeNull();
  });

  it('sets the token cookie for 30 days when the token lives longer', () => {
    const env = browser();
    keepSession(signIn(4, 90 * 86_400_000), env);
    expect(env.cookies.jar.get(COOKIES.token)).toEqual({ value: TOKEN, maxAge: 2_592_000 });
    expect(TOKEN_COOKIE_SECONDS).toBe(2_592_000);
  });

  it('never lets the token cookie outlive the token', () => {
    const env = browser();
    keepSession(signIn(4, 86_400_000), env);
    expect(env.cookies.jar.get(COOKIES.token)?.maxAge).toBe(86_400);
    keepSession(signIn(4, 3_630_900), env);
    expect(env.cookies.jar.get(COOKIES.token)?.maxAge).toBe(3630);
  });

  it('gives an already expired token a cookie that ends at once, never a negative or missing lifetime', () => {
    const env = browser();
    keepSession(signIn(4, -60_000), env);
    expect(env.cookies.jar.get(COOKIES.token)?.maxAge).toBe(0);
  });

  it('gives the client the token, keeping its app token and lms id, and shows the user in $session', () => {
    const env = browser();
    const client = appClient();
    keepSession(signIn(3), env, client);
    expect(client.credentials()).toEqual({ appToken: 'DEMO.app', lmsId: 'lms-1', accessToken: TOKEN });
    expect($session.get()).toEqual({ name: 'Siti Rahma', email: 'siti@sekolah.example', kind: 3, role: 'teacher' });
  });

  it('replaces an earlier sign-in entirely', () => {
    const env = browser();
    keepSession(signIn(1, undefined, 'token-lama'), env);
    keepSession(signIn(4, undefined, 'token-baru'), env);
    expect(env.storage.getItem(STORAGE_KEYS.accessToken)).toBe('token-baru');
    expect(env.cookies.get(COOKIES.token)).toBe('token-baru');
    expect(env.storage.getItem(STORAGE_KEYS.userKind)).toBe('student');
    expect(restoreSession(env)?.kind).toBe(4);
  });
});

describe('restoreSession: the sign-in this browser holds', () => {
  it('restores a kept sign-in into $session and the client', () => {
    const env = browser();
    keepSession(signIn(2), env);
    $session.set(undefined);
    const client = appClient();
    expect(restoreSession(env, client)).toEqual({ name: 'Siti Rahma', email: 'siti@sekolah.example', kind: 2, role: 'mentor' });
    expect($session.get()?.role).toBe('mentor');
    expect(client.credentials().accessToken).toBe(TOKEN);
  });

  it('drops a token left in storage alone (a new version or a refused app token cleared the cookies)', () => {
    const env = browser();
    keepSession(signIn(2), env);
    env.cookies.remove(COOKIES.token);
    env.cookies.remove(COOKIES.appToken);
    const client = appClient();
    client.setCredentials({ accessToken: TOKEN });

    expect(restoreSession(env, client)).toBeUndefined();
    expect($session.get()).toBeUndefined();
    expect(client.credentials().accessToken).toBeUndefined();
    for (const key of [STORAGE_KEYS.accessToken, STORAGE_KEYS.user, STORAGE_KEYS.userKind]) expect(env.storage.getItem(key)).toBeNull();
    // Only the sign-in goes: the version the start recorded stays.
    expect(env.storage.getItem(STORAGE_KEYS.version)).toBe('2');
  });

  it('drops the sign-in when storage and cookie hold different tokens', () => {
    const env = browser();
    keepSession(signIn(2), env);
    env.cookies.set(COOKIES.token, 'token-lain', 60);
    expect(restoreSession(env)).toBeUndefined();
    expect(env.storage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(env.cookies.get(COOKIES.token)).toBeUndefined();
  });

  it('ends a sign-in shown in $session once the other tab signed out', () => {
    const env = browser();
    keepSession(signIn(2), env);
    expect($session.get()).toBeDefined();
    env.storage.removeItem(STORAGE_KEYS.accessToken);
    expect(restoreSession(env)).toBeUndefined();
    expect($session.get()).toBeUndefined();
  });

  it.each([
    ['corrupt JSON', '{rusak'],
    ['JSON null', 'null'],
    ['a string', '"Siti"'],
    ['a user without e-mail', JSON.stringify({ name: 'Siti', kind: 2 })],
    ['a kind written as text', JSON.stringify({ name: 'Siti', email: 'siti@sekolah.example', kind: '2' })],
    ['a name that is not text', JSON.stringify({ name: { toString: 1 }, email: 'siti@sekolah.example', kind: 2 })],
  ])('drops the whole sign-in when the stored user is %s', (_what, stored) => {
    const env = browser(
      { [STORAGE_KEYS.accessToken]: TOKEN, [STORAGE_KEYS.user]: stored, [STORAGE_KEYS.userKind]: 'mentor' },
      { [COOKIES.token]: TOKEN },
    );
    expect(() => restoreSession(env)).not.toThrow();
    expect(restoreSession(env)).toBeUndefined();
    expect($session.get()).toBeUndefined();
    for (const key of [STORAGE_KEYS.accessToken, STORAGE_KEYS.user, STORAGE_KEYS.userKind]) expect(env.storage.getItem(key)).toBeNull();
    expect(env.cookies.get(COOKIES.token)).toBeUndefined();
  });

  it('is signed out, touching nothing, when the browser holds no sign-in', () => {
    const env = browser();
    expect(restoreSession(env)).toBeUndefined();
    expect([...env.storage.items]).toEqual([[STORAGE_KEYS.version, '2']]);
    expect(env.cookies.get(COOKIES.appToken)).toBe('DEMO.app');
  });

  it('does not count an empty token in storage and cookie as a sign-in', () => {
    const user = JSON.stringify({ name: 'Siti', email: 'siti@sekolah.example', kind: 2, role: 'mentor' });
    const env = browser({ [STORAGE_KEYS.accessToken]: '', [STORAGE_KEYS.user]: user }, { [COOKIES.token]: '' });
    expect(restoreSession(env)).toBeUndefined();
    expect($session.get()).toBeUndefined();
  });
});

describe('dropSession: sign-out in this browser', () => {
  it('forgets token, user, role, token cookie, the client’s token and $session', () => {
    const env = browser();
    const client = appClient();
    keepSession(signIn(1), env, client);
    dropSession(env, client);

    for (const key of [STORAGE_KEYS.accessToken, STORAGE_KEYS.user, STORAGE_KEYS.userKind]) expect(env.storage.getItem(key)).toBeNull();
    expect(env.cookies.get(COOKIES.token)).toBeUndefined();
    expect(client.credentials().accessToken).toBeUndefined();
    expect($session.get()).toBeUndefined();
    expect(restoreSession(env)).toBeUndefined();
  });

  it('forgets the AI chat of this browser too: its identity, history and open conversation', () => {
    const env = browser({
      [STORAGE_KEYS.chatIdentity]: '{"token":"t"}',
      [STORAGE_KEYS.chatHistory]: '[{"conversation_id":"c"}]',
      [STORAGE_KEYS.chatConversation]: '"c"',
    });
    keepSession(signIn(1), env);
    dropSession(env);
    for (const key of [STORAGE_KEYS.chatIdentity, STORAGE_KEYS.chatHistory, STORAGE_KEYS.chatConversation])
      expect(env.storage.getItem(key)).toBeNull();
  });

  it('keeps what is not the sign-in: the app version, the app token cookie and the client’s app token', () => {
    const env = browser({ draft: 'catatan' });
    const client = appClient();
    keepSession(signIn(1), env, client);
    dropSession(env, client);

    expect(env.storage.getItem(STORAGE_KEYS.version)).toBe('2');
    expect(env.storage.getItem('draft')).toBe('catatan');
    expect(env.cookies.get(COOKIES.appToken)).toBe('DEMO.app');
    expect(client.credentials()).toMatchObject({ appToken: 'DEMO.app', lmsId: 'lms-1' });
  });
});
