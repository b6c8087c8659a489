import { type ChatLoginResult, ChatLoginResultSchema } from '~/contract/chat';
import { STORAGE_KEYS } from '~/contract/constants';
import type { StorageLike } from '~/lib/api/app-start';
import { identityLogin } from '~/lib/api/chat';
import type { ApiClient } from '~/lib/api/client';
import { ApiRequestError } from '~/lib/api/errors';
import { readSaved, writeSaved } from '~/lib/chat/saved';

/*
 * The chat's identity (SPEC §4 "Identity"): a token of the chat service, asked for on the first
 * question and kept in local storage. Signed in, the identity is the account's; otherwise a guest of
 * this browser. A token the service no longer knows (401) is replaced once.
 */

/** What the chat's actions need from the page: the API client (with the sign-in) and local storage. */
export interface ChatIdentityDeps {
  client: ApiClient;
  storage: StorageLike;
  now?: (() => number) | undefined;
}

/** A token this close to its expiry counts as expired: a question must not fail for it halfway. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * Which sign-in an identity was issued under: a short fingerprint of the site's access token (FNV-1a),
 * or null for none. An identity is used only under the sign-in it was issued for: not a guest's after
 * signing in, not an account's after signing out, and not one account's by another.
 */
function signInMark(accessToken: string | undefined): string | null {
  if (!accessToken) return null;
  let hash = 0x811c9dc5;
  for (let i = 0; i < accessToken.length; i++) hash = Math.imul(hash ^ accessToken.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

interface Held {
  identity: ChatLoginResult;
  signIn: string | null;
}

const asHeld = (value: unknown): Held | undefined => {
  const held = value as Partial<Held> | null;
  const parsed = ChatLoginResultSchema.safeParse(held?.identity);
  return parsed.success && (typeof held?.signIn === 'string' || held?.signIn === null)
    ? { identity: parsed.data, signIn: held.signIn }
    : undefined;
};

const currentMark = ({ client }: ChatIdentityDeps) => signInMark(client.credentials().accessToken);

/** Whether this browser holds a chat identity of another sign-in than the current one (its history is not this visitor's). */
export function heldForSomeoneElse(deps: ChatIdentityDeps): boolean {
  const held = readSaved(deps.storage, STORAGE_KEYS.chatIdentity, asHeld);
  return held !== undefined && held.signIn !== currentMark(deps);
}

/** The identity this browser holds, while it is good and was issued under the current sign-in. */
function heldIdentity(deps: ChatIdentityDeps): ChatLoginResult | undefined {
  const held = readSaved(deps.storage, STORAGE_KEYS.chatIdentity, asHeld);
  if (!held || held.signIn !== currentMark(deps)) return undefined;
  const now = deps.now ?? Date.now;
  return Date.parse(held.identity.expires_at) > now() + EXPIRY_MARGIN_MS ? held.identity : undefined;
}

let loggingIn: Promise<ChatLoginResult> | undefined;

/** A new identity from the service, kept in storage with the sign-in it is for; calls made meanwhile share the one login. */
export function loginChat(deps: ChatIdentityDeps): Promise<ChatLoginResult> {
  const signIn = currentMark(deps);
  loggingIn ??= identityLogin(deps.client, {}, { progress: false })
    .then((identity) => {
      writeSaved(deps.storage, STORAGE_KEYS.chatIdentity, { identity, signIn } satisfies Held);
      return identity;
    })
    .finally(() => {
      loggingIn = undefined;
    });
  return loggingIn;
}

/** Runs `run` with the held identity (logging in first when there is none); on a 401 logs in again, once, and runs it again. */
export async function withChatIdentity<T>(deps: ChatIdentityDeps, run: (identity: ChatLoginResult) => Promise<T>): Promise<T> {
  const identity = heldIdentity(deps) ?? (await loginChat(deps));
  try {
    return await run(identity);
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.statusCode === 401)) throw error;
    writeSaved(deps.storage, STORAGE_KEYS.chatIdentity, undefined);
    return run(await loginChat(deps));
  }
}
