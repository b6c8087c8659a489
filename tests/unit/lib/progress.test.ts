import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgress, PROGRESS_TIMING, type ProgressSnapshot } from '~/lib/progress';

/** A bar driven by fake timers, recording every snapshot the UI would render. */
function bar() {
  const seen: ProgressSnapshot[] = [];
  const progress = createProgress((snapshot) => seen.push(snapshot));
  return { progress, seen };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('progress bar (SPEC §4, §9)', () => {
  it('uses the SPEC timings', () => {
    expect(PROGRESS_TIMING).toEqual({ throttle: 200, duration: 5000, hide: 500, tick: 100 });
  });

  it('never shows for work that ends within the 200 ms throttle', () => {
    const { progress, seen } = bar();
    progress.start();
    vi.advanceTimersByTime(199);
    progress.done();
    vi.advanceTimersByTime(10_000);
    expect(seen.some((s) => s.visible)).toBe(false);
    expect(progress.snapshot).toEqual({ state: 'idle', percent: 0, visible: false });
  });

  it('appears after 200 ms and creeps up every 100 ms without reaching 100', () => {
    const { progress } = bar();
    progress.start();
    vi.advanceTimersByTime(199);
    expect(progress.snapshot.visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(progress.snapshot).toMatchObject({ state: 'running', visible: true });
    let last = progress.snapshot.percent;
    for (let i = 0; i < 10; i += 1) {
      vi.advanceTimersByTime(100);
      expect(progress.snapshot.percent).toBeGreaterThan(last);
      last = progress.snapshot.percent;
    }
    vi.advanceTimersByTime(60_000);
    expect(progress.snapshot.state).toBe('running');
    expect(progress.snapshot.percent).toBeLessThan(100);
    expect(progress.snapshot.percent).toBeGreaterThan(last);
  });

  it('fills to 100 on done, then hides 500 ms later', () => {
    const { progress } = bar();
    progress.start();
    vi.advanceTimersByTime(700);
    progress.done();
    expect(progress.snapshot).toEqual({ state: 'finishing', percent: 100, visible: true });
    vi.advanceTimersByTime(499);
    expect(progress.snapshot.visible).toBe(true);
    expect(progress.snapshot.percent).toBe(100);
    vi.advanceTimersByTime(1);
    expect(progress.snapshot).toEqual({ state: 'idle', percent: 0, visible: false });
  });

  it('shows the failed state on fail, then hides', () => {
    const { progress } = bar();
    progress.start();
    progress.start();
    vi.advanceTimersByTime(300);
    progress.fail();
    expect(progress.snapshot).toMatchObject({ state: 'failed', visible: true });
    vi.advanceTimersByTime(500);
    expect(progress.snapshot).toMatchObject({ state: 'idle', visible: false });
    // The other request's late done does not bring the bar back.
    progress.done();
    vi.advanceTimersByTime(1000);
    expect(progress.snapshot.visible).toBe(false);
  });

  it('keeps running until every concurrent start has its done', () => {
    const { progress } = bar();
    progress.start();
    vi.advanceTimersByTime(100);
    progress.start();
    vi.advanceTimersByTime(150);
    expect(progress.snapshot.visible).toBe(true);
    progress.done();
    vi.advanceTimersByTime(1000);
    expect(progress.snapshot).toMatchObject({ state: 'running', visible: true });
    progress.done();
    expect(progress.snapshot).toMatchObject({ state: 'finishing', percent: 100 });
    vi.advanceTimersByTime(500);
    expect(progress.snapshot.visible).toBe(false);
  });

  it('ignores done and fail when nothing is running', () => {
    const { progress, seen } = bar();
    progress.done();
    progress.fail();
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([]);
  });

  it('restarts cleanly when new work starts while the bar is hiding', () => {
    const { progress } = bar();
    progress.start();
    vi.advanceTimersByTime(300);
    progress.done();
    progress.start();
    vi.advanceTimersByTime(600);
    expect(progress.snapshot).toMatchObject({ state: 'running', visible: true });
    expect(progress.snapshot.percent).toBeLessThan(100);
  });

  it('shows again for the next navigation after a page returns from the back/forward cache', () => {
    const { progress } = bar();
    progress.start(); // the navigation that left the page, never finished in this document
    vi.advanceTimersByTime(300);
    progress.reset();
    expect(progress.snapshot).toEqual({ state: 'idle', percent: 0, visible: false });
    vi.advanceTimersByTime(10_000);
    expect(progress.snapshot.visible).toBe(false);

    progress.start();
    vi.advanceTimersByTime(200);
    expect(progress.snapshot).toMatchObject({ state: 'running', visible: true });
    progress.done();
    vi.advanceTimersByTime(500);
    expect(progress.snapshot.visible).toBe(false);
  });

  it('works with injected timers', () => {
    const timers = { setTimeout: vi.fn(() => 1), clearTimeout: vi.fn(), setInterval: vi.fn(() => 2), clearInterval: vi.fn() };
    const progress = createProgress(() => {}, timers);
    progress.start();
    expect(timers.setTimeout).toHaveBeenCalledWith(expect.any(Function), 200);
    const [show] = timers.setTimeout.mock.calls[0] as unknown as [() => void];
    show();
    expect(timers.setInterval).toHaveBeenCalledWith(expect.any(Function), 100);
    expect(progress.snapshot.visible).toBe(true);
  });
});
