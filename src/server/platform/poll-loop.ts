/**
 * The wake-up loop of a queue worker (the mail outbox, the gateway simulator's callbacks): a pass
 * runs now on `kick()` (coalesced: a kick during a pass runs one more pass right after it), and
 * otherwise after the wait the pass answers (at most the poll interval). Its timers do not keep the
 * process alive; `stop()` waits for the pass under way, which (run through `drain`) puts back what it
 * claimed but did not finish.
 */
export class PollLoop {
  readonly #pass: () => Promise<number | undefined>;
  readonly #pollMs: number;
  readonly #onError: (error: unknown) => void;
  #polling = false;
  #stopping = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerAt = 0;
  #running: Promise<void> | undefined;
  #again = false;

  /**
   * `pass` does the work and answers how long to wait before the next one (undefined: `pollMs`);
   * a pass that throws is reported to `onError` and the loop goes on.
   */
  constructor(options: { pass: () => Promise<number | undefined>; pollMs: number; onError: (error: unknown) => void }) {
    this.#pass = options.pass;
    this.#pollMs = options.pollMs;
    this.#onError = options.onError;
  }

  start(): void {
    if (this.#polling || this.#stopping) return;
    this.#polling = true;
    this.kick();
  }

  /** Runs a pass now (a no-op before `start()`). */
  kick(): void {
    if (!this.#polling) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#clearTimer();
    this.#running = this.#loop().finally(() => {
      this.#running = undefined;
    });
  }

  async stop(): Promise<void> {
    this.#polling = false;
    this.#stopping = true;
    this.#clearTimer();
    await this.#running;
  }

  /**
   * A pass over a leased queue (what both workers' passes are): claims batch after batch until none
   * is due, delivers the rows one at a time and counts each outcome in `done`. Once `stop()` is
   * called it finishes the row in hand and releases the rest of the batch, so another worker (or the
   * next start) sends them instead of waiting out their lease.
   */
  async drain<Row, Outcome extends string>(
    done: Record<Outcome, number>,
    queue: {
      /** Claims the next due rows (none: the pass is over). */
      claim(): Promise<Row[]>;
      /** Delivers one claimed row; undefined when it was no longer this worker's. */
      deliver(row: Row): Promise<Outcome | undefined>;
      /** Puts claimed rows back as they were. */
      release(rows: Row[]): Promise<void>;
    },
  ): Promise<Record<Outcome, number>> {
    while (!this.#stopping) {
      const batch = await queue.claim();
      if (!batch.length) break;
      for (const [index, row] of batch.entries()) {
        if (this.#stopping) {
          await queue.release(batch.slice(index));
          break;
        }
        const outcome = await queue.deliver(row);
        if (outcome) done[outcome]++;
      }
    }
    return done;
  }

  async #loop(): Promise<void> {
    let wait = this.#pollMs;
    do {
      this.#again = false;
      try {
        wait = Math.min(this.#pollMs, (await this.#pass()) ?? this.#pollMs);
      } catch (error) {
        this.#onError(error);
      }
    } while (this.#again && this.#polling);
    if (this.#polling) this.#wakeIn(wait);
  }

  /** Sets the next pass for `ms` from now, unless one is set sooner. */
  #wakeIn(ms: number): void {
    const at = Date.now() + ms;
    if (this.#timer && this.#timerAt <= at) return;
    this.#clearTimer();
    this.#timerAt = at;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.kick();
    }, ms);
    this.#timer.unref?.();
  }

  #clearTimer(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
