import { atom } from 'nanostores';
import type { ClassFilters, ClassSummary } from '~/contract/classes';
import type { Paged } from '~/contract/paged';
import { isNetworkFailure } from '~/lib/auth/request-errors';
import { type ClassQuery, classListHref, classQueryParams, readClassQuery } from '~/lib/catalogue/class-query';

/**
 * The class browser of /Class: the filters and page the visitor chose, and what the list
 * shows for them. Actions load the page through an injected loader and mirror the query in the
 * address bar through an injected `pushAddress`, so they run in tests without a browser; the
 * island injects the API call and `history.pushState`.
 */

/** What the list shows: a page, a page being loaded (the previous one stays dimmed), or a failure. */
export type ClassResults =
  | { status: 'ready'; page: Paged<ClassSummary> }
  | { status: 'loading'; page: Paged<ClassSummary> | null }
  | { status: 'failed'; reason: 'offline' | 'server'; page: Paged<ClassSummary> | null };

/** The filters and page on show (always canonical: what `readClassQuery` would read from the address). */
export const $classFilters = atom<ClassQuery>({ page: 1, filters: {} });
export const $classResults = atom<ClassResults>({ status: 'loading', page: null });

/** What the browser gives the actions. */
export interface ClassBrowserDeps {
  /** One page of the list for a query; rejects on failure (and when `signal` aborts it). */
  load(query: ClassQuery, signal: AbortSignal): Promise<Paged<ClassSummary>>;
  /** Makes `href` (`/Class?…`) the address of a new history entry. */
  pushAddress(href: string): void;
  /** Whether the browser says it is online. */
  online(): boolean;
}

let deps: ClassBrowserDeps | undefined;
let running: AbortController | undefined;

/**
 * Starts the browser on what the page was rendered with (`page` null when the page could not load
 * the list); returns a function that stops it (a load under way is dropped).
 */
export function startClassBrowser(initial: { query: ClassQuery; page: Paged<ClassSummary> | null }, given: ClassBrowserDeps): () => void {
  deps = given;
  $classFilters.set(canonical(initial.query));
  $classResults.set(initial.page ? { status: 'ready', page: initial.page } : { status: 'failed', reason: 'server', page: null });
  return () => {
    running?.abort();
    running = undefined;
    if (deps === given) deps = undefined;
  };
}

/** Narrows (or widens) the list by `patch`; `undefined` removes a filter. Back to page 1, with a new history entry. */
export function applyClassFilter(patch: Partial<ClassFilters>): Promise<void> {
  const filters: ClassFilters = { ...$classFilters.get().filters, ...patch };
  return show({ page: 1, filters }, true);
}

/** Every filter off: the first page of all active classes, with a new history entry. */
export function clearClassFilters(): Promise<void> {
  return show({ page: 1, filters: {} }, true);
}

/** Another page of the same filters, with a new history entry. */
export function goToPage(page: number): Promise<void> {
  return show({ ...$classFilters.get(), page }, true);
}

/** Loads the current query again (after a failure); the address stays. */
export function retryClassList(): Promise<void> {
  return show($classFilters.get(), false, true);
}

/** The query of an address the visitor went back or forward to (`location.search` on popstate); no new history entry. */
export function restoreClassQuery(search: string): Promise<void> {
  return show(readClassQuery(new URLSearchParams(search)), false);
}

/** The query as the address would give it back: defaults and empty values dropped, lists sorted. */
function canonical(query: ClassQuery): ClassQuery {
  return readClassQuery(classQueryParams(query));
}

async function show(wanted: ClassQuery, push: boolean, force = false): Promise<void> {
  const query = canonical(wanted);
  const href = classListHref(query);
  const same = href === classListHref($classFilters.get());
  const before = $classResults.get();
  // Choosing what is already shown changes nothing (no load, no history entry).
  if (same && !force && before.status !== 'failed') return;
  if (!deps) return;
  const { load, pushAddress, online } = deps;
  if (push && !same) pushAddress(href);
  $classFilters.set(query);
  running?.abort();
  const controller = new AbortController();
  running = controller;
  $classResults.set({ status: 'loading', page: before.page });
  try {
    const page = await load(query, controller.signal);
    if (running !== controller) return; // a later choice took over
    $classResults.set({ status: 'ready', page });
  } catch (error) {
    if (running !== controller) return;
    $classResults.set({ status: 'failed', reason: isNetworkFailure(error, online()) ? 'offline' : 'server', page: before.page });
  } finally {
    if (running === controller) running = undefined;
  }
}

/** The live region's words for the list: 'Memuat kelas…', '12 kelas ditemukan · halaman 2 dari 2', or the failure. */
export function classResultsStatus(results: ClassResults): string {
  if (results.status === 'loading') return 'Memuat kelas…';
  if (results.status === 'failed') return CLASS_FAILURE_TEXT[results.reason];
  const { totalItems, page, totalPages } = results.page;
  const pages = totalPages > 1 && page <= totalPages ? ` · halaman ${page} dari ${totalPages}` : '';
  return `${totalItems} kelas ditemukan${pages}`;
}

/** Why the list did not load, in the visitor's words; the chosen filters stay as they are. */
export const CLASS_FAILURE_TEXT = {
  offline: 'Tidak dapat terhubung ke server. Periksa koneksi internet Anda, lalu coba lagi; filter pilihan Anda tetap tersimpan.',
  server:
    'Daftar kelas belum dapat dimuat karena gangguan pada server. Coba lagi dalam beberapa saat; filter pilihan Anda tetap tersimpan.',
} as const;
