import { useCallback, useEffect, useState } from 'react';
import type { RemoteResult } from '~/lib/api/remote-db';

/** A list read from the hosted database REST: loading, its rows, or the failure's message with a retry. */
export type RemoteList<T> = { state: 'loading' } | { state: 'ready'; items: T[] } | { state: 'failed'; message: string };

/**
 * Loads a list once the island runs (SPEC §8: a list counts only on HTTP 200) and lets the island
 * add what the visitor just sent to the top, so their own entry shows without another request.
 */
export function useRemoteList<T>(load: () => Promise<RemoteResult<T[]>>) {
  const [list, setList] = useState<RemoteList<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is the island's fixed reader; `attempt` reloads.
  useEffect(() => {
    let live = true;
    setList({ state: 'loading' });
    load().then((result) => {
      if (!live) return;
      setList(result.status ? { state: 'ready', items: result.data } : { state: 'failed', message: result.message });
    });
    return () => {
      live = false;
    };
  }, [attempt]);

  const prepend = useCallback(
    (item: T) => setList((current) => (current.state === 'ready' ? { state: 'ready', items: [item, ...current.items] } : current)),
    [],
  );
  return { list, retry: () => setAttempt((n) => n + 1), prepend };
}
