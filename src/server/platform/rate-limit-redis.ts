import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { DelayRule, RateLimitStore, Strike } from './rate-limit';

export interface RedisRateLimitStoreOptions {
  /** Start of every key (REDIS_PREFIX, e.g. `lms:`), so deployments and test runs sharing a Redis stay apart. */
  prefix: string;
}

/** At most one "Redis is down" warning per this many milliseconds. */
const WARN_EVERY_MS = 60_000;

/**
 * `strike` in one step on the server (see `RateLimitStore.strike`): a hash of the failures and the
 * time of the last one. The clock is the caller's, as in the in-memory store; the key's own expiry
 * only clears keys nobody uses any more. The delay is `delayAfter` of rate-limit.ts.
 * ARGV: now, enforce (1/0), free, firstDelayMs, maxDelayMs, forgetMs. Returns { failures, waitMs }.
 */
const STRIKE = `
local now, enforce = tonumber(ARGV[1]), ARGV[2] == '1'
local free, first, max, forget = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local n = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
local last = tonumber(redis.call('HGET', KEYS[1], 'last') or '0')
if now - last >= forget then n = 0 end
if enforce and n >= free then
  local wait = last + math.min(max, first * 2 ^ (n - free)) - now
  if wait > 0 then return { n, math.ceil(wait) } end
end
redis.call('HSET', KEYS[1], 'n', n + 1, 'last', now)
redis.call('PEXPIRE', KEYS[1], forget)
return { n, 0 }
`;

/** `forgive` of one failure: the count goes down by one, never below none. */
const FORGIVE_ONE = `
local n = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
if n > 1 then redis.call('HSET', KEYS[1], 'n', n - 1) else redis.call('DEL', KEYS[1]) end
return 0
`;

/**
 * Fixed windows and failure delays counted in Redis, so every process behind a load balancer shares
 * one count per key. Windows are whole seconds (Redis `EX`): a window below a second lasts one,
 * others round up.
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

  async strike(key: string, rule: DelayRule, now: number, enforce: boolean): Promise<Strike> {
    const args = [now, enforce ? 1 : 0, rule.free, rule.firstDelayMs, rule.maxDelayMs, rule.forgetMs];
    try {
      const [failures, waitMs] = (await this.client.eval(STRIKE, 1, this.#failuresKey(key), ...args)) as [number, number];
      return { failures, waitMs };
    } catch (error) {
      this.#warn(error, now);
      return { failures: 0, waitMs: 0 };
    }
  }

  async forgive(key: string, all: boolean) {
    try {
      if (all) await this.client.del(this.#failuresKey(key));
      else await this.client.eval(FORGIVE_ONE, 1, this.#failuresKey(key));
    } catch (error) {
      this.#warn(error, Date.now());
    }
  }

  #failuresKey(key: string): string {
    return `${this.options.prefix}failures:${key}`;
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
