// Failure handlers first, so they see whatever goes wrong after; then the app start and logging.
import './page-resilience';
import './page-start';
import './page-logging';
import './chat-launcher';
import { type Phase, phaseAt } from '~/lib/content/phases';
import { $progress, failProgress, resetProgress, startProgress } from '~/stores/progress';

/**
 * The shell's only script: the top progress bar during navigations, the scroll rule (top of the
 * page unless a hash anchor; browser restoration is manual), the phone menu made modal while open
 * (phone-menu.ts), and dated badges brought up to now.
 * Pages are plain documents, so a navigation ends when the next document replaces this one.
 */

const bar = document.querySelector<HTMLElement>('[data-progress]');
$progress.subscribe(({ state, percent, visible }) => {
  if (!bar) return;
  bar.dataset.state = state;
  bar.hidden = !visible;
  bar.style.setProperty('--progress', `${percent}%`);
});

/** A click that will make this tab load another document of this site. */
function isSiteNavigation(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return false;
  }
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return false;
  if (link.target && link.target !== '_self') return false;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin) return false;
  return !(url.pathname === location.pathname && url.search === location.search && url.hash !== '');
}

document.addEventListener('click', (event) => {
  if (!isSiteNavigation(event)) return;
  if (navigator.onLine === false) {
    startProgress();
    failProgress();
    return;
  }
  startProgress();
});

// Back/forward from the page cache shows this document again: nothing is loading any more.
addEventListener('pageshow', (event) => {
  if (event.persisted) resetProgress();
});
addEventListener('offline', () => failProgress());
// A click while offline cannot load the next page: the bar fails at once (the notice says why).

// The menu's keyboard handling loads when it is first opened: pages that never open it fetch none of it.
// Should the chunk not come (offline, a release since the page loaded), the menu stays the plain
// disclosure it is without JavaScript, and the next opening tries again.
function armMenu(menu: HTMLDetailsElement): void {
  const load = () =>
    import('./phone-menu').then(
      ({ enhanceMenu }) => enhanceMenu(menu),
      () => armMenu(menu),
    );
  menu.addEventListener('toggle', () => void load(), { once: true });
}
for (const menu of document.querySelectorAll<HTMLDetailsElement>('details.menu')) armMenu(menu);

history.scrollRestoration = 'manual';
function scrollToStart(): void {
  const id = decodeURIComponent(location.hash.slice(1));
  if (!id) {
    scrollTo(0, 0);
    return;
  }
  const target = document.getElementById(id);
  if (target) target.scrollIntoView();
  else console.warn(`Anchor #${id} tidak ditemukan di halaman ini`);
}
scrollToStart();
addEventListener('hashchange', scrollToStart);

// An item is one page at all its addresses (lib/content/routes.ts): reached under a second list's
// address (/Berita/…), its link back leads to that list rather than the main one.
for (const back of document.querySelectorAll<HTMLAnchorElement>('a[data-second-lists]')) {
  const list = back.dataset.secondLists?.split(' ').find((base) => location.pathname.startsWith(`${base}/`));
  if (list) back.href = list;
}

// A page built before an event ended or a registration closed says so now (see lib/content/schedule.ts):
// badges take their current label, an action whose time is over goes, and a list in schedule order
// moves events that have ended since the build behind those still to come, the latest ended first.
for (const badge of document.querySelectorAll<HTMLElement>('[data-phases]')) {
  const current = phaseAt(JSON.parse(badge.dataset.phases ?? '[]') as Phase[]);
  if (current && badge.dataset.state !== current.state) {
    badge.dataset.state = current.state;
    badge.dataset.changed = '';
    badge.textContent = current.label;
  }
}
for (const action of document.querySelectorAll<HTMLElement>('[data-until]')) {
  if (Date.parse(action.dataset.until ?? '') <= Date.now()) action.hidden = true;
}
for (const list of document.querySelectorAll<HTMLElement>('[data-schedule]')) {
  const items = [...list.children];
  const endedBadge = (item: Element) => item.querySelector('[data-phases][data-state="ended"]');
  const justEnded = items.filter((item) => endedBadge(item)?.hasAttribute('data-changed')).reverse();
  if (justEnded.length === 0) continue;
  const rest = items.filter((item) => !justEnded.includes(item));
  const firstEnded = rest.findIndex((item) => endedBadge(item));
  const ordered = firstEnded < 0 ? [...rest, ...justEnded] : [...rest.slice(0, firstEnded), ...justEnded, ...rest.slice(firstEnded)];
  list.append(...ordered);
}
