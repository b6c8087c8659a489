/** The longest prefetch waits for an idle moment before it is switched on (SPEC §9 "prefetch max wait 2000 ms"). */
export const PREFETCH_MAX_WAIT_MS = 2000;

/** The part of the Network Information API that matters here (Chromium only; other browsers have none). */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

/** Whether to prefetch at all: never when the visitor asked to save data or the connection is 2g or slower (SPEC §4 "Prefetch"). */
export function prefetchAllowed(connection: ConnectionHints | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !/(^|-)2g$/.test(connection.effectiveType ?? '');
}

/** What `whenIdle` schedules with: the browser's, injected so tests drive them. */
export interface IdleScheduler {
  requestIdleCallback?: ((callback: () => void, options: { timeout: number }) => unknown) | undefined;
  setTimeout: (callback: () => void, ms: number) => unknown;
}

/** Runs `callback` when the browser is idle, but after at most `PREFETCH_MAX_WAIT_MS`. */
export function whenIdle(callback: () => void, scheduler: IdleScheduler): void {
  if (scheduler.requestIdleCallback) scheduler.requestIdleCallback(callback, { timeout: PREFETCH_MAX_WAIT_MS });
  // Without idle callbacks (Safari), a short delay still lets the page's own work go first.
  else scheduler.setTimeout(callback, 200);
}
