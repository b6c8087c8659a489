import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gatewaySimCallbacks } from '../../db/schema';
import { PollLoop } from '../../platform/poll-loop';
import { DEFAULT_CALLBACK_BACKOFF_MS, fromNow } from './callbacks';

const C = gatewaySimCallbacks;
type CallbackRow = typeof C.$inferSelect;

export interface CallbackWorkerOptions {
  db: Db;
  /** Waits between attempts (default DEFAULT_CALLBACK_BACKOFF_MS): `backoffMs.length + 1` attempts in all. */
  backoffMs?: number[] | undefined;
  /** How often to look for due callbacks besides `kick()` (default 1000 ms). */
  pollMs?: number | undefined;
  /** How long one delivery may take (default 10000 ms). */
  timeoutMs?: number | undefined;
  /** How long a claimed callback is held before another worker may take it over (default 60 s). */
  leaseMs?: number | undefined;
  /** Callbacks claimed at once (default 5). */
  batchSize?: number | undefined;
  fetch?: typeof fetch | undefined;
  log?: ((line: string) => void) | undefined;
}

/**
 * Delivers the simulator's callbacks as Duitku does: a form-encoded POST to the merchant's
 * callbackUrl, delivered when it answers HTTP 200, else retried after a growing wait and abandoned
 * after the last. The same pattern as the mail worker (`mail/worker.ts`): any number of workers on
 * one database claim due rows with `FOR UPDATE SKIP LOCKED` and hold them for a lease, so no two
 * post one callback at once; one whose sender died is taken over when its lease runs out.
 */
export class CallbackWorker {
  readonly #db: Db;
  readonly #backoffMs: number[];
  readonly #pollMs: number;
  readonly #timeoutMs: number;
  readonly #leaseMs: number;
  readonly #batchSize: number;
  readonly #fetch: typeof fetch;
  readonly #log: (line: string) => void;
  readonly #loop: PollLoop;

  constructor(options: CallbackWorkerOptions) {
    this.#db = options.db;
    this.#backoffMs = options.backoffMs ?? DEFAULT_CALLBACK_BACKOFF_MS;
    this.#pollMs = options.pollMs ?? 1000;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#leaseMs = options.leaseMs ?? 60_000;
    this.#batchSize = options.batchSize ?? 5;
    this.#fetch = options.fetch ?? fetch;
    this.#log = options.log ?? ((line) => console.log(line));
    this.#loop = new PollLoop({
      pollMs: this.#pollMs,
      // Next pass when the soonest callback falls due (a short retry, a delayed copy), at most pollMs.
      pass: async () => {
        await this.runOnce();
        return this.#untilNextDue();
      },
      onError: (error) => this.#log(`[gateway-sim] antrean callback tidak dapat dibaca: ${errorText(error)}`),
    });
  }

  /** Starts polling; its timers do not keep the process alive on their own. */
  start(): void {
    this.#loop.start();
  }

  /** Looks for due callbacks now, e.g. right after one was queued (a no-op before `start()`). */
  kick(): void {
    this.#loop.kick();
  }

  /** Stops polling and waits for the pass under way; claimed callbacks not yet posted go back to the queue. */
  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /** Posts every callback due now (what each poll does). */
  runOnce(): Promise<{ delivered: number; failed: number }> {
    return this.#loop.drain(
      { delivered: 0, failed: 0 },
      { claim: () => this.#claim(), deliver: (row) => this.#deliver(row), release: (rows) => this.#release(rows) },
    );
  }

  /** Milliseconds until the next callback falls due (a retry after a short wait, a delayed copy), at most pollMs. */
  async #untilNextDue(): Promise<number> {
    const [next] = await this.#db
      .select({
        ms: sql<
          string | null
        >`extract(epoch from min(greatest(${C.nextAttemptAt}, coalesce(${C.lockedUntil}, ${C.nextAttemptAt}))) - now()) * 1000`,
      })
      .from(C)
      .where(and(isNull(C.deliveredAt), isNull(C.abandonedAt)));
    const ms = next?.ms == null ? this.#pollMs : Number(next.ms);
    return Math.min(this.#pollMs, Math.max(10, Math.ceil(ms)));
  }

  /** Claims due callbacks: waiting ones whose time has come and whose lease (if any) ran out. */
  #claim(): Promise<CallbackRow[]> {
    const due = sql`(
      select c.id from gateway_sim_callbacks c
      where c.delivered_at is null and c.abandoned_at is null and c.next_attempt_at <= now()
        and (c.locked_until is null or c.locked_until < now())
      order by c.next_attempt_at, c.id
      limit ${this.#batchSize}
      for update skip locked)`;
    return this.#db
      .update(C)
      .set({ attempts: sql`${C.attempts} + 1`, lockedUntil: fromNow(this.#leaseMs) })
      .where(sql`${C.id} in ${due}`)
      .returning();
  }

  /** Posts one claimed callback and records the outcome; undefined when it was no longer this worker's. */
  async #deliver(row: CallbackRow): Promise<'delivered' | 'failed' | undefined> {
    // A fresh lease for this one: the callbacks before it in the batch may have taken a while.
    const held = await this.#db
      .update(C)
      .set({ lockedUntil: fromNow(this.#leaseMs) })
      .where(owned(row))
      .returning({ id: C.id });
    if (!held.length) return undefined;
    const fields = row.fields as Record<string, string>;
    let status: number | null = null;
    let failure: string | undefined;
    try {
      const response = await this.#fetch(row.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': 'Duitku-Simulator/1.0' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      status = response.status;
      const text = await response.text();
      if (status !== 200) failure = `HTTP ${status}${text.trim() ? `: ${text.trim().replace(/\s+/g, ' ').slice(0, 200)}` : ''}`;
    } catch (error) {
      failure = error instanceof Error && error.name === 'TimeoutError' ? `tidak menjawab dalam ${this.#timeoutMs} ms` : errorText(error);
    }
    if (failure === undefined) {
      await this.#db
        .update(C)
        .set({ deliveredAt: sql`now()`, lockedUntil: null, lastStatus: status, lastError: null })
        // Delivered is delivered: recorded even if the lease ran out meanwhile.
        .where(and(eq(C.id, row.id), isNull(C.deliveredAt)));
      return 'delivered';
    }
    const wait = this.#backoffMs[row.attempts - 1];
    const abandoned = wait === undefined;
    await this.#db
      .update(C)
      .set({
        lockedUntil: null,
        lastStatus: status,
        lastError: failure.slice(0, 500),
        ...(abandoned ? { abandonedAt: sql`now()` } : { nextAttemptAt: fromNow(wait) }),
      })
      .where(owned(row));
    this.#log(
      `[gateway-sim] callback #${row.id} (${fields.merchantOrderId ?? '?'}, resultCode ${fields.resultCode ?? '?'}) percobaan ${row.attempts} gagal: ${failure}${abandoned ? '; percobaan habis' : `; dicoba lagi dalam ${wait} ms`}`,
    );
    return 'failed';
  }

  /** Gives claimed, unposted callbacks back to the queue as they were (stopping mid-batch). */
  async #release(rows: CallbackRow[]): Promise<void> {
    for (const row of rows)
      await this.#db
        .update(C)
        .set({ attempts: sql`${C.attempts} - 1`, lockedUntil: null })
        .where(owned(row));
  }
}

/** The callback as this worker claimed it: still waiting, and not claimed again since (that would have counted an attempt). */
const owned = (row: CallbackRow) => and(eq(C.id, row.id), eq(C.attempts, row.attempts), isNull(C.deliveredAt), isNull(C.abandonedAt));

/** Why a post did not get through (undici puts the system error in `cause`). */
function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  const code = cause && typeof cause === 'object' && 'code' in cause ? String((cause as { code: unknown }).code) : '';
  return (code ? `${error.message} (${code})` : error.message).slice(0, 300);
}
