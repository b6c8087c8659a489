import { atom } from 'nanostores';

/** Whether the browser says it is online (SPEC §4 "Online/offline is tracked from browser events"). */
export const $online = atom<boolean>(true);

/** Follows the browser's online and offline events into `$online`; returns a function that stops it. */
export function trackOnline(target: Pick<Window, 'addEventListener' | 'removeEventListener'>, initial: boolean): () => void {
  $online.set(initial);
  const online = () => $online.set(true);
  const offline = () => $online.set(false);
  target.addEventListener('online', online);
  target.addEventListener('offline', offline);
  return () => {
    target.removeEventListener('online', online);
    target.removeEventListener('offline', offline);
  };
}
