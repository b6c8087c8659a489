import { STORAGE_KEYS } from '~/contract/constants';
import { readPageConfig } from '~/lib/api/page-config';
import { $apiClient, browserEnvironment, startApp } from '~/stores/app';
import { $session, restoreSession } from '~/stores/session';

/**
 * The app start of every page (SPEC §4 "App start", "App version"): the version check and app token
 * flow, then the sign-in this browser holds. The header's account links (`data-account`) show the
 * signed-in user's name and lead to /Akun; signed out, they lead to /Login and back here after.
 */

const ACCOUNT_LABEL_MAX = 24;

function showAccount(): void {
  const user = $session.get();
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-account]')) {
    if (user) {
      const first = user.name.trim().split(/\s+/)[0] ?? user.name;
      const shown = first.length > ACCOUNT_LABEL_MAX ? `${first.slice(0, ACCOUNT_LABEL_MAX - 1)}…` : first;
      link.href = '/Akun';
      link.replaceChildren(Object.assign(document.createElement('span'), { className: 'visually-hidden', textContent: 'Akun: ' }), shown);
      link.dataset.signedIn = '';
    } else {
      const here = `${location.pathname}${location.search}`;
      const back = /^\/(Login|Register|CallbackAuth)\b/.test(location.pathname) ? '' : `?redirect=${encodeURIComponent(here)}`;
      link.href = `/Login${back}`;
      link.textContent = 'Masuk';
      delete link.dataset.signedIn;
    }
  }
}

const env = browserEnvironment();
// The header shows the stored sign-in at once; the start below may still drop it (a new version or a refused app token).
restoreSession(env);
$session.subscribe(showAccount);

// Signing out in another tab (or a new release clearing storage there) signs this tab out too; a page
// shown again from the back/forward cache asks once more, so no one's account shows after they left.
addEventListener('storage', (event) => {
  if (event.key === null || event.key === STORAGE_KEYS.accessToken) restoreSession(env, $apiClient.get());
});
addEventListener('pageshow', (event) => {
  if (event.persisted) restoreSession(env, $apiClient.get());
});

/** Resolves when the app start has finished (successfully or not: failures are only logged). */
export const pageStarted = (async () => {
  const config = readPageConfig();
  if (!config) return undefined;
  const state = await startApp(config, { ...env, domain: location.host });
  return { state, client: $apiClient.get(), config };
})();
