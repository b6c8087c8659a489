import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '~/server/config';
import { RateLimiter } from '~/server/platform/rate-limit';
import { RedisRateLimitStore } from '~/server/platform/rate-limit-redis';
import { connectRedis, openSharedState, type SharedState } from '~/server/platform/shared-state';
import { LocalSiteEventBus, RedisSiteEventBus, type SiteEvent } from '~/server/platform/site-events';

/**
 * Several processes behind a load balancer behave as one: they share rate limit counts and hear each
 * other's purges through Redis. Each "process" here has its own connections, as real ones would.
 */
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
/** A fresh key prefix per run, so runs sharing the server never see each other's keys; removed afterwards. */
const prefix = `lms-test:${process.pid}:${randomBytes(4).toString('hex')}:`;

async function redisReachable(): Promise<boolean> {
  try {
    const client = await connectRedis(REDIS_URL);
    await client.quit();
    return true;
  } catch (error) {
    console.error((error as Error).message);
    return false;
  }
}

// As scripts/test.mjs treats PostgreSQL: CI must cover Redis; elsewhere its tests are left out, loudly.
const redisUp = await redisReachable();
if (!redisUp && (process.env.CI === 'true' || process.env.LMS_REQUIRE_REDIS === '1')) {
  throw new Error(`CI: Redis ${REDIS_URL} tidak dapat dihubungi; CI wajib menguji status bersama di Redis.`);
}
if (!redisUp) {
  const line = '!'.repeat(78);
  console.warn(
    `\n${line}\n!! Redis TIDAK DAPAT DIHUBUNGI di ${REDIS_URL}\n` +
      '!! Tes status bersama di Redis dilewati. Jalankan Redis (atau set TEST_REDIS_URL).\n' +
      `${line}\n`,
  );
}

const event = (tenant: string, reason: SiteEvent['reason'] = 'settings'): SiteEvent => ({ tenant, reason });

afterEach(() => {
  vi.restoreAllMocks();
});

describe.runIf(redisUp)('shared state on Redis', () => {
  /** Buses first, then connections: closed after each test, so one test's processes never hear another's. */
  let opened: { close(): Promise<unknown> }[] = [];
  /** One connection of one process. */
  const connection = async () => {
    const client = await connectRedis(REDIS_URL);
    opened.push({ close: () => client.quit() });
    return client;
  };
  const busOf = async () => {
    const bus = await RedisSiteEventBus.open(await connection(), { prefix });
    opened.unshift(bus);
    return bus;
  };
  /** What a listener heard, in order. */
  const heardOn = (bus: { subscribe(listener: (event: SiteEvent) => void): () => void }) => {
    const heard: SiteEvent[] = [];
    bus.subscribe((received) => heard.push(received));
    return heard;
  };

  afterEach(async () => {
    for (const item of opened) await item.close();
    opened = [];
  });

  afterAll(async () => {
    const admin = await connectRedis(REDIS_URL);
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length) await admin.del(...keys);
    expect(await admin.keys(`${prefix}*`)).toEqual([]);
    await admin.quit();
  });

  it('two processes share one count per key and window', async () => {
    const [first, second] = [
      new RedisRateLimitStore(await connection(), { prefix }),
      new RedisRateLimitStore(await connection(), { prefix }),
    ];
    const now = Date.now();
    expect((await first.hit('sign-in:10.0.0.1', 60_000, now)).count).toBe(1);
    expect((await second.hit('sign-in:10.0.0.1', 60_000, now)).count).toBe(2);
    const third = await first.hit('sign-in:10.0.0.1', 60_000, now);
    expect(third.count).toBe(3);
    expect(third.resetAt).toBeGreaterThan(now + 58_000);
    expect(third.resetAt).toBeLessThanOrEqual(now + 60_000);
    // Another address, and the same address under a window of another length, count apart.
    expect((await second.hit('sign-in:10.0.0.2', 60_000, now)).count).toBe(1);
    expect((await second.hit('sign-in:10.0.0.1', 600_000, now)).count).toBe(1);
  });

  it('a window ends and the count starts again', async () => {
    const store = new RedisRateLimitStore(await connection(), { prefix });
    await store.hit('appointment:10.0.0.3', 1000, Date.now());
    expect((await store.hit('appointment:10.0.0.3', 1000, Date.now())).count).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await store.hit('appointment:10.0.0.3', 1000, Date.now())).count).toBe(1);
  });

  it('a limit of 3 across two processes refuses the 4th call, whichever process takes it', async () => {
    const rule = { name: 'token-generate', limit: 3, windowMs: 60_000 };
    const first = new RateLimiter(new RedisRateLimitStore(await connection(), { prefix }));
    const second = new RateLimiter(new RedisRateLimitStore(await connection(), { prefix }));
    expect(await first.check(rule, '10.0.0.4')).toBeUndefined();
    expect(await second.check(rule, '10.0.0.4')).toBeUndefined();
    expect(await first.check(rule, '10.0.0.4')).toBeUndefined();
    const wait = await second.check(rule, '10.0.0.4');
    expect(wait).toBeGreaterThanOrEqual(59);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await first.check(rule, '10.0.0.5')).toBeUndefined();
  });

  it('a purge published in one process reaches subscribers in both, each exactly once', async () => {
    const [first, second] = [await busOf(), await busOf()];
    const [heardFirst, heardSecond] = [heardOn(first), heardOn(second)];
    await first.publish(event('demo'));
    // The publishing process's own subscribers have it before publish resolves.
    expect(heardFirst).toEqual([event('demo')]);
    await vi.waitFor(() => expect(heardSecond).toEqual([event('demo')]));
    // Redis keeps one channel in order: once the first process hears the second's reply, its own echo has come and gone.
    await second.publish(event('pesilat', 'build'));
    await vi.waitFor(() => expect(heardFirst).toHaveLength(2));
    expect(heardFirst).toEqual([event('demo'), event('pesilat', 'build')]);
    expect(heardSecond).toEqual([event('demo'), event('pesilat', 'build')]);
  });

  it('a malformed message on the channel is logged and ignored, and later purges still arrive', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const [listening, publishing] = [await busOf(), await busOf()];
    const heard = heardOn(listening);
    const stranger = await connection();
    await stranger.publish(`${prefix}site-events`, 'bukan json');
    await stranger.publish(`${prefix}site-events`, JSON.stringify({ origin: 'x', event: { tenant: 'demo', reason: 'semua' } }));
    await publishing.publish(event('demo', 'content'));
    await vi.waitFor(() => expect(heard).toEqual([event('demo', 'content')]));
    // Each of the two processes logs each of the two bad messages once.
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(4));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('pesan tidak valid'));
  });

  it('a listener that throws is logged and the other listeners of that process still hear the purge', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const [listening, publishing] = [await busOf(), await busOf()];
    listening.subscribe(() => {
      throw new Error('cache rusak');
    });
    const heard = heardOn(listening);
    await publishing.publish(event('demo', 'tenants'));
    await vi.waitFor(() => expect(heard).toEqual([event('demo', 'tenants')]));
    expect(error).toHaveBeenCalledWith(expect.stringContaining('pendengar gagal menangani demo/tenants'), expect.any(Error));
  });

  it('a purge Redis refuses still reaches this process, and the caller is not failed for it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = await connectRedis(REDIS_URL);
    const bus = await RedisSiteEventBus.open(client, { prefix });
    const heard = heardOn(bus);
    client.disconnect();
    await expect(bus.publish(event('demo'))).resolves.toBeUndefined();
    expect(heard).toEqual([event('demo')]);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('demo/settings tidak terkirim ke proses lain'), expect.any(String));
    await bus.close();
  });

  it('openSharedState with REDIS_URL gives processes one count and one purge channel', async () => {
    const { shared } = loadConfig({ REDIS_URL, REDIS_PREFIX: prefix });
    const states: SharedState[] = [await openSharedState(shared), await openSharedState(shared)];
    opened.unshift(...states);
    const [first, second] = states as [SharedState, SharedState];
    expect([first.kind, second.kind]).toEqual(['redis', 'redis']);
    const now = Date.now();
    await first.rateLimitStore.hit('sign-in:10.0.0.6', 60_000, now);
    expect((await second.rateLimitStore.hit('sign-in:10.0.0.6', 60_000, now)).count).toBe(2);
    const heard = heardOn(second.siteEvents);
    await first.siteEvents.publish(event('demo', 'build'));
    await vi.waitFor(() => expect(heard).toEqual([event('demo', 'build')]));
  });
});

describe('shared state without Redis', () => {
  it('LocalSiteEventBus delivers to every subscriber until it unsubscribes, past one that throws', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const bus = new LocalSiteEventBus();
    bus.subscribe(() => {
      throw new Error('cache rusak');
    });
    const heard: SiteEvent[] = [];
    const stop = bus.subscribe((received) => heard.push(received));
    await bus.publish(event('demo'));
    stop();
    await bus.publish(event('demo', 'content'));
    expect(heard).toEqual([event('demo')]);
    expect(error).toHaveBeenCalledTimes(2);
  });

  it('openSharedState without REDIS_URL keeps counts and purges in the process', async () => {
    const state = await openSharedState(loadConfig({}).shared);
    expect(state.kind).toBe('memory');
    const now = Date.now();
    await state.rateLimitStore.hit('sign-in:10.0.0.7', 60_000, now);
    expect(await state.rateLimitStore.hit('sign-in:10.0.0.7', 60_000, now)).toEqual({ count: 2, resetAt: now + 60_000 });
    const heard: SiteEvent[] = [];
    state.siteEvents.subscribe((received) => heard.push(received));
    await state.siteEvents.publish(event('demo'));
    expect(heard).toEqual([event('demo')]);
    await state.close();
  });

  it('with an unreachable REDIS_URL start-up stops quickly, in Indonesian, without showing the password', async () => {
    const started = performance.now();
    const error = await openSharedState(loadConfig({ REDIS_URL: 'redis://:rahasia@127.0.0.1:1' }).shared).catch(
      (caught: unknown) => caught,
    );
    expect(performance.now() - started).toBeLessThan(4000);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^Redis di redis:\/\/:\*\*\*@127\.0\.0\.1:1 tidak dapat dihubungi: .*ECONNREFUSED/);
    expect((error as Error).message).not.toContain('rahasia');
  });

  it('a REDIS_URL that is not a redis:// address is refused by name, without repeating it', async () => {
    expect(() => loadConfig({ REDIS_URL: 'http://:rahasia@127.0.0.1:6379' })).toThrow(
      'REDIS_URL: harus redis://host:port atau rediss://host:port',
    );
    expect(() => loadConfig({ REDIS_URL: 'http://:rahasia@127.0.0.1:6379' })).not.toThrow('rahasia');
    await expect(connectRedis('http://127.0.0.1:6379')).rejects.toThrow('REDIS_URL tidak valid');
  });

  it('while Redis is down the limiter lets calls through at once and warns once a minute', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // A connection that never came up, as one whose server went away is: not ready, no offline queue.
    const client = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false });
    let now = Date.now();
    const limiter = new RateLimiter(new RedisRateLimitStore(client, { prefix }), () => now);
    const rule = { name: 'sign-in', limit: 1, windowMs: 60_000 };
    const started = performance.now();
    for (let call = 0; call < 3; call++) expect(await limiter.check(rule, '10.0.0.8')).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(500);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('batas laju tidak diterapkan'));
    now += 61_000;
    await limiter.check(rule, '10.0.0.8');
    expect(warn).toHaveBeenCalledTimes(2);
    client.disconnect();
  });
});
