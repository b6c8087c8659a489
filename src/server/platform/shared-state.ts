import { Redis } from 'ioredis';
import type { Config } from '../config';
import { MemoryRateLimitStore, type RateLimitStore } from './rate-limit';
import { RedisRateLimitStore } from './rate-limit-redis';
import { errorText, LocalSiteEventBus, logConnectionState, RedisSiteEventBus, type SiteEventBus } from './site-events';

/** What several server processes behind a load balancer must share to behave as one. */
export interface SharedState {
  rateLimitStore: RateLimitStore;
  siteEvents: SiteEventBus;
  /** 'memory' or 'redis' */
  kind: 'memory' | 'redis';
  close(): Promise<void>;
}

/** How long start-up waits for Redis before giving up. */
const CONNECT_TIMEOUT_MS = 3000;

/**
 * `redisUrl` (REDIS_URL) set → Redis (key prefix `redisPrefix`, REDIS_PREFIX), else in-process. Fails
 * start-up with a clear Indonesian message if Redis cannot be reached within a few seconds.
 */
export async function openSharedState(settings: Config['shared']): Promise<SharedState> {
  const { redisUrl, redisPrefix: prefix } = settings;
  if (!redisUrl) {
    const siteEvents = new LocalSiteEventBus();
    return { kind: 'memory', rateLimitStore: new MemoryRateLimitStore(), siteEvents, close: () => siteEvents.close() };
  }
  const client = await connectRedis(redisUrl);
  try {
    const siteEvents = await RedisSiteEventBus.open(client, { prefix });
    return {
      kind: 'redis',
      rateLimitStore: new RedisRateLimitStore(client, { prefix }),
      siteEvents,
      close: async () => {
        await siteEvents.close();
        await client.quit().catch(() => client.disconnect());
      },
    };
  } catch (error) {
    client.disconnect();
    throw new Error(`Redis di ${shownUrl(redisUrl)} tidak dapat dihubungi: ${errorText(error)}`, { cause: error });
  }
}

/**
 * Opens a Redis connection for calls that must fail fast rather than wait: no offline queue (a call
 * while disconnected is refused at once), a one-second command timeout, no retry of a call cut off
 * by a lost connection. The connection itself keeps reconnecting in the background. Resolves once
 * ready; otherwise rejects with an Indonesian message naming the server (without its password).
 */
export async function connectRedis(url: string): Promise<Redis> {
  const shown = shownUrl(url);
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 1000,
    connectTimeout: CONNECT_TIMEOUT_MS,
  });
  // The socket's own error (ECONNREFUSED, ENOTFOUND, a refused password) says more than "Connection is closed".
  let firstError: unknown;
  const remember = (error: unknown) => {
    firstError ??= error;
  };
  client.on('error', remember);
  logConnectionState(client, 'Redis');
  const silence = new Error(`tidak ada jawaban dalam ${CONNECT_TIMEOUT_MS / 1000} detik`);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.connect(),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(silence), CONNECT_TIMEOUT_MS))),
    ]);
    return client;
  } catch (error) {
    client.disconnect();
    const reason = error === silence ? silence : (firstError ?? error);
    throw new Error(`Redis di ${shown} tidak dapat dihubungi: ${errorText(reason)}`, { cause: reason });
  } finally {
    clearTimeout(timer);
    client.off('error', remember);
  }
}

/** The URL for messages, its password hidden; refuses what is not a redis:// or rediss:// URL. */
function shownUrl(url: string): string {
  const parsed = URL.parse(url);
  // The text itself is not repeated: it may hold a password.
  if (!parsed || !/^rediss?:$/.test(parsed.protocol))
    throw new Error('REDIS_URL tidak valid: harus berbentuk redis://host:port atau rediss://host:port');
  if (parsed.password) parsed.password = '***';
  return parsed.href;
}
