import type { ClientDirective } from 'astro';
import { STORAGE_KEYS } from '~/contract/constants';

/**
 * `client:signedin`: hydrates the island (when the browser is idle) only where this browser holds a
 * sign-in; anyone else keeps the server-rendered HTML and downloads no React at all. For islands
 * that only have something to add for a signed-in person, on pages everyone reads (the class page's
 * payment: its server-rendered link to sign in is the whole thing for a visitor). The sign-in is
 * checked for real by the island and the API; this only decides whether loading is worth it.
 */
const signedIn: ClientDirective = (load) => {
  let held = false;
  try {
    held = Boolean(window.localStorage.getItem(STORAGE_KEYS.accessToken));
  } catch {
    // Storage blocked: no sign-in can be held either.
  }
  if (!held) return;
  const hydrate = async () => (await load())();
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => void hydrate(), { timeout: 2000 });
  else setTimeout(() => void hydrate(), 200);
};

export default signedIn;
