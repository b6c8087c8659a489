import { atom } from 'nanostores';

/** The last error of this page (SPEC §8 "The page-level error handler records the error with a timestamp in shared state"). */
export interface PageError {
  message: string;
  /** Where it came from: `window` (an uncaught error), `promise` (an unhandled rejection) or an island's name. */
  source: string;
  /** ISO time it was recorded. */
  at: string;
}

export const $pageError = atom<PageError | undefined>(undefined);

/** Records an error in `$pageError`, with the time; never throws. */
export function recordPageError(error: unknown, source: string, now: Date = new Date()): PageError {
  const message = error instanceof Error ? error.message || error.name : typeof error === 'string' ? error : 'Kesalahan tidak dikenal';
  const recorded = { message: message.slice(0, 500), source, at: now.toISOString() };
  $pageError.set(recorded);
  return recorded;
}
