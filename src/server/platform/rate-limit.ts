/**
 * Fixed-window rate limits and progressive delays after failures. The in-memory store counts per
 * process, which is right for one server; behind a load balancer every process shares one count in
 * Redis (`RedisRateLimitStore`, chosen by `openSharedState` when REDIS_URL is set).
 */
export interface RateLimitStore {
  /** Counts one hit on `key` and says how many the current window holds and when it ends. */
  hit(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
  /**
   * One attempt on `key` under a delay rule, in one step so that attempts at the same moment cannot
   * all pass: when `enforce` is set and the delay after the last failure has not passed, refuses
   * (nothing counted); otherwise counts the attempt as a failure, which the caller takes back with
   * `forgive` if it succeeds. Says the failures before this attempt.
   */
  strike(key: string, rule: DelayRule, now: number, enforce: boolean): Promise<Strike>;
  /** Takes back one failure counted on `key`, or with `all` forgets them all. */
  forgive(key: string, all: boolean): Promise<void>;
}

/**
 * Progressive delays: after `free` failures on a key each further attempt waits `firstDelayMs`,
 * doubled per failure up to `maxDelayMs`, counted from the last failure. A key with no failure for
 * `forgetMs` starts again from none.
 */
export interface DelayRule {
  name: string;
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetMs: number;
}

/** The failures on a key before an attempt and, when it was refused, the milliseconds left to wait. */
export interface Strike {
  failures: number;
  waitMs: number;
}

/** The wait after `failures` failures (the Redis store's script computes the same). */
export function delayAfter(rule: DelayRule, failures: number): number {
  return failures < rule.free ? 0 : Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** (failures - rule.free));
}

/**
 * Drops finished entries of `map` once it has grown to `state.at` entries, then, still over `max`,
 * the oldest; the next sweep waits until the map has doubled, so a sweep costs O(1) per insert
 * however many entries are live (a day of per-visitor view windows, a flood of addresses).
 */
function sweep<V>(map: Map<string, V>, finished: (value: V) => boolean, state: { at: number }, max: number): void {
  if (map.size <= state.at) return;
  for (const [key, value] of map) if (finished(value)) map.delete(key);
  // Oldest first (a Map iterates in insertion order): a forgotten window starts afresh, which beats running out of memory.
  for (const key of map.keys()) {
    if (map.size <= max) break;
    map.delete(key);
  }
  state.at = Math.max(SWEEP_FROM, map.size * 2);
}

const SWEEP_FROM = 10_000;

export class MemoryRateLimitStore implements RateLimitStore {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();
  readonly #failures = new Map<string, { count: number; last: number; forgetAt: number }>();
  readonly #windowSweep = { at: SWEEP_FROM };

  /** `maxKeys`: most windows kept in memory (default 200,000, some tens of MB). */
  constructor(private readonly maxKeys = 200_000) {}

  async hit(key: string, windowMs: number, now: number) {
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.#windows.set(key, window);
      sweep(this.#windows, (w) => w.resetAt <= now, this.#windowSweep, this.maxKeys);
    }
    window.count++;
    return { ...window };
  }

  async strike(key: string, rule: DelayRule, now: number, enforce: boolean): Promise<Strike> {
    let entry = this.#failures.get(key);
    if (!entry || entry.forgetAt <= now) {
      entry = { count: 0, last: now, forgetAt: now };
      this.#failures.set(key, entry);
      if (this.#failures.size > 10_000) for (const [k, e] of this.#failures) if (e.forgetAt <= now) this.#failures.delete(k);
    }
    const failures = entry.count;
    const waitMs = enforce && failures > 0 ? entry.last + delayAfter(rule, failures) - now : 0;
    if (waitMs > 0) return { failures, waitMs };
    Object.assign(entry, { count: failures + 1, last: now, forgetAt: now + rule.forgetMs });
    return { failures, waitMs: 0 };
  }

  async forgive(key: string, all: boolean) {
    const entry = this.#failures.get(key);
    if (!entry) return;
    if (all || entry.count <= 1) this.#failures.delete(key);
    else entry.count--;
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

  /**
   * One attempt under a delay rule: `wait` (whole seconds) when it must wait, else it is counted as
   * a failure until `forgive` takes it back. `enforce: false` counts without ever refusing.
   */
  async strike(rule: DelayRule, key: string, enforce = true): Promise<{ failures: number; wait?: number }> {
    const { failures, waitMs } = await this.store.strike(`${rule.name}:${key}`, rule, this.now(), enforce);
    return waitMs > 0 ? { failures, wait: Math.max(1, Math.ceil(waitMs / 1000)) } : { failures };
  }

  /** Takes back the failure counted by the last `strike` on `key`, or with `all` every failure. */
  async forgive(rule: DelayRule, key: string, all = false): Promise<void> {
    await this.store.forgive(`${rule.name}:${key}`, all);
  }
}
