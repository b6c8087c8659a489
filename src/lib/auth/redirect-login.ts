/**
 * Redirect-login mode (SPEC §2 "Page shell"): the visitor signs in on the account service's login
 * page, which sends them back to /CallbackAuth with a one-time code and the `state` we gave it.
 * The state ties that return to a sign-in this browser started (no forged or replayed returns) and
 * carries the page to go back to. Framework-free: the login and callback islands share it.
 */

/** sessionStorage key of the pending sign-in: JSON `{ state, returnPath, at }`. */
export const AUTH_STATE_KEY = 'auth_state';

/** A started sign-in is good for 10 minutes: long enough to type a password, short enough not to linger on a shared computer. */
export const AUTH_STATE_TTL_MS = 10 * 60 * 1000;

/** Length of the random state: 32 characters of [A-Za-z0-9] (about 190 bits). */
export const AUTH_STATE_LENGTH = 32;

/** The part of `sessionStorage` used here. */
export interface StateStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A pending sign-in as stored. */
export interface PendingSignIn {
  state: string;
  returnPath: string;
  /** Epoch milliseconds when it was started. */
  at: number;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random state of `AUTH_STATE_LENGTH` characters from the platform's CSPRNG, without modulo bias. */
export function randomState(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  let state = '';
  while (state.length < AUTH_STATE_LENGTH) {
    for (const byte of random(new Uint8Array(AUTH_STATE_LENGTH * 2))) {
      // 248 is the largest multiple of 62 below 256: bytes above it would favour the first letters.
      if (byte < 248 && state.length < AUTH_STATE_LENGTH) state += ALPHABET[byte % 62];
    }
  }
  return state;
}

/** Stores a new pending sign-in that returns to `returnPath`, replacing any earlier one; the state to send. */
export function rememberState(storage: StateStorage, returnPath: string, now = Date.now(), state = randomState()): string {
  const pending: PendingSignIn = { state, returnPath, at: now };
  storage.setItem(AUTH_STATE_KEY, JSON.stringify(pending));
  return state;
}

const isPending = (value: unknown): value is PendingSignIn => {
  const pending = value as Partial<PendingSignIn> | null;
  return typeof pending?.state === 'string' && typeof pending.returnPath === 'string' && typeof pending.at === 'number';
};

/**
 * The pending sign-in that `state` names, once: the stored one is removed whatever the outcome, so
 * a state never counts twice. Undefined when none is stored, the state differs, it is older than
 * `AUTH_STATE_TTL_MS` (or dated in the future) or the stored value is unreadable.
 */
export function takeState(storage: StateStorage, state: string | null | undefined, now = Date.now()): PendingSignIn | undefined {
  const stored = storage.getItem(AUTH_STATE_KEY);
  storage.removeItem(AUTH_STATE_KEY);
  if (!stored || !state) return undefined;
  let pending: unknown;
  try {
    pending = JSON.parse(stored);
  } catch {
    return undefined;
  }
  if (!isPending(pending) || pending.state !== state) return undefined;
  const age = now - pending.at;
  return age >= 0 && age <= AUTH_STATE_TTL_MS ? pending : undefined;
}

/** What the account login page is told (SPEC §2): where to return, the tenant, the app and its token, and our state. */
export interface AccountLoginParams {
  /** This site's origin (`location.origin`); the account service returns to `<origin>/CallbackAuth`. */
  origin: string;
  lmsId: string;
  /** The tenant's app code. */
  appCode: string;
  /** The app token the client holds (`generatedToken`). */
  appToken: string;
  state: string;
}

/** The account login page's address with the query of SPEC §2 plus `state`; parameters already in `loginUrl` are kept. */
export function buildAccountLoginUrl(loginUrl: string, params: AccountLoginParams, base?: string): string {
  const url = new URL(loginUrl, base ?? params.origin);
  url.searchParams.set('redirectTo', params.origin);
  url.searchParams.set('lmsId', params.lmsId);
  url.searchParams.set('code', params.appCode);
  url.searchParams.set('generatedToken', params.appToken);
  url.searchParams.set('state', params.state);
  return url.toString();
}
