import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClassSummary } from '~/contract/classes';
import type { Paged } from '~/contract/paged';
import { ApiRequestError } from '~/lib/api/errors';
import type { ClassQuery } from '~/lib/catalogue/class-query';
import {
  $classFilters,
  $classResults,
  applyClassFilter,
  CLASS_FAILURE_TEXT,
  type ClassBrowserDeps,
  classResultsStatus,
  clearClassFilters,
  goToPage,
  restoreClassQuery,
  retryClassList,
  startClassBrowser,
} from '~/stores/class-browser';

/** A page of `total` classes as the server would answer `query` (6 a page); the items only carry a name. */
function pageOf(query: ClassQuery, total: number): Paged<ClassSummary> {
  const first = (query.page - 1) * 6;
  const items = Array.from(
    { length: Math.max(0, Math.min(6, total - first)) },
    (_, i) => ({ name: `Kelas ${first + i + 1}` }) as ClassSummary,
  );
  return { items, page: query.page, perPage: 6, totalItems: total, totalPages: Math.ceil(total / 6) };
}

interface Pending {
  query: ClassQuery;
  signal: AbortSignal;
  resolve(page: Paged<ClassSummary>): void;
  reject(error: unknown): void;
}

/** A browser whose loads the test answers by hand, recording the addresses pushed. */
function fakeBrowser(online = true) {
  const loads: Pending[] = [];
  const addresses: string[] = [];
  const deps: ClassBrowserDeps = {
    load: (query, signal) =>
      new Promise((resolve, reject) => {
        loads.push({ query, signal, resolve, reject });
      }),
    pushAddress: (href) => addresses.push(href),
    online: () => online,
  };
  return { deps, loads, addresses };
}

const FIRST = { page: 1, filters: {} };
let stop: () => void = () => {};
let browser: ReturnType<typeof fakeBrowser>;

beforeEach(() => {
  browser = fakeBrowser();
  stop = startClassBrowser({ query: FIRST, page: pageOf(FIRST, 25) }, browser.deps);
});
afterEach(() => stop());

/** Answers the latest load with `total` classes and waits for the store to take it. */
async function answer(total: number, done: Promise<void>) {
  const last = browser.loads.at(-1);
  last?.resolve(pageOf(last.query, total));
  await done;
}

describe('the class browser store', () => {
  it('starts on the page the server rendered, without loading it again', () => {
    expect($classFilters.get()).toEqual(FIRST);
    expect($classResults.get()).toMatchObject({ status: 'ready', page: { totalItems: 25 } });
    expect(browser.loads).toHaveLength(0);
  });

  it('applies a filter: page 1 of the filtered list, loading first, and the address in the history', async () => {
    await answer(25, goToPage(3));
    const done = applyClassFilter({ state: 'registration' });
    expect($classResults.get()).toMatchObject({ status: 'loading' });
    expect(classResultsStatus($classResults.get())).toBe('Memuat kelas…');
    expect(browser.loads.at(-1)?.query).toEqual({ page: 1, filters: { state: 'registration' } });
    await answer(12, done);
    expect($classFilters.get()).toEqual({ page: 1, filters: { state: 'registration' } });
    expect(classResultsStatus($classResults.get())).toBe('12 kelas ditemukan · halaman 1 dari 2');
    expect(browser.addresses).toEqual(['/Class?page=3', '/Class?state=registration']);
  });

  it('keeps the other filters when one changes, and removes one given as undefined', async () => {
    await answer(8, applyClassFilter({ state: 'running', type: 'bootcamp' }));
    await answer(3, applyClassFilter({ type: undefined, level: 'mahir' }));
    expect($classFilters.get().filters).toEqual({ state: 'running', level: 'mahir' });
    expect(browser.addresses.at(-1)).toBe('/Class?state=running&level=mahir');
  });

  it('pages through the same filters', async () => {
    await answer(14, applyClassFilter({ type: 'webinar' }));
    await answer(14, goToPage(3));
    expect(browser.loads.at(-1)?.query).toEqual({ page: 3, filters: { type: 'webinar' } });
    expect(browser.addresses.at(-1)).toBe('/Class?type=webinar&page=3');
    expect(classResultsStatus($classResults.get())).toBe('14 kelas ditemukan · halaman 3 dari 3');
  });

  it('does nothing when the visitor picks what is already shown', async () => {
    await answer(12, applyClassFilter({ state: 'registration' }));
    await applyClassFilter({ state: 'registration' });
    await applyClassFilter({ search: '   ' });
    expect(browser.loads).toHaveLength(1);
    expect(browser.addresses).toHaveLength(1);
  });

  it('clears every filter back to the first page of all classes', async () => {
    await answer(0, applyClassFilter({ search: 'tidak ada', level: 'mahir' }));
    expect(classResultsStatus($classResults.get())).toBe('0 kelas ditemukan');
    await answer(25, clearClassFilters());
    expect($classFilters.get()).toEqual(FIRST);
    expect(browser.addresses.at(-1)).toBe('/Class');
  });

  it('restores the filters of an address gone back to, without a new history entry', async () => {
    await answer(12, applyClassFilter({ state: 'registration' }));
    await answer(25, restoreClassQuery('?type=bootcamp&page=2&sort=name'));
    expect($classFilters.get()).toEqual({ page: 2, filters: { type: 'bootcamp', sort: 'name' } });
    expect(browser.loads.at(-1)?.query).toEqual($classFilters.get());
    expect(browser.addresses).toEqual(['/Class?state=registration']);
  });

  it('shows only the answer of the latest choice, and aborts the load it replaced', async () => {
    const slow = applyClassFilter({ type: 'bootcamp' });
    const fast = applyClassFilter({ type: 'webinar' });
    const [first, second] = browser.loads;
    expect(first?.signal.aborted).toBe(true);
    second?.resolve(pageOf(second.query, 4));
    await fast;
    first?.resolve(pageOf(first.query, 99));
    await slow;
    expect($classFilters.get().filters).toEqual({ type: 'webinar' });
    expect($classResults.get()).toMatchObject({ status: 'ready', page: { totalItems: 4 } });
  });

  it('says a server failure in Indonesian, keeps the filters and the last results, and tries again on request', async () => {
    const done = applyClassFilter({ level: 'pemula' });
    browser.loads.at(-1)?.reject(new ApiRequestError(500, 'Internal error'));
    await done;
    expect($classResults.get()).toMatchObject({ status: 'failed', reason: 'server', page: { totalItems: 25 } });
    expect(classResultsStatus($classResults.get())).toBe(CLASS_FAILURE_TEXT.server);
    expect($classFilters.get().filters).toEqual({ level: 'pemula' });

    const again = retryClassList();
    expect(browser.loads).toHaveLength(2);
    expect(browser.loads.at(-1)?.query).toEqual({ page: 1, filters: { level: 'pemula' } });
    await answer(9, again);
    expect($classResults.get()).toMatchObject({ status: 'ready', page: { totalItems: 9 } });
    expect(browser.addresses).toEqual(['/Class?level=pemula']);
  });

  it('tells an unreachable server (no answer at all) apart from a failing one', async () => {
    const done = applyClassFilter({ type: 'workshop' });
    browser.loads.at(-1)?.reject(new ApiRequestError(500, 'fetch failed', undefined, { cause: new TypeError('fetch failed') }));
    await done;
    expect($classResults.get()).toMatchObject({ status: 'failed', reason: 'offline' });
    expect(classResultsStatus($classResults.get())).toMatch(/^Tidak dapat terhubung ke server/);
  });

  it('is offline whatever the error when the browser says so', async () => {
    stop();
    browser = fakeBrowser(false);
    stop = startClassBrowser({ query: FIRST, page: pageOf(FIRST, 25) }, browser.deps);
    const done = goToPage(2);
    browser.loads.at(-1)?.reject(new ApiRequestError(503, 'Service Unavailable'));
    await done;
    expect($classResults.get()).toMatchObject({ status: 'failed', reason: 'offline' });
  });

  it('starts failed when the page could not load the list, and loads it on retry', async () => {
    stop();
    stop = startClassBrowser({ query: { page: 2, filters: { state: 'running' } }, page: null }, browser.deps);
    expect($classResults.get()).toEqual({ status: 'failed', reason: 'server', page: null });
    await answer(7, retryClassList());
    expect(browser.loads.at(-1)?.query).toEqual({ page: 2, filters: { state: 'running' } });
    expect($classResults.get()).toMatchObject({ status: 'ready', page: { page: 2, totalItems: 7 } });
  });
});
