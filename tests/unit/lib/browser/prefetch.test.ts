import { describe, expect, it, vi } from 'vitest';
import { PREFETCH_MAX_WAIT_MS, prefetchAllowed, whenIdle } from '~/lib/browser/prefetch';

describe('prefetchAllowed (SPEC §4 "Prefetch")', () => {
  it('is skipped when the visitor asked to save data, whatever the connection', () => {
    expect(prefetchAllowed({ saveData: true })).toBe(false);
    expect(prefetchAllowed({ saveData: true, effectiveType: '4g' })).toBe(false);
  });

  it.each(['2g', 'slow-2g'])('is skipped on a %s connection', (effectiveType) => {
    expect(prefetchAllowed({ effectiveType })).toBe(false);
    expect(prefetchAllowed({ saveData: false, effectiveType })).toBe(false);
  });

  it.each(['3g', '4g', '5g'])('is allowed on a %s connection', (effectiveType) => {
    expect(prefetchAllowed({ saveData: false, effectiveType })).toBe(true);
  });

  it('is allowed when the connection type is unknown or the browser has no Network Information API', () => {
    expect(prefetchAllowed({})).toBe(true);
    expect(prefetchAllowed({ effectiveType: '' })).toBe(true);
    expect(prefetchAllowed({ effectiveType: 'unknown' })).toBe(true);
    expect(prefetchAllowed(undefined)).toBe(true);
  });

  it('does not mistake a type merely containing "2g" for a 2g connection', () => {
    expect(prefetchAllowed({ effectiveType: '2g-plus' })).toBe(true);
    expect(prefetchAllowed({ effectiveType: '12g' })).toBe(true);
  });
});

describe('whenIdle: prefetch waits at most 2000 ms (SPEC §9)', () => {
  it('waits for an idle moment with a 2000 ms timeout and sets no timer of its own', () => {
    const requestIdleCallback = vi.fn();
    const setTimeout = vi.fn();
    const callback = vi.fn();
    whenIdle(callback, { requestIdleCallback, setTimeout });
    expect(PREFETCH_MAX_WAIT_MS).toBe(2000);
    expect(requestIdleCallback).toHaveBeenCalledOnce();
    expect(requestIdleCallback).toHaveBeenCalledWith(callback, { timeout: 2000 });
    expect(setTimeout).not.toHaveBeenCalled();
    // Nothing runs before the browser calls back.
    expect(callback).not.toHaveBeenCalled();
    requestIdleCallback.mock.calls[0]?.[0]();
    expect(callback).toHaveBeenCalledOnce();
  });

  it('falls back to a timer within 2000 ms where the browser has no idle callbacks (Safari)', () => {
    const setTimeout = vi.fn();
    const callback = vi.fn();
    whenIdle(callback, { requestIdleCallback: undefined, setTimeout });
    expect(setTimeout).toHaveBeenCalledOnce();
    const [scheduled, delay] = setTimeout.mock.calls[0] as [() => void, number];
    expect(delay).toBeGreaterThanOrEqual(0);
    expect(delay).toBeLessThanOrEqual(PREFETCH_MAX_WAIT_MS);
    expect(callback).not.toHaveBeenCalled();
    scheduled();
    expect(callback).toHaveBeenCalledOnce();
  });

  it('runs the callback by 2000 ms at the latest with real timers and no idle callbacks', async () => {
    vi.useFakeTimers();
    try {
      const callback = vi.fn();
      whenIdle(callback, { setTimeout: (run, ms) => globalThis.setTimeout(run, ms) });
      await vi.advanceTimersByTimeAsync(PREFETCH_MAX_WAIT_MS);
      expect(callback).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
