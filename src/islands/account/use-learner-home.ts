import { useCallback, useEffect, useState } from 'react';
import type { LearnerHome } from '~/contract/learner';
import { appClient } from '../shared/app-client';
import { failureText } from './failure-text';

/** The home's call and sections' content (home-view.ts), a chunk of its own. */
export const loadHomeView = () => import('./home-view');
export type HomeView = Awaited<ReturnType<typeof loadHomeView>>;

/** Where the home's one call stands; once ready, with the code that shows it. */
export type HomeLoad = { kind: 'loading' } | { kind: 'ready'; home: LearnerHome; view: HomeView } | { kind: 'failed'; message: string };

/**
 * The signed-in user's home (GET v1/user/home), loaded once the profile is known, again on `retry`
 * and when the tab is shown again after a while (a payment made in another tab shows up). The call
 * and the sections' content come with home-view.ts, which a failed load of is said as a failed call.
 */
export function useLearnerHome(): { load: HomeLoad; retry: () => void } {
  const [load, setLoad] = useState<HomeLoad>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry's way to run the load again.
  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const [view, client] = await Promise.all([loadHomeView(), appClient()]);
        const home = await view.getLearnerHome(client);
        if (live) setLoad({ kind: 'ready', home, view });
      } catch (error) {
        if (live) setLoad({ kind: 'failed', message: failureText(error) });
      }
    })();
    return () => {
      live = false;
    };
  }, [attempt]);

  useEffect(() => {
    let hiddenAt = 0;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') hiddenAt = Date.now();
      else if (hiddenAt && Date.now() - hiddenAt > 30_000) setAttempt((value) => value + 1);
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  const retry = useCallback(() => {
    setLoad({ kind: 'loading' });
    setAttempt((value) => value + 1);
  }, []);
  return { load, retry };
}
