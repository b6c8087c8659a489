import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { RateLimitStore } from './rate-limit';

export interface RedisRateLimitStoreOptions {
  /** Start of every key (REDIS_PREFIX, e.g. `lms:`), so deployments and test runs sharing a Redis stay apart. */
  prefix: string;
}

/** At most one "Redis is down" warning per this many milliseconds. */
const WARN_EVERY_MS = 60_000;

/**
 * Fixed windows counted in Redis, so every process behind a load balancer shares one count per key.
 * Windows are whole seconds (Redis `EX`): a window below a second lasts one, others round up.
 *
 * When Redis does not answer (down, reconnecting, or slower than the client's command timeout), a
 * hit fails open: it is counted as allowed and a warning is logged at most once a minute. A rate
 * limiter outage must not take the site down, and the limits it guards (sign-in, forms) are a brake
 * on abuse, not the only defence. The call never waits for a reconnect: `rejectIfRedisNotReady`
 * refuses at once while the connection is not ready.
 */
export class RedisRateLimitStore implements RateLimitStore {
  /** One limiter per window length, made on first use; the rule names are part of the keys. */
  readonly #limiters = new Map<number, RateLimiterRedis>();
  #warnedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly client: Redis,
    private readonly options: RedisRateLimitStoreOptions,
  ) {}

  async hit(key: string, windowMs: number, now: number) {
    try {
      const { consumedPoints, msBeforeNext } = await this.#limiterFor(windowMs).consume(key);
      return { count: consumedPoints, resetAt: now + msBeforeNext };
    } catch (error) {
      this.#warn(error, now);
      return { count: 0, resetAt: now + windowMs };
    }
  }

  #limiterFor(windowMs: number): RateLimiterRedis {
    const seconds = Math.max(1, Math.ceil(windowMs / 1000));
    let limiter = this.#limiters.get(seconds);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: this.client,
        keyPrefix: `${this.options.prefix}rate-limit:${seconds}s`,
        // RateLimiter compares the count with each rule's limit; this limiter only counts, never refuses.
        points: Number.MAX_SAFE_INTEGER,
        duration: seconds,
        rejectIfRedisNotReady: true,
      });
      this.#limiters.set(seconds, limiter);
    }
    return limiter;
  }

  #warn(error: unknown, now: number) {
    if (now - this.#warnedAt < WARN_EVERY_MS) return;
    this.#warnedAt = now;
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`[rate-limit] Redis tidak menjawab (${reason}); batas laju tidak diterapkan sampai Redis kembali`);
  }
}
