import type { ApiFetch } from './renderers';

/** An API answer as it crosses to a render worker. */
export interface ApiAnswerData {
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
}

interface Stored extends ApiAnswerData {
  storedAt: number;
}

/**
 * The platform API as render workers read it: GET answers kept per tenant and URL for as long as a
 * rendered page stays fresh, and purged with the tenant's pages, so the lists and categories every
 * page of a tenant asks for are read once, and a cold page costs one query for what is new about it.
 * Concurrent identical reads share one call. Only public content reads pass here (the worker holds an
 * app token of its tenant, never a user's), so one tenant's answers are the same for every visitor.
 */
export class ContentReads {
  readonly #stored = new Map<string, Stored>();
  readonly #inflight = new Map<string, Promise<ApiAnswerData>>();
  readonly #generations = new Map<string, number>();

  constructor(
    private readonly api: ApiFetch,
    private readonly freshMs: number,
    private readonly maxEntries = 5000,
    private readonly now: () => number = Date.now,
  ) {}

  async fetch(tenant: string, request: Request): Promise<ApiAnswerData> {
    if (request.method !== 'GET') return this.#call(request);
    const key = `${tenant}\n${request.url}`;
    const stored = this.#stored.get(key);
    if (stored && this.now() - stored.storedAt <= this.freshMs) return stored;
    // A read started before a purge is shared only by calls made before it.
    const generation = this.#generations.get(tenant) ?? 0;
    const flight = `${generation}\n${key}`;
    let pending = this.#inflight.get(flight);
    if (!pending) {
      pending = this.#call(request)
        .then((answer) => {
          if (answer.status === 200 && (this.#generations.get(tenant) ?? 0) === generation) {
            this.#stored.delete(key);
            this.#stored.set(key, { ...answer, storedAt: this.now() });
            // Oldest first out: a Map iterates in insertion order.
            if (this.#stored.size > this.maxEntries) this.#stored.delete(this.#stored.keys().next().value as string);
          }
          return answer;
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

  async #call(request: Request): Promise<ApiAnswerData> {
    const response = await this.api(request);
    return { status: response.status, headers: [...response.headers], body: await response.arrayBuffer() };
  }
}
