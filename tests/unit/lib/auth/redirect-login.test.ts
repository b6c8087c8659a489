import { describe, expect, it } from 'vitest';
import {
  AUTH_STATE_KEY,
  AUTH_STATE_TTL_MS,
  buildAccountLoginUrl,
  randomState,
  rememberState,
  type StateStorage,
  takeState,
} from '~/lib/auth/redirect-login';

/** sessionStorage as a Map. */
function memoryStorage(): StateStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const T0 = Date.parse('2026-05-04T07:00:00Z');

describe('randomState', () => {
  it('gives 32 letters and digits, different each time', () => {
    const states = new Set(Array.from({ length: 50 }, () => randomState()));
    expect(states.size).toBe(50);
    for (const state of states) expect(state).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('drops bytes that would bias the alphabet and keeps drawing until it has 32 characters', () => {
    let calls = 0;
    // First draw: only biased bytes (≥ 248); then every byte maps to 'A' (0) or 'B' (63 % 62 = 1).
    const state = randomState((bytes) => {
      calls += 1;
      return bytes.fill(calls === 1 ? 250 : 63);
    });
    expect(calls).toBe(2);
    expect(state).toBe('B'.repeat(32));
  });
});

describe('rememberState and takeState', () => {
  it('hands back the return path once for the state it stored', () => {
    const storage = memoryStorage();
    const state = rememberState(storage, '/News?page=2', T0);
    expect(JSON.parse(storage.items.get(AUTH_STATE_KEY) ?? '')).toEqual({ state, returnPath: '/News?page=2', at: T0 });
    expect(takeState(storage, state, T0 + 60_000)).toEqual({ state, returnPath: '/News?page=2', at: T0 });
    // One-time: a replayed return finds nothing.
    expect(takeState(storage, state, T0 + 61_000)).toBeUndefined();
  });

  it('refuses another state and forgets the pending sign-in, so guessing again is pointless', () => {
    const storage = memoryStorage();
    const state = rememberState(storage, '/Akun', T0);
    expect(takeState(storage, 'y'.repeat(32), T0)).toBeUndefined();
    expect(takeState(storage, state, T0)).toBeUndefined();
  });

  it('refuses a state older than ten minutes, or dated in the future', () => {
    const storage = memoryStorage();
    const state = rememberState(storage, '/Akun', T0);
    expect(takeState(storage, state, T0 + AUTH_STATE_TTL_MS + 1)).toBeUndefined();
    rememberState(storage, '/Akun', T0, state);
    expect(takeState(storage, state, T0 + AUTH_STATE_TTL_MS)?.returnPath).toBe('/Akun');
    rememberState(storage, '/Akun', T0 + 5_000, state);
    expect(takeState(storage, state, T0)).toBeUndefined();
  });

  it('refuses when nothing is stored, no state came back or the stored value is not ours', () => {
    const storage = memoryStorage();
    expect(takeState(storage, 'x'.repeat(32), T0)).toBeUndefined();
    rememberState(storage, '/Akun', T0, 'abc');
    expect(takeState(storage, null, T0)).toBeUndefined();
    storage.setItem(AUTH_STATE_KEY, '{not json');
    expect(takeState(storage, 'abc', T0)).toBeUndefined();
    storage.setItem(AUTH_STATE_KEY, JSON.stringify({ state: 'abc', returnPath: 7, at: T0 }));
    expect(takeState(storage, 'abc', T0)).toBeUndefined();
  });

  it('keeps only the latest sign-in started in this tab', () => {
    const storage = memoryStorage();
    const first = rememberState(storage, '/Blog', T0);
    const second = rememberState(storage, '/News', T0 + 1_000);
    expect(takeState(storage, first, T0 + 2_000)).toBeUndefined();
    rememberState(storage, '/News', T0 + 1_000, second);
    expect(takeState(storage, second, T0 + 2_000)?.returnPath).toBe('/News');
  });
});

describe('buildAccountLoginUrl', () => {
  const params = {
    origin: 'https://elevaite.example.id',
    lmsId: 'lms-1',
    appCode: 'ELEVAITE',
    appToken: 'ELEVAITE.abc+/=',
    state: 's'.repeat(32),
  };

  it('sends redirectTo, lmsId, code, generatedToken and state, encoded', () => {
    const url = new URL(buildAccountLoginUrl('https://akun.example.id/login', params));
    expect(url.origin + url.pathname).toBe('https://akun.example.id/login');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      redirectTo: 'https://elevaite.example.id',
      lmsId: 'lms-1',
      code: 'ELEVAITE',
      generatedToken: 'ELEVAITE.abc+/=',
      state: 's'.repeat(32),
    });
    expect(url.search).toContain('generatedToken=ELEVAITE.abc%2B%2F%3D');
  });

  it('resolves a path-only login address (the embedded auth service) against the site and keeps its own query', () => {
    const url = new URL(buildAccountLoginUrl('/api/auth/login?lang=id', params));
    expect(url.origin + url.pathname).toBe('https://elevaite.example.id/api/auth/login');
    expect(url.searchParams.get('lang')).toBe('id');
    expect(url.searchParams.get('state')).toBe(params.state);
  });
});
