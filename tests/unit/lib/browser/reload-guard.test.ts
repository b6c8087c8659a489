import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, RELOAD_AT_KEY, RELOAD_GUARD_MS, reloadForChunk } from '~/lib/browser/reload-guard';

/** Session storage in memory. */
function sessionStore(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { items, getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

const T0 = 1_800_000_000_000;

describe('isChunkLoadError: a script chunk of the page failed to load (SPEC §4 "Chunk-load failure")', () => {
  it.each([
    ['Chromium', new TypeError('Failed to fetch dynamically imported module: https://demo.example/_astro/Login.B1x2.js')],
    ['Firefox', new TypeError('error loading dynamically imported module: https://demo.example/_astro/Login.B1x2.js')],
    ['Safari', new TypeError('Importing a module script failed.')],
    ['Vite CSS preload', new Error('Unable to preload CSS for /_astro/Login.css')],
  ])('recognises %s’s wording', (_browser, error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('recognises the wording when it arrives as the error event’s message string', () => {
    expect(isChunkLoadError('Uncaught TypeError: Failed to fetch dynamically imported module: /_astro/x.js')).toBe(true);
  });

  it.each([
    ['a TypeError of the page’s own code', new TypeError("Cannot read properties of undefined (reading 'name')")],
    ['a failed API call', new TypeError('Failed to fetch')],
    ['a network error', new TypeError('NetworkError when attempting to fetch resource.')],
    ['a cross-origin script error', 'Script error.'],
    ['a module name mentioned in passing', new Error('module not found: lodash')],
    ['undefined', undefined],
    ['null', null],
    ['a number', 42],
    ['a plain object with the wording', { message: 'Failed to fetch dynamically imported module' }],
  ])('does not treat %s as a chunk failure', (_what, reason) => {
    expect(isChunkLoadError(reason)).toBe(false);
  });
});

describe('reloadForChunk: reload guard of 60 s (SPEC §9)', () => {
  it('is 60 seconds', () => {
    expect(RELOAD_GUARD_MS).toBe(60_000);
  });

  it('reloads on the first failure and remembers when', () => {
    const session = sessionStore();
    const reload = vi.fn();
    expect(reloadForChunk(session, reload, T0)).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
    expect(session.items.get(RELOAD_AT_KEY)).toBe(String(T0));
  });

  it('does not reload for a second failure within 60 s, and keeps the time of the last reload', () => {
    const session = sessionStore({ [RELOAD_AT_KEY]: String(T0) });
    const reload = vi.fn();
    expect(reloadForChunk(session, reload, T0 + 1)).toBe(false);
    expect(reloadForChunk(session, reload, T0 + 59_999)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    // Refused attempts must not push the window on, or a steady failure would never reload again.
    expect(session.items.get(RELOAD_AT_KEY)).toBe(String(T0));
  });

  it('does not reload at exactly 60 s', () => {
    const reload = vi.fn();
    expect(reloadForChunk(sessionStore({ [RELOAD_AT_KEY]: String(T0) }), reload, T0 + 60_000)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads again at 60 s + 1 ms, and starts a new window from then', () => {
    const session = sessionStore({ [RELOAD_AT_KEY]: String(T0) });
    const reload = vi.fn();
    expect(reloadForChunk(session, reload, T0 + 60_001)).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
    expect(session.items.get(RELOAD_AT_KEY)).toBe(String(T0 + 60_001));
    expect(reloadForChunk(session, reload, T0 + 90_000)).toBe(false);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('cannot loop: a chunk that stays missing reloads at most once a minute', () => {
    const session = sessionStore();
    const reload = vi.fn();
    // A failure every second for five minutes.
    for (let second = 0; second < 300; second++) reloadForChunk(session, reload, T0 + second * 1000);
    expect(reload).toHaveBeenCalledTimes(5);
  });

  it.each(['kemarin', '', 'NaN', 'Infinity', '-5', '0', '1e400', '{"at":1}'])(
    'treats a garbled stored time %j as no earlier reload',
    (stored) => {
      const session = sessionStore({ [RELOAD_AT_KEY]: stored });
      const reload = vi.fn();
      expect(reloadForChunk(session, reload, T0)).toBe(true);
      expect(reload).toHaveBeenCalledOnce();
      expect(session.items.get(RELOAD_AT_KEY)).toBe(String(T0));
    },
  );

  it('is not blocked by a stored time in the future (the clock was set back): that is no reload in this window', () => {
    const reload = vi.fn();
    const session = sessionStore({ [RELOAD_AT_KEY]: String(T0 + 3_600_000) });
    expect(reloadForChunk(session, reload, T0)).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
    expect(reloadForChunk(session, reload, T0 + 1000)).toBe(false);
  });
});
