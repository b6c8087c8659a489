import { useCallback, useEffect, useRef, useState } from 'react';
import type { BuildHistory } from '~/contract/builds';
import { buildHistory } from '~/lib/api/builds';
import type { ApiClient } from '~/lib/api/client';
import { problemText } from '../kit';
import { isActive, JOB_STATUS } from './builds-format';

/** How often the history is asked again while a job is queued or running. */
export const POLL_MS = 2000;
/** Jobs the history shows. */
const HISTORY_JOBS = 20;

export interface HistoryState {
  /** The latest history that came; kept while a later call fails. */
  history: BuildHistory | undefined;
  /** Why the latest call failed ('' when it did not). */
  error: string;
  /** What changed since the previous answer, for the status line ('Build #12 selesai.'). */
  news: string;
  /** Ask again now (after a request or a rollback, or 'Coba lagi'). */
  reload: () => void;
}

/** What became of the jobs that were under way in `before`. */
function newsOf(before: BuildHistory | undefined, after: BuildHistory): string {
  if (!before) return '';
  const ended = before.jobs
    .filter(isActive)
    .map((was) => after.jobs.find((job) => job.id === was.id))
    .filter((job) => job !== undefined && !isActive(job));
  return ended
    .map((job) => {
      const live = job?.status === 'done' && job.buildId ? `; build ${job.buildId} sekarang live` : '';
      return job ? `Build #${job.id} ${JOB_STATUS[job.status].label}${live}.` : '';
    })
    .join(' ');
}

/**
 * The tenant's build history (GET v1/builds/{code}), asked again every 2 s while a job is queued or
 * running (quietly: no progress bar, and not while the tab is hidden), and on `reload`.
 */
export function useBuildHistory(client: ApiClient | undefined, code: string | undefined): HistoryState {
  const [history, setHistory] = useState<BuildHistory>();
  const [error, setError] = useState('');
  const [news, setNews] = useState('');
  const [attempt, setAttempt] = useState(0);
  // Counts answers and failures alike: each one arms the next poll.
  const [settled, setSettled] = useState(0);
  const previous = useRef<BuildHistory | undefined>(undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how a reload or a poll asks again.
  useEffect(() => {
    if (!client || !code) return;
    let live = true;
    const quiet = previous.current !== undefined;
    buildHistory(client, code, HISTORY_JOBS, quiet ? { progress: false } : undefined).then(
      (answer) => {
        if (!live) return;
        const said = newsOf(previous.current, answer);
        if (said) setNews(said);
        previous.current = answer;
        setHistory(answer);
        setError('');
        setSettled((value) => value + 1);
      },
      (failure: unknown) => {
        if (!live) return;
        setError(problemText(failure));
        setSettled((value) => value + 1);
      },
    );
    return () => {
      live = false;
    };
  }, [client, code, attempt]);

  const active = history?.jobs.some(isActive) ?? false;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer (or failure) arms the next poll.
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout>;
    const poll = () => {
      if (document.visibilityState === 'hidden') timer = setTimeout(poll, POLL_MS);
      else setAttempt((value) => value + 1);
    };
    timer = setTimeout(poll, POLL_MS);
    return () => clearTimeout(timer);
  }, [active, settled]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { history, error, news, reload };
}
