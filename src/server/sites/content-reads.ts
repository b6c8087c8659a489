import type { ContentSource, SourceMethod } from '~/lib/content/source';
import { sourceKey } from './render-protocol';

interface Stored {
  value: unknown;
  storedAt: number;
}

/**
 * The content source as render workers of live builds read it: answers kept per tenant and call for
 * as long as a rendered page stays fresh, and purged with the tenant's pages, so the lists and
 * categories every page of a tenant asks for are read once, and a cold page costs one query for what
 * is new about it. Concurrent identical reads share one call. Only public content passes here, so one
 * tenant's answers are the same for every visitor.
 */
export class ContentReads {
  readonly #stored = new Map<string, Stored>();
  readonly #inflight = new Map<string, Promise<unknown>>();
  readonly #generations = new Map<string, number>();

  constructor(
    private readonly sourceOf: (tenant: string) => Promise<ContentSource>,
    private readonly freshMs: number,
    private readonly maxEntries = 5000,
    private readonly now: () => number = Date.now,
  ) {}

  read(tenant: string, method: SourceMethod, args: unknown[]): Promise<unknown> {
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
          if ((this.#generations.get(tenant) ?? 0) === generation) {
            this.#stored.delete(key);
            this.#stored.set(key, { value, storedAt: this.now() });
            // Oldest first out: a Map iterates in insertion order.
            if (this.#stored.size > this.maxEntries) this.#stored.delete(this.#stored.keys().next().value as string);
          }
          return value;
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
    const source = await this.sourceOf(tenant);
    return (source[method] as (...args: unknown[]) => Promise<unknown>)(...args);
  }
}
