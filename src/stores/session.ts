import { atom } from 'nanostores';
import type { LoginResult } from '~/contract/auth';
import { COOKIES, STORAGE_KEYS, TOKEN_COOKIE_SECONDS } from '~/contract/constants';
import { type Role, roleOfKind } from '~/contract/roles';
import type { CookieJar, StorageLike } from '~/lib/api/app-start';
import type { ApiClient } from '~/lib/api/client';

/** Who the header and islands show as signed in; the server stays the judge (calls carry the token). */
export interface SessionUser {
  name: string;
  email: string;
  kind: number;
  role: Role | null;
}

/** Where a sign-in lives in the browser: local storage (SPEC §6) and the 30-day `token` cookie (SPEC §9) for on-demand pages. */
export interface SessionEnvironment {
  storage: StorageLike;
  cookies: CookieJar;
}

/** The signed-in user of this browser, or undefined. */
export const $session = atom<SessionUser | undefined>(undefined);

const isSessionUser = (value: unknown): value is SessionUser => {
  const user = value as Partial<SessionUser> | null;
  return typeof user?.name === 'string' && typeof user.email === 'string' && typeof user.kind === 'number';
};

/** What the sign-in leaves in this browser: its own keys, and the AI chat's identity and history (the next person at a shared computer must not read them). */
const SIGNED_IN_KEYS = [
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.user,
  STORAGE_KEYS.userKind,
  STORAGE_KEYS.chatIdentity,
  STORAGE_KEYS.chatHistory,
  STORAGE_KEYS.chatConversation,
] as const;

/** Forgets the sign-in in this browser: storage keys (the chat's too), the token cookie, the client's token and `$session`. */
export function dropSession(env: SessionEnvironment, client?: ApiClient): void {
  for (const key of SIGNED_IN_KEYS) env.storage.removeItem(key);
  env.cookies.remove(COOKIES.token);
  client?.setCredentials({ accessToken: undefined });
  $session.set(undefined);
}

/**
 * Reads the sign-in this browser holds into `$session` and the client. Storage and cookie must both
 * hold the same token: the app start clears the cookies when the app token was refused or the
 * version changed (SPEC §4), and a token left in storage alone then no longer counts.
 */
export function restoreSession(env: SessionEnvironment, client?: ApiClient): SessionUser | undefined {
  const token = env.storage.getItem(STORAGE_KEYS.accessToken);
  let user: unknown;
  try {
    user = JSON.parse(env.storage.getItem(STORAGE_KEYS.user) ?? 'null');
  } catch {
    user = undefined;
  }
  if (!token || token !== env.cookies.get(COOKIES.token) || !isSessionUser(user)) {
    if (token || user) dropSession(env, client);
    return undefined;
  }
  client?.setCredentials({ accessToken: token });
  $session.set(user);
  return user;
}

/**
 * Keeps a sign-in (or sign-up) answer: the token in local storage and the `token` cookie, the
 * user's name, e-mail and kind for the header, and the role name as `user_kind` unless
 * `storeRole` is false (SPEC §6 "stored locally as user_kind unless flagged").
 */
export function keepSession(
  result: LoginResult,
  env: SessionEnvironment,
  client?: ApiClient,
  options: { storeRole?: boolean } = {},
): SessionUser {
  const user: SessionUser = {
    name: result.user.name,
    email: result.user.email,
    kind: result.user.kind,
    role: roleOfKind(result.user.kind),
  };
  env.storage.setItem(STORAGE_KEYS.accessToken, result.accessToken);
  env.storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  if (options.storeRole !== false && user.role) env.storage.setItem(STORAGE_KEYS.userKind, user.role);
  else env.storage.removeItem(STORAGE_KEYS.userKind);
  const seconds = Math.min(TOKEN_COOKIE_SECONDS, Math.max(0, Math.floor((Date.parse(result.expiresAt) - Date.now()) / 1000)));
  env.cookies.set(COOKIES.token, result.accessToken, seconds);
  client?.setCredentials({ accessToken: result.accessToken });
  $session.set(user);
  return user;
}
