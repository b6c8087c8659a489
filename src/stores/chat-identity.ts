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

const asIdentity = (value: unknown) => {
  const parsed = ChatLoginResultSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

/** The identity this browser holds, while it is good and belongs to whoever is signed in now. */
export function heldIdentity({ client, storage, now = Date.now }: ChatIdentityDeps): ChatLoginResult | undefined {
  const held = readSaved(storage, STORAGE_KEYS.chatIdentity, asIdentity);
  if (!held) return undefined;
  // A guest's token after signing in, or an account's after signing out, is not this visitor's.
  if ((held.user.kind === 'account') !== Boolean(client.credentials().accessToken)) return undefined;
  return Date.parse(held.expires_at) > now() + EXPIRY_MARGIN_MS ? held : undefined;
}

let loggingIn: Promise<ChatLoginResult> | undefined;

/** A new identity from the service, kept in storage; calls made meanwhile share the one login. */
export function loginChat({ client, storage }: ChatIdentityDeps): Promise<ChatLoginResult> {
  loggingIn ??= identityLogin(client, {}, { progress: false })
    .then((identity) => {
      writeSaved(storage, STORAGE_KEYS.chatIdentity, identity);
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
