import { describe, expect, it } from 'vitest';
import { APP_TOKEN_COOKIE_SECONDS, COOKIES } from '~/contract/common';
import { $apiClient, $appState, documentCookies, startApp } from '~/stores/app';
import { $progress } from '~/stores/progress';
import { fakeFetch, json, memoryEnvironment, TEST_BASES } from '../lib/api/fakes';

describe('app store', () => {
  it('writes cookies with Max-Age, path, SameSite=Lax and Secure on https, and reads them back', () => {
    const writes: string[] = [];
    const doc = {
      get cookie() {
        return 'other=1; client_token=DEMO.abc%2B; token=';
      },
      set cookie(value: string) {
        writes.push(value);
      },
    };
    const cookies = documentCookies(doc, true);
    expect(cookies.get(COOKIES.appToken)).toBe('DEMO.abc+');
    expect(cookies.get('missing')).toBeUndefined();
    cookies.set(COOKIES.appToken, 'DEMO.x', APP_TOKEN_COOKIE_SECONDS);
    cookies.remove(COOKIES.token);
    expect(writes).toEqual([
      `client_token=DEMO.x; Max-Age=82800; Path=/; SameSite=Lax; Secure`,
      'token=; Max-Age=0; Path=/; SameSite=Lax; Secure',
    ]);
    documentCookies(doc, false).set('a', 'b', 1);
    expect(writes.at(-1)).toBe('a=b; Max-Age=1; Path=/; SameSite=Lax');
  });

  it('starts the app through the progress bar and publishes the state and client', async () => {
    const server = fakeFetch(() => json(500, { statusCode: 500, message: 'mati' }));
    const seen: string[] = [];
    const stop = $progress.listen((snapshot) => seen.push(snapshot.state));
    const { env, logged } = memoryEnvironment();
    const config = { clientId: 'DEMO', clientSecret: 's', cipherKey: '00'.repeat(32), appCode: 'DEMO', scopes: ['read' as const] };
    const state = await startApp({ ...config, bases: TEST_BASES, fetch: server.fetch }, env);
    stop();

    expect(state).toMatchObject({ isTokenValid: false, domain: 'site.example' });
    expect($appState.get()).toBe(state);
    expect($apiClient.get()?.bases.main).toBe(TEST_BASES.main);
    expect(seen).toEqual(['running', 'idle']);
    expect(logged).toHaveLength(1);
  });
});
