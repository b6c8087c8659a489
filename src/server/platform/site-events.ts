import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';

export const SiteEventSchema = z.object({
  /** The tenant's code. */
  tenant: z.string().min(1),
  reason: z.enum(['content', 'settings', 'tenants', 'build']),
});

/** What changed for a tenant: its content, its settings, its tenant record (hosts, …) or its live build. */
export type SiteEvent = z.infer<typeof SiteEventSchema>;

/** The purge and notification bus: whoever changes a tenant publishes, whoever caches it subscribes. */
export interface SiteEventBus {
  /** Delivers to this process's subscribers at once and, with Redis, to every other process on the same channel. */
  publish(event: SiteEvent): Promise<void>;
  /** Calls `listener` for every event from now on; returns the call that stops it. */
  subscribe(listener: (event: SiteEvent) => void): () => void;
  close(): Promise<void>;
}

/** One process: events reach this process's subscribers only. */
export class LocalSiteEventBus implements SiteEventBus {
  readonly #listeners = new Set<(event: SiteEvent) => void>();

  async publish(event: SiteEvent) {
    this.deliver(event);
  }

  subscribe(listener: (event: SiteEvent) => void) {
    const entry = (event: SiteEvent) => listener(event);
    this.#listeners.add(entry);
    return () => {
      this.#listeners.delete(entry);
    };
  }

  async close() {
    this.#listeners.clear();
  }

  /** Calls every listener; one that throws is logged and the others still hear the event. */
  deliver(event: SiteEvent) {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.error(`[site-events] pendengar gagal menangani ${event.tenant}/${event.reason}:`, error);
      }
    }
  }
}

const MessageSchema = z.object({ origin: z.string(), event: SiteEventSchema });

export interface RedisSiteEventBusOptions {
  /** Start of the channel's name (REDIS_PREFIX, e.g. `lms:`): the channel is `${prefix}site-events`. */
  prefix: string;
}

/**
 * Several processes: every event is published on one Redis channel as JSON tagged with this
 * process's random origin id; each process delivers the others' events to its own subscribers.
 * Redis pub/sub delivers at most once: a process whose subscriber connection is down misses what is
 * published meanwhile (ioredis subscribes again on reconnect), so caches fed by it also need an age limit.
 */
export class RedisSiteEventBus implements SiteEventBus {
  readonly #local = new LocalSiteEventBus();
  readonly #origin = randomUUID();
  readonly #channel: string;

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    options: RedisSiteEventBusOptions,
  ) {
    this.#channel = `${options.prefix}site-events`;
  }

  /**
   * Subscribes on a duplicate of `client` (a subscribing connection can do nothing else) and
   * publishes through `client`, which the caller keeps and closes; `close()` ends the duplicate.
   */
  static async open(client: Redis, options: RedisSiteEventBusOptions): Promise<RedisSiteEventBus> {
    const subscriber = client.duplicate({ lazyConnect: true });
    const bus = new RedisSiteEventBus(client, subscriber, options);
    subscriber.on('message', (channel: string, message: string) => bus.#receive(channel, message));
    logConnectionState(subscriber, 'langganan peristiwa situs');
    try {
      await subscriber.connect();
      await subscriber.subscribe(bus.#channel);
    } catch (error) {
      subscriber.disconnect();
      throw error;
    }
    return bus;
  }

  /**
   * Local subscribers hear the event before this resolves. A failed Redis publish is logged, not
   * thrown: the change it reports is already saved, and other processes' caches still age out.
   */
  async publish(event: SiteEvent) {
    this.#local.deliver(event);
    try {
      await this.publisher.publish(this.#channel, JSON.stringify({ origin: this.#origin, event }));
    } catch (error) {
      console.error(`[site-events] ${event.tenant}/${event.reason} tidak terkirim ke proses lain lewat Redis:`, errorText(error));
    }
  }

  subscribe(listener: (event: SiteEvent) => void) {
    return this.#local.subscribe(listener);
  }

  async close() {
    await this.#local.close();
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }

  #receive(channel: string, message: string) {
    if (channel !== this.#channel) return;
    let parsed: z.infer<typeof MessageSchema>;
    try {
      parsed = MessageSchema.parse(JSON.parse(message));
    } catch {
      console.warn(`[site-events] pesan tidak valid di ${channel} diabaikan: ${message.slice(0, 200)}`);
      return;
    }
    // This process's own events reached its subscribers when they were published.
    if (parsed.origin !== this.#origin) this.#local.deliver(parsed.event);
  }
}

/**
 * Logs a connection that was ready going down, once, and coming back, once, instead of ioredis's
 * "Unhandled error event" per reconnect attempt. Errors before the first ready are the opener's to report.
 */
export function logConnectionState(client: Redis, label: string): void {
  let state: 'opening' | 'up' | 'down' = 'opening';
  client.on('error', (error: unknown) => {
    if (state !== 'up') return;
    state = 'down';
    console.error(`[redis] koneksi ${label} terputus: ${errorText(error)}`);
  });
  client.on('ready', () => {
    if (state === 'down') console.log(`[redis] koneksi ${label} tersambung kembali`);
    state = 'up';
  });
}

/** An error's message (or the thrown value), without its stack. */
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
