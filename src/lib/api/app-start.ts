import type { AppScope } from '~/contract/authorizer';
import { APP_TOKEN_COOKIE_SECONDS, COOKIES, STORAGE_KEYS } from '~/contract/constants';
import { type AppId, getAppId } from './app-id';
import { produceAppToken } from './app-token';
import { generateToken, getVersion, validateToken } from './authorizer';
import type { ApiClient } from './client';
import { ApiRequestError } from './errors';

/** The part of `localStorage` the app start uses. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

/** Cookies by name; `set` takes the lifetime in seconds. */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, maxAgeSeconds: number): void;
  remove(name: string): void;
}

/** What the app start touches outside the client, injected so it runs in tests as in the browser. */
export interface AppStartEnvironment {
  storage: StorageLike;
  cookies: CookieJar;
  /** The page's host (`location.host`). */
  domain: string;
  /** Where failures go; SPEC §4 only logs them. Default `console.error`. */
  log?: (message: string, error: unknown) => void;
}

/** The site's public client credentials (server `tenantClientKeys`) and the scopes it asks for. */
export interface AppStartConfig {
  clientId: string;
  clientSecret: string;
  /** AES-256-CTR key of the app token, 64 hex characters. */
  cipherKey: string;
  appCode: string;
  scopes: AppScope[];
  /** The tenant's lms id when the page already knows it (built for one tenant): then it is not loaded. */
  lmsId?: string | undefined;
}

/** App state of SPEC §3, plus the lms id the start loaded. */
export interface AppState {
  version: string | undefined;
  isTokenValid: boolean;
  domain: string;
  /** The page is served from this machine (localhost, *.localhost, 127.x, [::1]). */
  isLocalhost: boolean;
  /** The local-development flag of SPEC §4: the host contains '10.10' (the team's LAN). */
  isLocalDevelopment: boolean;
  lmsId: string | undefined;
}

/** Where the last seen app version is kept in local storage. */
export const APP_VERSION_STORAGE_KEY = STORAGE_KEYS.version;

/** The local-development flag of SPEC §4: set when the host contains '10.10' (the team's LAN addresses). */
export const isLocalDevelopmentHost = (domain: string): boolean => domain.includes('10.10');

/** Whether a host (with or without port) is this machine. */
export function isLocalhostHost(domain: string): boolean {
  const host = domain
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '::1';
}

/** 401 and 403 mean the server refused the token; anything else (offline, 5xx) says nothing about it. */
const refusesToken = (error: unknown) => error instanceof ApiRequestError && (error.statusCode === 401 || error.statusCode === 403);

/**
 * The app start of SPEC §4: checks the version (a new one clears local storage and both token
 * cookies), keeps the cookie's app token when the server still accepts it for this app, else
 * requests a new pair and stores the produced app token in a 23-hour cookie, and loads the lms id.
 * The id load runs beside the version check with the cookie's token; without one, or when that token
 * was refused, it runs once more after the token step. Never throws: failures are logged and show
 * in the returned state (`isTokenValid` false, `lmsId` undefined).
 */
export async function runAppStart(client: ApiClient, config: AppStartConfig, env: AppStartEnvironment): Promise<AppState> {
  const log = env.log ?? ((message: string, error: unknown) => console.error(message, error));
  const state: AppState = {
    version: undefined,
    isTokenValid: false,
    domain: env.domain,
    isLocalhost: isLocalhostHost(env.domain),
    isLocalDevelopment: isLocalDevelopmentHost(env.domain),
    lmsId: undefined,
  };
  const clearTokens = () => {
    env.cookies.remove(COOKIES.token);
    env.cookies.remove(COOKIES.appToken);
    client.setCredentials({ appToken: undefined, accessToken: undefined });
  };

  const tokenStep = async () => {
    state.version = await getVersion(client);
    if (env.storage.getItem(APP_VERSION_STORAGE_KEY) !== state.version) {
      env.storage.clear();
      clearTokens();
    }
    env.storage.setItem(APP_VERSION_STORAGE_KEY, state.version);

    const current = env.cookies.get(COOKIES.appToken);
    if (current) {
      const accepted = await validateToken(client, { credentials: { appToken: current }, progress: false }).then(
        (validation) => validation.code === config.appCode,
        (error: unknown) => {
          if (refusesToken(error)) return false;
          throw error;
        },
      );
      if (accepted) {
        client.setCredentials({ appToken: current });
        state.isTokenValid = true;
        return;
      }
    }
    // Refused: both cookies go (SPEC §4 "If it is invalid, both cookies are cleared"). Merely missing (its
    // 23-hour cookie ran out, or a first visit) is not invalid: a 30-day sign-in outlives many app tokens.
    if (current) clearTokens();
    const pair = await generateToken(client, { id: config.clientId, secret: config.clientSecret, scopes: config.scopes });
    const appToken = await produceAppToken(pair, config.cipherKey);
    if (!appToken) throw new Error('token pair tanpa token atau code');
    env.cookies.set(COOKIES.appToken, appToken, APP_TOKEN_COOKIE_SECONDS);
    client.setCredentials({ appToken });
    state.isTokenValid = true;
  };

  if (config.lmsId) {
    // The page was built for one tenant and carries its lms id: nothing to load on every page view.
    state.lmsId = config.lmsId;
    client.setCredentials({ lmsId: config.lmsId });
    const tokenOutcome = await tokenStep().then(
      () => undefined,
      (error: unknown) => error,
    );
    if (tokenOutcome) log('[app] pemeriksaan versi atau app token gagal:', tokenOutcome);
    return state;
  }

  const held = env.cookies.get(COOKIES.appToken);
  // Calls made while the start runs, or after a failed one, carry what the browser has.
  if (held) client.setCredentials({ appToken: held });
  // Optimistic: a refusal here is an expected answer, so it neither fails the progress bar nor the start.
  const early: Promise<AppId | undefined> = held
    ? getAppId(client, config.appCode, { credentials: { appToken: held }, progress: false }).catch(() => undefined)
    : Promise.resolve(undefined);
  const [tokenResult, earlyId] = await Promise.allSettled([tokenStep(), early]);
  if (tokenResult.status === 'rejected') log('[app] pemeriksaan versi atau app token gagal:', tokenResult.reason);

  let appId = earlyId.status === 'fulfilled' ? earlyId.value : undefined;
  if (!appId && state.isTokenValid) {
    appId = await getAppId(client, config.appCode).catch((error: unknown) => {
      log('[app] memuat lms id gagal:', error);
      return undefined;
    });
  }
  if (appId) {
    state.lmsId = appId.lmsId;
    client.setCredentials({ lmsId: appId.lmsId });
  }
  return state;
}
