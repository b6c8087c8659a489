import type { BuildProgress } from '~/contract/builds';

/*
 * Waiting until a publish (or an unpublish) is live, after the rule of `BuildProgressSchema`: a job
 * that started after the write, done, whose build is the live one. The page's own address then
 * confirms it (HEAD 200 for a publish, 404/410 once taken off), which also covers a server that does
 * not build sites (no live build: the pages render on demand). Framework-free: the editor's
 * `post-live-status.tsx` shows the states.
 */

/** What the build queue says about a write made at `since`. `unknown`: this server names no live build. */
export type BuildPhase = 'unknown' | 'waiting' | 'building' | 'built' | 'failed';

/** Where the wait stands, as the editor shows it. */
export type LiveState = 'waiting' | 'building' | 'live' | 'failed' | 'timeout';

/** The build phase of a write made at `since` (the saved post's `updatedAt`), read off one progress answer. */
export function buildPhase(progress: BuildProgress, since: string): BuildPhase {
  const { live, jobs } = progress;
  if (!live) return 'unknown';
  const from = Date.parse(since);
  // Compared by `startedAt`: the write may have joined a job queued before it (contract/builds.ts).
  const started = jobs.filter((job) => job.startedAt !== null && Date.parse(job.startedAt) >= from);
  const done = started.filter((job) => job.status === 'done');
  if (done.some((job) => job.buildId === live.id)) return 'built';
  // A later build made live since (a rollback aside, it holds the write too).
  if (done.length > 0 && live.builtAt !== null && Date.parse(live.builtAt) >= from) return 'built';
  const newest = started[0];
  if (!newest) return 'waiting';
  if (newest.status === 'failed') return 'failed';
  return 'building';
}

export interface WatchOptions {
  /** The saved post's `updatedAt`: the write's time by the server's clock. */
  since: string;
  /** The post's public address (`postPath`). */
  path: string;
  /** A publish waits for the page to answer; an unpublish for it to be gone. */
  expect: 'present' | 'absent';
  /** The tenant's build progress; absent when the page names no app code. */
  progress?: (() => Promise<BuildProgress>) | undefined;
  /** The HTTP status of a HEAD request for `path` (0 without an answer). */
  head: (path: string) => Promise<number>;
  onState: (state: LiveState) => void;
  signal: AbortSignal;
  intervalMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    const stop = () => {
      clearTimeout(timer);
      resolve();
    };
    signal.addEventListener('abort', stop, { once: true });
  });

/**
 * Polls every `intervalMs` (1 s) until the write is live ('live'), its build failed ('failed') or
 * `timeoutMs` (90 s) passed ('timeout'); reports 'waiting' and 'building' on the way. A failed
 * progress call is read as no build information: the address alone decides then.
 */
export async function watchLive(options: WatchOptions): Promise<void> {
  const { since, path, expect, progress, head, onState, signal, intervalMs = 1000, timeoutMs = 90_000, now = Date.now } = options;
  const deadline = now() + timeoutMs;
  const answered = async () => {
    const status = await head(path).catch(() => 0);
    return expect === 'present' ? status === 200 : status === 404 || status === 410;
  };
  while (!signal.aborted) {
    const phase = progress
      ? await progress().then(
          (answer) => buildPhase(answer, since),
          () => 'unknown' as const,
        )
      : 'unknown';
    if (signal.aborted) return;
    if (phase === 'failed') return onState('failed');
    if ((phase === 'built' || phase === 'unknown') && (await answered())) return signal.aborted ? undefined : onState('live');
    if (signal.aborted) return;
    if (now() >= deadline) return onState('timeout');
    onState(phase === 'building' || phase === 'built' ? 'building' : 'waiting');
    await wait(intervalMs, signal);
  }
}

/** HEAD of a page of this site, past every cache; its status, 0 without an answer. */
export async function headStatus(path: string): Promise<number> {
  const answer = await fetch(path, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' });
  return answer.status;
}
