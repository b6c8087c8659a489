import type { IncomingMessage } from 'node:http';
import { forwardedFor, visitorNetwork } from '../http/proxy';

export interface RenderLimitOptions {
  /** Pages one address may have rendered in a row (cache misses; cached pages and static files are never counted). */
  burst: number;
  /** Renders per minute an address earns back after its burst. */
  perMinute: number;
  now?: () => number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Per-address budget of pages rendered on demand (a token bucket): a visitor paging through lists
 * never meets it, a script sending endless new searches from one address is told to wait (429)
 * instead of keeping the render processes and the database busy for everyone. Per process on
 * purpose: it guards this process's cores, and each process behind a load balancer has its own.
 */
export class RenderLimit {
  readonly #buckets = new Map<string, Bucket>();
  readonly #now: () => number;

  constructor(private readonly options: RenderLimitOptions) {
    this.#now = options.now ?? Date.now;
  }

  /** Takes one render from `address`'s budget: undefined when allowed, otherwise the seconds to wait. */
  take(address: string): number | undefined {
    const now = this.#now();
    const { burst, perMinute } = this.options;
    const perMs = perMinute / 60_000;
    const bucket = this.#buckets.get(address) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + (now - bucket.at) * perMs);
    bucket.at = now;
    // Refreshed on every use, so the least recently seen addresses come first when trimming.
    this.#buckets.delete(address);
    this.#buckets.set(address, bucket);
    if (this.#buckets.size > 50_000) this.#trim(now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return undefined;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
  }

  /** Forgets addresses whose budget is full again (they would start from a full bucket anyway). */
  #trim(now: number): void {
    const fullAfterMs = this.options.burst / (this.options.perMinute / 60_000);
    for (const [address, bucket] of this.#buckets) {
      if (now - bucket.at < fullAfterMs) break;
      this.#buckets.delete(address);
    }
  }
}

/**
 * The client's address: behind TRUST_PROXY hops, the X-Forwarded-For entry the outermost trusted
 * proxy appended; otherwise the connection's own address; an IPv6 one as its /64 (`visitorNetwork`).
 */
export function requestAddress(req: IncomingMessage, hops: number): string {
  return visitorNetwork(forwardedFor(req.headers['x-forwarded-for'], hops) ?? req.socket.remoteAddress ?? 'local');
}

/** Whether the address is this machine's own (a reverse proxy on it, or a local client). */
export function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}
