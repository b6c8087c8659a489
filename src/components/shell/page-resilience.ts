import { type ConnectionHints, prefetchAllowed, whenIdle } from '~/lib/browser/prefetch';
import { isChunkLoadError, reloadForChunk } from '~/lib/browser/reload-guard';
import { SPECULATION_RULES } from '~/lib/html/speculation';
import { $online, trackOnline } from '~/stores/network';
import { recordPageError } from '~/stores/page-error';

/**
 * How every page copes with failure and slow networks (SPEC §4, §8): a failed script chunk reloads
 * the page (with the 60 s guard), any uncaught error is recorded with its time in shared state, the
 * offline notice follows the browser's events, and prefetching is switched on only when the
 * connection can afford it. Imported first by the shell script, so its handlers see every failure.
 */

function sessionStore(): Pick<Storage, 'getItem' | 'setItem'> {
  try {
    return window.sessionStorage;
  } catch {
    return { getItem: () => null, setItem: () => undefined };
  }
}

function onFailure(reason: unknown, source: string): void {
  recordPageError(reason, source);
  if (isChunkLoadError(reason)) reloadForChunk(sessionStore(), () => location.reload());
}

addEventListener('error', (event) => onFailure(event.error ?? event.message, 'window'));
addEventListener('unhandledrejection', (event) => onFailure(event.reason, 'promise'));
// Vite's preload helper and Astro's island runtime report failed imports by events, not by throwing.
addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  onFailure((event as Event & { payload?: unknown }).payload ?? 'vite:preloadError', 'preload');
});
document.addEventListener('astro:hydration-error', (event) => {
  const { error, componentUrl } = (event as CustomEvent<{ error: unknown; componentUrl: string }>).detail;
  onFailure(error, `island ${componentUrl}`);
});

const notice = document.querySelector<HTMLElement>('[data-offline]');
$online.subscribe((online) => {
  if (notice) notice.hidden = online;
});
trackOnline(window, navigator.onLine !== false);

// Prefetch of same-site links on hover (speculation rules, allowed by the page's script policy by
// their hash), switched on at the first idle moment or after 2 s, never on save-data or 2g.
const connection = (navigator as Navigator & { connection?: ConnectionHints }).connection;
if (prefetchAllowed(connection) && HTMLScriptElement.supports?.('speculationrules')) {
  whenIdle(
    () => {
      const rules = document.createElement('script');
      rules.type = 'speculationrules';
      rules.textContent = SPECULATION_RULES;
      document.head.append(rules);
    },
    { requestIdleCallback: window.requestIdleCallback?.bind(window), setTimeout: window.setTimeout.bind(window) },
  );
}
