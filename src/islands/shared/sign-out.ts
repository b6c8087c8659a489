import { signOut } from '~/lib/api/auth';
import { ApiRequestError } from '~/lib/api/errors';
import { failureMessage } from '~/lib/auth/request-errors';
import { browserEnvironment } from '~/stores/app';
import { dropSession } from '~/stores/session';
import { appClient } from './app-client';

/**
 * Signs out on the server (this sign-in, or with `everywhere` every sign-in of the account) and
 * always forgets the sign-in in this browser, even when the server cannot be reached: on a shared
 * school computer the next person must not find the account open. Returns a message when the
 * server did not confirm (then other devices may still be signed in); a 401 means the sign-in had
 * already ended, which is what was asked.
 */
export async function signOutHere(everywhere = false): Promise<string | undefined> {
  const client = await appClient();
  try {
    await signOut(client, everywhere);
    return undefined;
  } catch (error) {
    if (error instanceof ApiRequestError && error.statusCode === 401) return undefined;
    return failureMessage(error);
  } finally {
    dropSession(browserEnvironment(), client);
  }
}
