import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEADERS } from '~/contract/common';
import { ACCOUNT_DELAYS, ADDRESS_DELAYS, signInWaitMessage, waitInWords } from '~/server/identity/sign-in-delays';
import { type DelayRule, delayAfter, MemoryRateLimitStore, RateLimiter, type RateLimitStore } from '~/server/platform/rate-limit';
import { RedisRateLimitStore } from '~/server/platform/rate-limit-redis';
import { connectRedis } from '~/server/platform/shared-state';
import { platformFor } from './support/platform';
import { expectApiError, fromAddress } from './support/tokens';

/**
 * The waits behind sign-in (`sign-in-delays.ts`) on both stores: in process, and in Redis shared by
 * every server process. The API's answers on each database are in security.test.ts.
 */
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const prefix = `lms-test:${process.pid}:${randomBytes(4).toString('hex')}:`;

async function redisReachable(): Promise<boolean> {
  try {
    await (await connectRedis(REDIS_URL)).quit();
    return true;
  } catch {
    return false;
  }
}
const redisUp = await redisReachable();
if (!redisUp && (process.env.CI === 'true' || process.env.LMS_REQUIRE_REDIS === '1')) {
  throw new Error(`CI: Redis ${REDIS_URL} tidak dapat dihubungi; CI wajib menguji jeda masuk di Redis.`);
}

const RULE: DelayRule = { name: 'test-delays', free: 3, firstDelayMs: 1000, maxDelayMs: 8000, forgetMs: 60_000 };

afterEach(() => {
  vi.restoreAllMocks();
});

it('the sign-in waits: an address has 10 free failures, then 1, 2, 4 … s up to a minute, forgotten after 15 minutes', () => {
  expect([0, 9, 10, 11, 12, 15, 16, 17, 100].map((failures) => delayAfter(ADDRESS_DELAYS, failures))).toEqual([
    0, 0, 1000, 2000, 4000, 32_000, 60_000, 60_000, 60_000,
  ]);
  expect(ADDRESS_DELAYS.forgetMs).toBe(15 * 60_000);
});

it('an account is locked after its 5th failure: 5, 10, 20, then at most 30 minutes, forgotten 30 minutes after the last', () => {
  expect([0, 4, 5, 6, 7, 8, 9, 100].map((failures) => delayAfter(ACCOUNT_DELAYS, failures) / 60_000)).toEqual([
    0, 0, 5, 10, 20, 30, 30, 30,
  ]);
  expect(ACCOUNT_DELAYS.forgetMs).toBe(30 * 60_000);
});

it('the lock message says when to try again: minutes rounded up from a minute on, else seconds', () => {
  expect(signInWaitMessage({ by: 'account', wait: 300 })).toBe(
    'Terlalu banyak percobaan masuk yang gagal. Akun ini dikunci sementara; coba lagi dalam 5 menit.',
  );
  expect([59, 60, 61, 1800].map(waitInWords)).toEqual(['59 detik', '1 menit', '2 menit', '30 menit']);
  expect(signInWaitMessage({ by: 'address', wait: 4 })).toBe('Terlalu banyak percobaan masuk; coba lagi dalam 4 detik');
});

/** The same contract for every store; `storeOf` gives one per "process", all sharing what they count. */
function delayContract(storeOf: () => Promise<RateLimitStore>) {
  let clock = 1_000_000;
  beforeAll(() => {
    clock = Date.now();
  });
  const limiterOf = async () => new RateLimiter(await storeOf(), () => clock);
  const key = () => randomBytes(6).toString('hex');

  it('free failures pass; then each attempt waits a doubling delay after the last failure, up to the cap', async () => {
    const limiter = await limiterOf();
    const k = key();
    for (let n = 0; n < 3; n++) expect(await limiter.strike(RULE, k)).toEqual({ failures: n });
    const waits: number[] = [];
    for (let round = 0; round < 5; round++) {
      const refused = await limiter.strike(RULE, k);
      waits.push(refused.wait ?? 0);
      // A refusal counts nothing: the same wait is asked again.
      expect((await limiter.strike(RULE, k)).wait).toBe(refused.wait);
      clock += (refused.wait ?? 0) * 1000;
      expect(await limiter.strike(RULE, k)).toEqual({ failures: 3 + round });
    }
    expect(waits).toEqual([1, 2, 4, 8, 8]);
  });

  it('a count made by one process holds back the next attempt in another', async () => {
    const [first, second] = [await limiterOf(), await limiterOf()];
    const k = key();
    for (let n = 0; n < 3; n++) await (n % 2 ? first : second).strike(RULE, k);
    expect(await second.strike(RULE, k)).toEqual({ failures: 3, wait: 1 });
    expect(await first.strike(RULE, k)).toEqual({ failures: 3, wait: 1 });
  });

  it('attempts at the same moment cannot slip past the count: only the free ones pass', async () => {
    const [first, second] = [await limiterOf(), await limiterOf()];
    const k = key();
    const results = await Promise.all(Array.from({ length: 20 }, (_, n) => (n % 2 ? first : second).strike(RULE, k)));
    expect(results.filter((result) => result.wait === undefined)).toHaveLength(3);
  });

  it('forgive takes back one failure or all; without enforcing, an attempt is counted and never refused', async () => {
    const limiter = await limiterOf();
    const k = key();
    for (let n = 0; n < 4; n++) expect(await limiter.strike(RULE, k, false)).toEqual({ failures: n });
    expect((await limiter.strike(RULE, k)).wait).toBe(2);
    await limiter.forgive(RULE, k);
    expect((await limiter.strike(RULE, k)).wait).toBe(1);
    await limiter.forgive(RULE, k, true);
    expect(await limiter.strike(RULE, k)).toEqual({ failures: 0 });
  });

  it('failures are forgotten once the rule says so after the last one', async () => {
    const limiter = await limiterOf();
    const k = key();
    for (let n = 0; n < 6; n++) await limiter.strike(RULE, k, false);
    clock += RULE.forgetMs - 1;
    expect(await limiter.strike(RULE, k, false)).toEqual({ failures: 6 });
    clock += RULE.forgetMs;
    expect(await limiter.strike(RULE, k)).toEqual({ failures: 0 });
  });
}

describe('failure delays in process', () => {
  const store = new MemoryRateLimitStore();
  delayContract(async () => store);
});

describe.runIf(redisUp)('failure delays on Redis', () => {
  const clients: Redis[] = [];
  afterAll(async () => {
    const admin = await connectRedis(REDIS_URL);
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length) await admin.del(...keys);
    await admin.quit();
    for (const client of clients) await client.quit();
  });
  /** A store on its own connection, as another server process has. */
  const storeOf = async () => {
    const client = await connectRedis(REDIS_URL);
    clients.push(client);
    return new RedisRateLimitStore(client, { prefix });
  };

  delayContract(storeOf);

  it('while Redis is down an attempt goes ahead at once and the outage is logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false });
    const limiter = new RateLimiter(new RedisRateLimitStore(client, { prefix }));
    for (let n = 0; n < 5; n++) expect(await limiter.strike(RULE, 'x')).toEqual({ failures: 0 });
    await limiter.forgive(RULE, 'x');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('batas laju tidak diterapkan'));
    client.disconnect();
  });

  describe('sign-in through the API', () => {
    const platform = platformFor('pglite', { REDIS_URL, REDIS_PREFIX: prefix });
    let lmsId: string;
    let clock = 0;
    beforeAll(async () => {
      lmsId = (await platform.deps.tenants.all()).find((tenant) => tenant.code === 'demo')?.lmsId ?? '';
      clock = Date.now();
    }, 120_000);

    /** The platform as one process of several: its limiter talks to Redis on its own connection. */
    const asProcess = async () => {
      platform.deps.rateLimiter = new RateLimiter(await storeOf(), () => clock);
    };
    const signIn = (address: string, password: string, email = 'admin@demo.example') =>
      platform.api.request(
        '/auth/generate/token',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', [HEADERS.lmsId]: lmsId },
          body: JSON.stringify({ email, password }),
        },
        fromAddress(address),
      );

    it('failures made through one process hold the address back in another; the owner from elsewhere still signs in', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      await asProcess();
      for (let n = 1; n <= 10; n++) await expectApiError(await signIn('203.0.113.60', 'salah', `tebak-${n}@demo.example`), 401);
      for (let n = 1; n <= 31; n++) await expectApiError(await signIn(`192.0.2.${n}`, 'salah'), 401);
      await asProcess();
      const res = await signIn('203.0.113.60', 'demo-admin-2026');
      expect(res.headers.get('Retry-After')).toBe('1');
      expect((await expectApiError(res, 429)).message).toBe('Terlalu banyak percobaan masuk; coba lagi dalam 1 detik');
      expect((await signIn('192.0.2.200', 'demo-admin-2026')).status).toBe(200);
    }, 120_000);

    it('at a school address where classmates mistyped their own passwords, the owner of a locked account still signs in', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      await asProcess();
      // Someone elsewhere locks the teacher's account.
      for (let n = 1; n <= 5; n++) await expectApiError(await signIn('198.51.100.9', 'salah', 'teacher@demo.example'), 401);
      expect((await signIn('198.51.100.9', 'demo-teacher-2026', 'teacher@demo.example')).status).toBe(429);
      // The school's one address: four pupils' typos, each at their own account.
      for (const role of ['student', 'writer', 'partner', 'industry'])
        await expectApiError(await signIn('203.0.113.90', 'salah', `${role}@demo.example`), 401);
      expect((await signIn('203.0.113.90', 'demo-teacher-2026', 'teacher@demo.example')).status).toBe(200);
    }, 120_000);

    it("an account's lock made through one process holds in another", async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      await asProcess();
      for (let n = 1; n <= 5; n++) await expectApiError(await signIn('203.0.113.61', 'salah', 'mentor@demo.example'), 401);
      await asProcess();
      const res = await signIn('203.0.113.61', 'demo-mentor-2026', 'mentor@demo.example');
      expect(res.headers.get('Retry-After')).toBe('300');
      expect((await expectApiError(res, 429)).message).toContain('Akun ini dikunci sementara; coba lagi dalam 5 menit.');
    }, 120_000);
  });
});
