import { describe, expect, it, vi } from 'vitest';
import { PAGE_LOAD_FLAG, takePageLoadTurn } from '~/lib/api/logger';
import { classifyLink, loggedAddress, withSafeRel } from '~/lib/browser/links';
import { PREFETCH_MAX_WAIT_MS, prefetchAllowed, whenIdle } from '~/lib/browser/prefetch';
import { isChunkLoadError, RELOAD_AT_KEY, reloadForChunk } from '~/lib/browser/reload-guard';

/** Session storage in memory. */
function store(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

describe('chunk-load failure (SPEC §4, reload guard 60 s)', () => {
  it('recognises each browser’s failed dynamic import, and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /_astro/A.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /_astro/A.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it('reloads the first time, not again within 60 s, and again once 60 s have passed', () => {
    const session = store();
    const reload = vi.fn();
    const t0 = 1_700_000_000_000;
    expect(reloadForChunk(session, reload, t0)).toBe(true);
    expect(session.items.get(RELOAD_AT_KEY)).toBe(String(t0));
    expect(reloadForChunk(session, reload, t0 + 30_000)).toBe(false);
    expect(reloadForChunk(session, reload, t0 + 60_000)).toBe(false);
    expect(reloadForChunk(session, reload, t0 + 60_001)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('treats a garbled stored time as no reload yet', () => {
    const reload = vi.fn();
    expect(reloadForChunk(store({ [RELOAD_AT_KEY]: 'kemarin' }), reload, 5)).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('prefetch (SPEC §4, max wait 2000 ms)', () => {
  it('is skipped on save-data and on 2g connections, allowed otherwise', () => {
    expect(prefetchAllowed({ saveData: true, effectiveType: '4g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: '2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: '3g' })).toBe(true);
    expect(prefetchAllowed({})).toBe(true);
    expect(prefetchAllowed(undefined)).toBe(true);
  });

  it('waits for an idle moment, but at most 2000 ms', () => {
    const requestIdleCallback = vi.fn();
    const setTimeout = vi.fn();
    const callback = () => undefined;
    whenIdle(callback, { requestIdleCallback, setTimeout });
    expect(requestIdleCallback).toHaveBeenCalledWith(callback, { timeout: PREFETCH_MAX_WAIT_MS });
    expect(PREFETCH_MAX_WAIT_MS).toBe(2000);
    expect(setTimeout).not.toHaveBeenCalled();
    whenIdle(callback, { setTimeout });
    expect(setTimeout).toHaveBeenCalledWith(callback, expect.any(Number));
  });
});

describe('link logging (SPEC §7 "Logging")', () => {
  const page = new URL('https://nusantaralearning.example/News');
  it('is internal for the page’s own host or the account service, external otherwise', () => {
    expect(classifyLink(new URL('https://nusantaralearning.example/About'), page)).toBe('internal_navigation');
    expect(classifyLink(new URL('https://NUSANTARALEARNING.example/About'), page)).toBe('internal_navigation');
    expect(classifyLink(new URL('https://account.provider.id/login'), page)).toBe('internal_navigation');
    expect(classifyLink(new URL('https://akun.provider.id/masuk'), page)).toBe('internal_navigation');
    expect(classifyLink(new URL('https://masuk.provider.id/'), page, 'masuk.provider.id')).toBe('internal_navigation');
    expect(classifyLink(new URL('https://nusantaralearning.example:8443/About'), page)).toBe('external');
    expect(classifyLink(new URL('https://youtube.com/watch'), page)).toBe('external');
  });

  it('logs addresses without query or fragment, and nothing for other schemes', () => {
    expect(loggedAddress('https://demo.example/CallbackAuth?code=rahasia&state=x#y')).toBe('https://demo.example/CallbackAuth');
    expect(loggedAddress('mailto:halo@demo.example')).toBe('');
    expect(loggedAddress('bukan alamat')).toBe('');
  });

  it('gives external links noopener noreferrer once, keeping their other rel tokens', () => {
    expect(withSafeRel('')).toBe('noopener noreferrer');
    expect(withSafeRel('me noopener')).toBe('me noopener noreferrer');
  });

  it('sends the page_load log once per browser session', () => {
    const session = store();
    expect(takePageLoadTurn(session)).toBe(true);
    expect(takePageLoadTurn(session)).toBe(false);
    expect(takePageLoadTurn(store({ [PAGE_LOAD_FLAG]: '1' }))).toBe(false);
  });
});
