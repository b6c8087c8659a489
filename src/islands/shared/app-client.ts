import type { ApiClient } from '~/lib/api/client';
import { readPageConfig } from '~/lib/api/page-config';
import { browserEnvironment, whenAppStarted } from '~/stores/app';
import { restoreSession } from '~/stores/session';

/**
 * The page's one API client once the app start has run, holding this browser's sign-in. The session
 * is read into the client here too: the page script restores it only after `startApp` resolves,
 * which can be after an island awaiting `whenAppStarted()` already runs its first call. The tenant's
 * lms id comes from the page config when the app start could not load it (the auth service needs it).
 */
export async function appClient(): Promise<ApiClient> {
  const { client } = await whenAppStarted();
  restoreSession(browserEnvironment(), client);
  if (!client.credentials().lmsId) client.setCredentials({ lmsId: readPageConfig()?.lmsId });
  return client;
}
