import { type ReactNode, useEffect, useState } from 'react';
import { failureText } from './failure-text';

/** Modules already loaded, by their loader: a part shown again renders at once. */
const loaded = new Map<() => Promise<unknown>, unknown>();

/** Starts loading a part's code ahead of its first render (e.g. while the profile call runs). */
export function preload(load: () => Promise<unknown>): void {
  load().then(
    (module) => loaded.set(load, module),
    () => {},
  );
}

interface Props<T> {
  /** A module-level `() => import('./Part')`, so the part's code is its own chunk, fetched on first render. */
  load: () => Promise<T>;
  /** What the page says while the code comes (a status: screen readers hear it). */
  loading: string;
  /** What the page says when it does not come (before the cause and 'Coba lagi'). */
  failure: string;
  children: (module: T) => ReactNode;
}

/**
 * A part of /Akun whose code is not in the island's first chunk (islands README "Size budget"): the
 * certificates list, the password form, the home's sections' content. While the code loads, a
 * status says so; when it cannot be loaded (offline), an alert says why with 'Coba lagi'.
 */
export function Deferred<T>({ load, loading, failure, children }: Props<T>) {
  const [module, setModule] = useState(() => loaded.get(load) as T | undefined);
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's way to load again.
  useEffect(() => {
    if (module) return;
    let live = true;
    load().then(
      (found) => {
        loaded.set(load, found);
        if (live) setModule(() => found);
      },
      (cause) => live && setError(`${failure} ${failureText(cause)}`),
    );
    return () => {
      live = false;
    };
  }, [load, attempt]);

  if (module) return children(module);
  if (error)
    return (
      <div className="form-alert" role="alert">
        <p>{error}</p>
        <button
          className="btn btn--secondary"
          type="button"
          onClick={() => {
            setError(undefined);
            setAttempt((n) => n + 1);
          }}
        >
          Coba lagi
        </button>
      </div>
    );
  return <p role="status">{loading}</p>;
}
