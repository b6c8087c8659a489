import { type ChildProcess, fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDatabaseUnavailable } from '../db/errors';
import { type ContentReads, ContentReadsBusy } from './content-reads';
import type { RenderedPage } from './page-cache';
import { type FromWorker, renderWorkerArgs, type SourceCall, type SourceFailure, type ToWorker } from './render-protocol';

/** The platform API's fetch handler (`createApiApp(…).fetch`, paths without `/api`): mounted under `/api`, and called by render workers through the server. */
export type ApiFetch = (request: Request) => Response | Promise<Response>;

export interface RenderersOptions {
  /** The bundled worker script (dist/_server/render-worker.mjs). */
  workerScript: string;
  /** The content source, through the read cache shared by every worker. */
  reads: ContentReads;
  /** A worker unused this long is stopped (it starts again on the next page). */
  idleMs: number;
  /** At most this many workers run; starting one more stops the least recently used idle one. */
  maxWorkers: number;
  /** At most this many workers for one build (a busy tenant's misses then use several cores). */
  perBuild: number;
  /** A page taking longer fails (the error page), and its worker is replaced. */
  timeoutMs: number;
  /** Old-space limit of each worker process, in MB. */
  memoryMb: number;
  /** CPU niceness of each worker process (RENDER_NICE; 0 keeps the server's). */
  nice: number;
}

interface Pending {
  url: string;
  resolve(page: RenderedPage): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * Render processes per live build, the first started at its first page; a busy build gets more,
 * up to `perBuild`, so a hot tenant's misses use every core. A worker goes away when its build is
 * replaced (after the pages it is rendering), when idle, or when more builds need one than the cap
 * (`maxWorkers`) allows. Processes, not worker threads: an ES module is never unloaded, and ending
 * a worker thread does not give all of its memory back to the system (Node keeps part of every
 * isolate's heap), while an ended process gives back everything, however many builds come and go.
 */
export class Renderers {
  readonly #builds = new Map<string, BuildWorker[]>();

  constructor(private readonly options: RenderersOptions) {}

  /**
   * Renders `url` with the build of `tenant` whose renderer is `entry` (`<build>/server/entry.mjs`,
   * configured with the build's `context.json` beside `server/`).
   * Rejects with `RenderersBusy` at once while the build has `QUEUE_LIMIT` pages waiting on each of
   * its workers: a flood of new addresses gets 503s instead of an ever longer wait for everyone.
   */
  render(tenant: string, entry: string, url: string, headers?: [string, string][]): Promise<RenderedPage> {
    const workers = (this.#builds.get(entry) ?? []).filter((worker) => !worker.ended && !worker.retiring);
    let worker = workers.reduce<BuildWorker | undefined>((least, w) => (!least || w.busy < least.busy ? w : least), undefined);
    // Another process once every one of the build's is rendering several pages already.
    if (!worker || (worker.busy >= BUSY && workers.length < this.options.perBuild)) {
      this.#makeRoom(entry);
      const started: BuildWorker = new BuildWorker(tenant, entry, this.options, () => {
        const left = (this.#builds.get(entry) ?? []).filter((w) => w !== started);
        if (left.length) this.#builds.set(entry, left);
        else if (this.#builds.get(entry)) this.#builds.delete(entry);
      });
      workers.push(started);
      worker = started;
    }
    this.#builds.set(entry, workers);
    if (worker.busy >= QUEUE_LIMIT) return Promise.reject(new RenderersBusy(tenant));
    return worker.render(url, headers);
  }

  /** Stops the workers of a replaced build once their pages in progress are done. */
  retire(entry: string): void {
    for (const worker of this.#builds.get(entry) ?? []) worker.retire();
    this.#builds.delete(entry);
  }

  /** Render processes running now. */
  get running(): number {
    let count = 0;
    for (const workers of this.#builds.values()) count += workers.length;
    return count;
  }

  async close(): Promise<void> {
    const all = [...this.#builds.values()].flat();
    this.#builds.clear();
    await Promise.all(all.map((worker) => worker.stop()));
  }

  /** Under the cap, stops the least recently used idle worker of another build. */
  #makeRoom(entry: string): void {
    if (this.running < this.options.maxWorkers) return;
    const idle = [...this.#builds.entries()]
      .filter(([other]) => other !== entry)
      .flatMap(([other, workers]) => workers.filter((w) => w.busy === 0).map((w) => [other, w] as const))
      .sort((a, b) => a[1].lastUsed - b[1].lastUsed)[0];
    if (!idle) return;
    const [other, worker] = idle;
    worker.retire();
    const left = (this.#builds.get(other) ?? []).filter((w) => w !== worker);
    if (left.length) this.#builds.set(other, left);
    else this.#builds.delete(other);
  }
}

/**
 * Gives a render process a lower CPU priority (`nice`: RENDER_NICE, default 10; 0 keeps the server's): while
 * renders keep every core busy, the server's own thread still gets its turn at once, so static files
 * and health checks answer at their usual speed and renders take what is left.
 */
export function lowerPriority(child: ChildProcess, nice: number): void {
  if (!child.pid || !Number.isInteger(nice) || nice <= 0) return;
  try {
    setPriority(child.pid, Math.min(19, nice));
  } catch {
    // Not permitted on this system: the render runs at the server's priority.
  }
}

/** Pages in progress on each of a build's workers before it gets another. */
const BUSY = 4;
/** Pages waiting on a worker before more are refused (503) rather than queued. */
const QUEUE_LIMIT = 32;

/** A build has as many pages waiting to be rendered as it may: the visitor is asked to retry. */
export class RenderersBusy extends Error {
  constructor(tenant: string) {
    super(`render ${tenant}: antrean penuh`);
  }
}

/**
 * A page could not read its content: a database outage (`unavailable`), too many reads waiting
 * (`busy`), both 503, or another failure of the source (`error`, the 500 page). Whatever the page
 * showed, nothing is cached.
 */
export class SourceFailed extends Error {
  constructor(
    readonly failure: SourceFailure,
    url: string,
  ) {
    super(`render ${url}: konten tidak dapat dibaca (${failure})`);
  }
}

/** How often a lasting content-source failure is logged again (the first failure is logged at once). */
const FAILURE_LOG_EVERY_MS = 30_000;
const lastFailureLog = new Map<string, number>();

class BuildWorker {
  readonly #worker: ChildProcess;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #idleTimer: NodeJS.Timeout | undefined;
  retiring = false;
  ended = false;
  lastUsed = Date.now();

  constructor(
    private readonly tenant: string,
    entry: string,
    private readonly options: RenderersOptions,
    private readonly onEnd: () => void,
  ) {
    const start = { entry: pathToFileURL(entry).href, contextFile: join(dirname(dirname(entry)), 'context.json'), build: false };
    this.#worker = fork(options.workerScript, renderWorkerArgs(start), {
      execArgv: [`--max-old-space-size=${options.memoryMb}`],
      // Structured clone over the channel: page bytes travel as bytes, not JSON.
      serialization: 'advanced',
      // The worker's own console output goes to the server's (errors of a page are worth seeing).
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    lowerPriority(this.#worker, options.nice);
    this.#worker.on('message', (message: FromWorker) => this.#receive(message));
    this.#worker.on('error', (error) => this.#end(error));
    this.#worker.on('exit', (code, signal) => this.#end(new Error(`render worker berhenti (${signal ?? `kode ${code}`})`)));
    // Neither the process nor its channel keeps the server alive; the worker ends itself when the channel closes.
    this.#worker.unref();
    this.#worker.channel?.unref();
  }

  get busy(): number {
    return this.#pending.size;
  }

  render(url: string, headers?: [string, string][]): Promise<RenderedPage> {
    this.lastUsed = Date.now();
    clearTimeout(this.#idleTimer);
    const id = this.#nextId++;
    return new Promise<RenderedPage>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new Error(`render ${url} melewati ${this.options.timeoutMs} ms`));
        // A stuck render may hold its worker: new pages go to a new one, the pages already here get
        // their time, and the worker is stopped when they are done or after one more timeout.
        this.retire();
        setTimeout(() => void this.stop(), this.options.timeoutMs).unref();
      }, this.options.timeoutMs);
      this.#pending.set(id, { url, resolve, reject, timer });
      this.#post({ type: 'render', id, url, headers });
    });
  }

  /** Ends the worker once nothing is rendering. */
  retire(): void {
    this.retiring = true;
    if (this.#pending.size === 0) void this.stop();
  }

  async stop(): Promise<void> {
    this.ended = true;
    this.onEnd();
    if (this.#worker.exitCode !== null || this.#worker.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.#worker.once('exit', () => resolve()));
    // Waiting for the exit keeps this process up until it happens (the worker is otherwise unref'd).
    this.#worker.ref();
    this.#worker.kill('SIGTERM');
    await exited;
  }

  #post(message: ToWorker): void {
    if (this.#worker.connected) this.#worker.send(message);
  }

  #receive(message: FromWorker): void {
    if (message.type === 'source') {
      void this.#read(message);
      return;
    }
    if (message.type === 'ready' || message.type === 'built') return;
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    clearTimeout(pending.timer);
    if (message.sourceFailure) {
      pending.reject(new SourceFailed(message.sourceFailure, pending.url));
    } else if (message.type === 'rendered') {
      pending.resolve({
        status: message.status,
        headers: message.headers,
        body: Buffer.from(message.body),
        br: message.br && Buffer.from(message.br.buffer, message.br.byteOffset, message.br.byteLength),
        gzip: message.gzip && Buffer.from(message.gzip.buffer, message.gzip.byteOffset, message.gzip.byteLength),
      });
    } else {
      pending.reject(new Error(message.message));
    }
    if (this.#pending.size === 0) {
      if (this.retiring) void this.stop();
      else this.#idleTimer = setTimeout(() => void this.stop(), this.options.idleMs).unref();
    }
  }

  async #read(call: SourceCall): Promise<void> {
    let answer: ToWorker;
    try {
      answer = { type: 'source-answer', id: call.id, ok: true, value: await this.options.reads.read(this.tenant, call.method, call.args) };
      lastFailureLog.delete(this.tenant);
    } catch (error) {
      const failure: SourceFailure = error instanceof ContentReadsBusy ? 'busy' : isDatabaseUnavailable(error) ? 'unavailable' : 'error';
      const message = error instanceof Error ? error.message : String(error);
      // One line when a failure starts, then one every 30 s while it lasts: an outage must show, not flood the log.
      const now = Date.now();
      if (failure !== 'busy' && now - (lastFailureLog.get(this.tenant) ?? 0) >= FAILURE_LOG_EVERY_MS) {
        lastFailureLog.set(this.tenant, now);
        console.error(`[render] ${this.tenant}: sumber konten gagal (${call.method}): ${message}`);
      }
      answer = { type: 'source-answer', id: call.id, ok: false, message, failure };
    }
    if (!this.ended) this.#post(answer);
  }

  #end(error: Error): void {
    if (this.ended && this.#pending.size === 0) return;
    this.ended = true;
    this.onEnd();
    clearTimeout(this.#idleTimer);
    for (const pending of this.#pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    this.#pending.clear();
  }
}
