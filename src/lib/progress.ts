/** Timing of the top progress bar (SPEC §4 "Progress bar", §9). */
export const PROGRESS_TIMING = { throttle: 200, duration: 5000, hide: 500, tick: 100 } as const;

export type ProgressState = 'idle' | 'running' | 'finishing' | 'failed';
export interface ProgressSnapshot {
  state: ProgressState;
  /** 0–100; shown only when `visible`. */
  percent: number;
  visible: boolean;
}

/** Timer functions, injected so tests can drive time. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

const IDLE: ProgressSnapshot = { state: 'idle', percent: 0, visible: false };

/**
 * A progress bar controller shared by page navigations and API requests. `start` may be called
 * several times (concurrent requests); the bar finishes when every start has a `done` or one `fail`.
 * It appears only after the throttle, so fast work never flashes a bar, creeps towards 100% over the
 * duration, and hides shortly after finishing.
 */
export function createProgress(onChange: (snapshot: ProgressSnapshot) => void, timers: Timers = globalThis as Timers) {
  const t = PROGRESS_TIMING;
  let snapshot = IDLE;
  let pending = 0;
  let showTimer: unknown;
  let tickTimer: unknown;
  let hideTimer: unknown;

  const set = (next: ProgressSnapshot) => {
    snapshot = next;
    onChange(next);
  };
  const clearAll = () => {
    timers.clearTimeout(showTimer);
    timers.clearInterval(tickTimer);
    timers.clearTimeout(hideTimer);
  };
  const finish = (state: 'finishing' | 'failed') => {
    pending = 0;
    clearAll();
    if (!snapshot.visible) return set(IDLE);
    set({ state, percent: 100, visible: true });
    hideTimer = timers.setTimeout(() => set(IDLE), t.hide);
  };

  return {
    get snapshot() {
      return snapshot;
    },
    start() {
      pending += 1;
      if (pending > 1 && snapshot.state === 'running') return;
      clearAll();
      set({ state: 'running', percent: 0, visible: false });
      showTimer = timers.setTimeout(() => {
        set({ state: 'running', percent: 10, visible: true });
        const step = (100 * t.tick) / t.duration;
        tickTimer = timers.setInterval(() => {
          // Creep towards, but never reach, 100 until the work is done.
          const percent = Math.min(95, snapshot.percent + step * (1 - snapshot.percent / 110));
          set({ state: 'running', percent, visible: true });
        }, t.tick);
      }, t.throttle);
    },
    done() {
      if (pending === 0) return;
      pending -= 1;
      if (pending === 0) finish('finishing');
    },
    fail() {
      if (snapshot.state === 'idle' && pending === 0) return;
      finish('failed');
    },
    /** Forgets all pending work at once (the page came back from the back/forward cache). */
    reset() {
      pending = 0;
      clearAll();
      set(IDLE);
    },
  };
}

export type Progress = ReturnType<typeof createProgress>;
