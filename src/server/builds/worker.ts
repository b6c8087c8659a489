import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { DEFAULT_BUILD_QUEUE } from '../config';
import type { BuildsDeps } from '../context';
import type { Db } from '../db/client';
import { buildJobs } from '../db/schema';
import { errorText } from '../platform/site-events';
import { type BuildJobRow, claim, complete, enqueue, renewLease } from './queue';
import { type FailureOutcome, fail, recoverExpired } from './queue-failures';
import { held, LOG_TAIL_LINES, logTail } from './queue-sql';
import type { BuildEvent, BuildOutcome, BuildRunner, Publisher } from './types';

/** What a BuildWorker needs; the timings default to `DEFAULT_BUILD_QUEUE` (the server passes `config.builds.queue`). */
export interface BuildWorkerOptions {
  db: Db;
  runner: BuildRunner;
  /** Names this process in `locked_by` (default host:pid:random). */
  workerId?: string | undefined;
  pollMs?: number | undefined;
  leaseMs?: number | undefined;
  retryBaseMs?: number | undefined;
  /** Where the worker's lines and the builds' log lines go (default console.log). */
  log?: ((line: string) => void) | undefined;
}

/**
 * Claims and runs due jobs one at a time: polls every `pollMs` (and on `kick`), renews its lease
 * every third of `leaseMs` while a job runs, and records the outcome. A runner that throws fails the
 * job (retried with back-off); nothing it does stops the worker or the process. `stop()` aborts the
 * running build and leaves its job to be recovered when the lease runs out.
 */
export class BuildWorker {
  readonly workerId: string;
  readonly #db: Db;
  readonly #runner: BuildRunner;
  readonly #pollMs: number;
  readonly #leaseMs: number;
  readonly #retryBaseMs: number;
  readonly #log: (line: string) => void;
  #stopped = true;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerDue = 0;
  /** The poll in progress, if any; a timer firing meanwhile asks for another pass. */
  #polling: Promise<void> | undefined;
  #again = false;
  #abort: AbortController | undefined;

  constructor(options: BuildWorkerOptions) {
    const defaults = DEFAULT_BUILD_QUEUE;
    this.#db = options.db;
    this.#runner = options.runner;
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.#pollMs = options.pollMs ?? defaults.pollMs;
    this.#leaseMs = options.leaseMs ?? defaults.leaseMs;
    this.#retryBaseMs = options.retryBaseMs ?? defaults.retryBaseMs;
    this.#log = options.log ?? ((line) => console.log(line));
  }

  /** Starts polling; the worker's timers do not keep the process alive on their own (the server does). */
  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.kick();
  }

  /** Looks for due jobs after `afterMs` (now by default), sooner than the next poll would. */
  kick(afterMs = 0): void {
    if (this.#stopped) return;
    const due = Date.now() + afterMs;
    if (this.#timer && this.#timerDue <= due) return;
    clearTimeout(this.#timer);
    this.#timerDue = due;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.#polling) this.#again = true;
      else this.#polling = this.#poll().finally(() => (this.#polling = undefined));
    }, afterMs);
    this.#timer.unref?.();
  }

  /** Stops polling, aborts the running build and waits for it to end; its job stays for lease recovery. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#abort?.abort(new Error('worker build dihentikan'));
    await this.#polling;
  }

  async #poll(): Promise<void> {
    do {
      this.#again = false;
      try {
        await recoverExpired(this.#db);
        for (let job = await this.#claim(); job; job = await this.#claim()) await this.#run(job);
      } catch (error) {
        this.#log(`[builds] ${this.workerId}: antrean tidak dapat dibaca: ${errorText(error)}`);
      }
    } while (this.#again && !this.#stopped);
    if (!this.#stopped) this.kick(this.#pollMs);
  }

  #claim() {
    return this.#stopped ? Promise.resolve(undefined) : claim(this.#db, this.workerId, this.#leaseMs);
  }

  async #run(job: BuildJobRow): Promise<void> {
    // Claimed while stopping: left untouched, its lease runs out and another worker takes it.
    if (this.#stopped) return;
    const lines = job.log ? job.log.split('\n') : [];
    const log = (line: string) => {
      lines.push(line);
      if (lines.length > LOG_TAIL_LINES) lines.splice(0, lines.length - LOG_TAIL_LINES);
      this.#log(`[builds] ${job.tenant} #${job.id}: ${line}`);
    };
    const text = () => lines.join('\n');
    const abort = new AbortController();
    this.#abort = abort;
    let lost = false;
    // Set once the runner has returned: a renewal still under way then finds the job done, not taken over.
    let settled = false;
    const renew = setInterval(
      () => {
        renewLease(this.#db, job.id, this.workerId, this.#leaseMs, text()).then(
          (stillHeld) => {
            if (stillHeld || lost || settled) return;
            lost = true;
            log('[antrean] lease lepas: job diambil alih, build dihentikan');
            abort.abort(new Error('lease build lepas'));
          },
          // A database hiccup: keep building; the next renewal or the lease decides.
          (error: unknown) => this.#log(`[builds] ${job.tenant} #${job.id}: lease tidak dapat diperpanjang: ${errorText(error)}`),
        );
      },
      Math.max(100, Math.floor(this.#leaseMs / 3)),
    );
    const kind = job.full ? 'build penuh' : 'build bertahap';
    log(
      `[antrean] percobaan ${job.attempts}/${job.maxAttempts} oleh ${this.workerId}: ${kind}, ${jobChanges(job).length} perubahan (${job.trigger})`,
    );
    try {
      let outcome: BuildOutcome;
      try {
        outcome = await this.#runner({
          tenant: job.tenant,
          full: job.full,
          changes: jobChanges(job),
          trigger: job.trigger,
          log,
          signal: abort.signal,
        });
      } catch (error) {
        settled = true;
        if (this.#stopped || lost) {
          log(`[antrean] dihentikan (${errorText(error)}); job menunggu dipulihkan`);
          // The lease is left to run out; the log stays with the job for whoever takes it over.
          await this.#db
            .update(buildJobs)
            .set({ log: logTail(text()) })
            .where(held(job.id, this.workerId));
          return;
        }
        log(`[antrean] gagal: ${errorText(error)}`);
        const failure = await fail(this.#db, job.id, errorText(error), text(), { owner: this.workerId, retryBaseMs: this.#retryBaseMs });
        this.#log(`[builds] ${job.tenant} #${job.id}: ${FAILURE_NOTES[failure]}`);
        return;
      }
      settled = true;
      log(`[antrean] selesai: build ${outcome.buildId}, ${outcome.rendered}/${outcome.pages} halaman dirender`);
      // The build is live whatever happens next; a job that cannot be recorded is rebuilt after its lease (harmless).
      await complete(this.#db, job.id, outcome, text(), this.workerId);
    } catch (error) {
      this.#log(`[builds] ${job.tenant} #${job.id}: hasil tidak dapat dicatat: ${errorText(error)}`);
    } finally {
      clearInterval(renew);
      this.#abort = undefined;
    }
  }
}

const FAILURE_NOTES: Record<FailureOutcome, string> = {
  retried: 'dicoba lagi setelah jeda',
  merged: 'perubahannya digabung ke job yang sudah antre',
  failed: 'gagal, percobaan habis',
  gone: 'job sudah tidak dipegang worker ini',
};
const jobChanges = (job: BuildJobRow) => (Array.isArray(job.changes) ? (job.changes as BuildEvent[]) : []);

/**
 * The `builds` dependency of the API: enqueue (and wake the local worker when the job is due),
 * the publisher, and a kick. Without a worker, jobs wait for a worker in another process. A new job
 * waits `debounceMs` (BUILD_DEBOUNCE_MS) unless the caller gives its own delay.
 */
export function buildService(
  db: Db,
  publisher: Publisher,
  worker?: BuildWorker,
  debounceMs: number = DEFAULT_BUILD_QUEUE.debounceMs,
): BuildsDeps {
  return {
    publisher,
    enqueue: async (event, trigger, options) => {
      const job = await enqueue(db, event, trigger, { ...options, delayMs: options?.delayMs ?? debounceMs });
      worker?.kick(job.dueInMs);
      return job;
    },
    kick: () => worker?.kick(),
  };
}
