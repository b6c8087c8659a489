/**
 * Fixed-window rate limiting. The in-memory store counts per process, which is right for one server;
 * behind a load balancer every process shares one count in Redis (`RedisRateLimitStore`, chosen by
 * `openSharedState` when REDIS_URL is set).
 */
export interface RateLimitStore {
  /** Counts one hit on `key` and says how many the current window holds and when it ends. */
  hit(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, windowMs: number, now: number) {
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.#windows.set(key, window);
      // Forget finished windows now and then, so memory stays bounded by active keys.
      if (this.#windows.size > 10_000) for (const [k, w] of this.#windows) if (w.resetAt <= now) this.#windows.delete(k);
    }
    window.count++;
    return { ...window };
  }
}

export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
}

export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore = new MemoryRateLimitStore(),
    private readonly now: () => number = Date.now,
  ) {}

  /** Undefined when allowed; otherwise the seconds to wait. */
  async check(rule: RateLimitRule, key: string): Promise<number | undefined> {
    const now = this.now();
    const { count, resetAt } = await this.store.hit(`${rule.name}:${key}`, rule.windowMs, now);
    return count > rule.limit ? Math.max(1, Math.ceil((resetAt - now) / 1000)) : undefined;
  }
}
