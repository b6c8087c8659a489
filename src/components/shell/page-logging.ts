import { sendLog, takePageLoadTurn } from '~/lib/api/logger';
import { readPageConfig } from '~/lib/api/page-config';
import { classifyLink, loggedAddress, withSafeRel } from '~/lib/browser/links';
import { pageStarted } from './page-start';

/**
 * Logging of every page (SPEC §7 "Logging"): one page_load per browser session, and every link
 * click as internal_navigation or external, sent with `keepalive` so no navigation waits. Addresses
 * go without query or fragment. External links get rel="noopener noreferrer".
 */

const current = new URL(location.href);

function accountHost(url: string | undefined): string | undefined {
  try {
    return url ? new URL(url, location.href).host : undefined;
  } catch {
    return undefined;
  }
}

function markExternalLinks(account: string | undefined): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    const target = new URL(link.href, location.href);
    if (/^https?:$/.test(target.protocol) && classifyLink(target, current, account) === 'external') link.rel = withSafeRel(link.rel);
  }
}

const account = accountHost(readPageConfig()?.login.url);
markExternalLinks(account);

void pageStarted.then((started) => {
  const client = started?.client;
  if (!client || !started.state.isTokenValid) return; // no app token: nothing could be logged

  let session: Storage | undefined;
  try {
    session = window.sessionStorage;
  } catch {
    session = undefined; // storage blocked: no flag to keep, so no page_load at all rather than one per page
  }
  if (session && takePageLoadTurn(session)) {
    void sendLog(client, {
      from: loggedAddress(document.referrer),
      to: loggedAddress(location.href),
      type: 'page_load',
      timestamp: new Date().toISOString(),
    });
  }

  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement)) return;
      const target = new URL(link.href, location.href);
      const to = loggedAddress(target);
      if (!to) return; // mailto:, tel:, javascript: — not a page
      void sendLog(client, {
        from: loggedAddress(location.href),
        to,
        type: classifyLink(target, current, account),
        timestamp: new Date().toISOString(),
      });
    },
    { capture: true },
  );
});
