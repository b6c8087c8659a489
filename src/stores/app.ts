import { atom } from 'nanostores';
import type { AppStartConfig, AppStartEnvironment, AppState, CookieJar, StorageLike } from '~/lib/api/app-start';
import { runAppStart } from '~/lib/api/app-start';
import type { ApiBases } from '~/lib/api/bases';
import { type ApiClient, createApiClient } from '~/lib/api/client';
import { failProgress, finishProgress, startProgress } from './progress';
import { restoreSession } from './session';

/** The app state of SPEC §3 once the app start has run; undefined before. */
export const $appState = atom<AppState | undefined>(undefined);

/** The API client of this page, created by `startApp`; other stores' actions call through it. */
export const $apiClient = atom<ApiClient | undefined>(undefined);

/** `document.cookie` as a cookie jar. Lax and path-wide like the original site's; Secure on https so the token never travels in clear. */
export function documentCookies(doc: { cookie: string } = document, secure = location.protocol === 'https:'): CookieJar {
  const attributes = `; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return {
    get(name) {
      for (const part of doc.cookie.split(';')) {
        const [key, ...value] = part.trim().split('=');
        if (key !== name) continue;
        try {
          return decodeURIComponent(value.join('='));
        } catch {
          return value.join('='); // written by someone else without encoding
        }
      }
      return undefined;
    },
    set(name, value, maxAgeSeconds) {
      doc.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}${attributes}`;
    },
    remove(name) {
      doc.cookie = `${name}=; Max-Age=0${attributes}`;
    },
  };
}

/** One stand-in per page where storage is refused, so what a sign-in keeps is still there for the next reader. */
const pageItems = new Map<string, string>();
const pageStorage: StorageLike = {
  getItem: (key) => pageItems.get(key) ?? null,
  setItem: (key, value) => void pageItems.set(key, value),
  removeItem: (key) => void pageItems.delete(key),
  clear: () => pageItems.clear(),
};

/** `localStorage`, or a page-lifetime stand-in where the browser refuses storage (private modes, blocked cookies). */
export function browserStorage(): StorageLike {
  try {
    const storage = window.localStorage;
    storage.getItem(''); // throws where storage is blocked
    return storage;
  } catch {
    return pageStorage;
  }
}

/**
 * Starts the app on a page (SPEC §4 "App start"): creates the API client, driving the progress bar,
 * runs the version and app token checks and loads the lms id, then publishes `$appState`. Call it in
 * the browser; `environment` replaces the browser's cookies, storage and host (tests).
 */
export async function startApp(
  config: AppStartConfig & { bases?: Partial<ApiBases>; fetch?: typeof globalThis.fetch },
  environment?: AppStartEnvironment,
): Promise<AppState> {
  const client = createApiClient({
    bases: config.bases,
    fetch: config.fetch,
    progress: { start: startProgress, done: finishProgress, fail: failProgress },
  });
  $apiClient.set(client);
  const env = environment ?? { storage: browserStorage(), cookies: documentCookies(), domain: location.host };
  const state = await runAppStart(client, config, env);
  // The sign-in goes into the client before anyone hears the app has started: an island's first
  // call then already carries the user's token (the start may also have dropped it, see session.ts).
  restoreSession(env, client);
  $appState.set(state);
  return state;
}

/** This browser's storage and cookies, as the session and app start use them. */
export function browserEnvironment(): { storage: StorageLike; cookies: CookieJar } {
  return { storage: browserStorage(), cookies: documentCookies() };
}

/**
 * Resolves once the page's app start has run (every page's script calls `startApp`), with the
 * client it made: islands wait for it before their first call, whatever order they hydrate in.
 */
export function whenAppStarted(): Promise<{ state: AppState; client: ApiClient }> {
  return new Promise((resolve) => {
    const unbind = $appState.subscribe((state) => {
      const client = $apiClient.get();
      if (!state || !client) return;
      queueMicrotask(() => unbind());
      resolve({ state, client });
    });
  });
}
