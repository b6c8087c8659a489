import { UNCACHED_READS } from '~/lib/content/routes';
import type { ContentSource, SourceMethod } from '~/lib/content/source';
import { databaseFailureSummary, isDatabaseUnavailable } from '../db/errors';
import { sourceKey } from './render-protocol';

interface Stored {
  value: unknown;
  storedAt: number;
}

export interface ContentReadsLimits {
  /** Reads running at once (the embedded database runs one query at a time on the server's own thread). */
  active: number;
  /** Reads waiting for a turn; one more is refused at once (`ContentReadsBusy`) rather than queued. */
  waiting: number;
}

/** How long a content-read outage keeps readiness red after its last failure. */
const PROBLEM_MS = 30_000;

/** Too many content reads are running and waiting: the page asking is answered 503, the server stays responsive. */
export class ContentReadsBusy extends Error {
  constructor() {
    super('pembacaan konten sedang penuh');
  }
}

/**
 * The content source as render workers of live builds read it: answers kept per tenant and call for
 * as long as a rendered page stays fresh, and purged with the tenant's pages, so the lists and
 * categories every page of a tenant asks for are read once, and a cold page costs one query for what
 * is new about it. Concurrent identical reads share one call. Only public content passes here, so one
 * tenant's answers are the same for every visitor. The reads of pages rendered for every request
 * (`UNCACHED_READS`, a certificate) are made each time, within the same limits.
 */
export class ContentReads {
  readonly #stored = new Map<string, Stored>();
  readonly #inflight = new Map<string, Promise<unknown>>();
  readonly #generations = new Map<string, number>();
  readonly #queue: (() => void)[] = [];
  #active = 0;
  /** Since when reads meet a database outage, when last, and why; cleared by the next read that works. */
  #failing: { since: number; last: number; summary: string } | undefined;

  constructor(
    private readonly sourceOf: (tenant: string) => Promise<ContentSource>,
    private readonly freshMs: number,
    private readonly limits: ContentReadsLimits = { active: 4, waiting: 64 },
    private readonly maxEntries = 5000,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * What readiness reports while reads meet a database outage: pages rendered on demand are 503s
   * until the source answers again. Only outages (a bug in one query is that page's 500, not a reason
   * to take every tenant out of the load balancer), only the cause (never a query or a visitor's
   * search), and only for `PROBLEM_MS` after the last failure: out of the load balancer, no read may
   * come to clear it, and the database check of readiness still says whether the database answers.
   */
  problems(): string[] {
    const failing = this.#failing;
    if (!failing || this.now() - failing.last > PROBLEM_MS) return [];
    return [`konten tidak dapat dibaca sejak ${new Date(failing.since).toISOString()} (${failing.summary})`];
  }

  #recordFailure(error: unknown): void {
    if (!isDatabaseUnavailable(error)) return;
    const now = this.now();
    this.#failing = { since: this.#failing?.since ?? now, last: now, summary: databaseFailureSummary(error) };
  }

  read(tenant: string, method: SourceMethod, args: unknown[]): Promise<unknown> {
    // A certificate (`UNCACHED_READS`): read for each page, neither kept nor shared, so a revocation
    // shows on the next request even when the purge it announces never came.
    if (UNCACHED_READS.has(method)) {
      return this.#call(tenant, method, args).then(
        (value) => {
          this.#failing = undefined;
          return value;
        },
        (error: unknown) => {
          this.#recordFailure(error);
          throw error;
        },
      );
    }
    const key = `${tenant}\n${sourceKey(method, args)}`;
    const stored = this.#stored.get(key);
    if (stored && this.now() - stored.storedAt <= this.freshMs) return Promise.resolve(stored.value);
    // A read started before a purge is shared only by calls made before it.
    const generation = this.#generations.get(tenant) ?? 0;
    const flight = `${generation}\n${key}`;
    let pending = this.#inflight.get(flight);
    if (!pending) {
      pending = this.#call(tenant, method, args)
        .then((value) => {
          this.#failing = undefined;
          if ((this.#generations.get(tenant) ?? 0) === generation) {
            this.#stored.delete(key);
            this.#stored.set(key, { value, storedAt: this.now() });
            // Oldest first out: a Map iterates in insertion order.
            if (this.#stored.size > this.maxEntries) this.#stored.delete(this.#stored.keys().next().value as string);
          }
          return value;
        })
        .catch((error: unknown) => {
          this.#recordFailure(error);
          throw error;
        })
        .finally(() => this.#inflight.delete(flight));
      this.#inflight.set(flight, pending);
    }
    return pending;
  }

  purge(tenant: string): void {
    this.#generations.set(tenant, (this.#generations.get(tenant) ?? 0) + 1);
    const prefix = `${tenant}\n`;
    for (const key of this.#stored.keys()) if (key.startsWith(prefix)) this.#stored.delete(key);
  }

  async #call(tenant: string, method: SourceMethod, args: unknown[]): Promise<unknown> {
    await this.#turn();
    try {
      const source = await this.sourceOf(tenant);
      return await (source[method] as (...args: unknown[]) => Promise<unknown>)(...args);
    } finally {
      this.#active--;
      this.#queue.shift()?.();
    }
  }

  /** Waits for one of the `limits.active` slots; refuses at once when `limits.waiting` reads wait already. */
  #turn(): Promise<void> {
    if (this.#active < this.limits.active) {
      this.#active++;
      return Promise.resolve();
    }
    if (this.#queue.length >= this.limits.waiting) return Promise.reject(new ContentReadsBusy());
    return new Promise((resolve) =>
      this.#queue.push(() => {
        this.#active++;
        resolve();
      }),
    );
  }
}
