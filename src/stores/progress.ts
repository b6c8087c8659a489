import { atom } from 'nanostores';
import { createProgress, type ProgressSnapshot } from '~/lib/progress';

/** The top progress bar's state; the shell renders it, navigations and API requests drive it. */
export const $progress = atom<ProgressSnapshot>({ state: 'idle', percent: 0, visible: false });

const controller = createProgress((snapshot) => $progress.set(snapshot));

/** Marks the start of work the visitor waits for (a navigation or a request). */
export const startProgress = (): void => controller.start();
/** Marks one started piece of work as finished. */
export const finishProgress = (): void => controller.done();
/** Shows the failed state and ends the bar. */
export const failProgress = (): void => controller.fail();
/** Drops every pending start, e.g. when a page is shown again from the back/forward cache. */
export const resetProgress = (): void => controller.reset();
