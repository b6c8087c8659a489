import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox, tenants } from '../db/schema';
import { PollLoop } from '../platform/poll-loop';
import { DEFAULT_MAIL_FROM, senderDomain } from './config';
import { type MailTransport, sendErrorText } from './transport';

type OutboxRow = typeof mailOutbox.$inferSelect;

/** Waits after the 1st, 2nd, … failed attempt; after the last wait's attempt fails too, the message is dead. */
export const DEFAULT_BACKOFF_MS = [30_000, 120_000, 600_000, 3_600_000, 21_600_000];

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  /** MAIL_FROM: an address shown with the tenant's title, or a whole `"Name" <address>` (default no-reply@localhost). */
  from?: string | undefined;
  /** How often to look for due mail besides `kick()` (default 5000 ms). */
  pollMs?: number | undefined;
  /** How long a claimed message is held before another worker may take it as abandoned (default 2 min). */
  leaseMs?: number | undefined;
  /** Messages claimed at once (default 5). */
  batchSize?: number | undefined;
  /** Waits between attempts (default DEFAULT_BACKOFF_MS): `backoffMs.length + 1` attempts in all. */
  backoffMs?: number[] | undefined;
  log?: ((line: string) => void) | undefined;
}

/**
 * Sends the outbox over SMTP. Any number of workers, in any process, may run on one database: each
 * claims a few due messages with `FOR UPDATE SKIP LOCKED` and holds them for a lease, so no two send
 * the same message; one whose sender died (still `sending` after its lease) is taken over. A failure
 * goes back to the queue after a growing wait, and after the last attempt becomes `dead` for admins
 * to retry. Delivery is at least once: a crash between the server's 250 and the `sent` mark resends,
 * with the same Message-ID and `X-Outbox-Id` so the copy can be recognised.
 */
export class MailWorker {
  readonly #db: Db;
  readonly #transport: MailTransport;
  readonly #from: string;
  readonly #pollMs: number;
  readonly #leaseMs: number;
  readonly #batchSize: number;
  readonly #backoffMs: number[];
  readonly #log: (line: string) => void;
  readonly #loop: PollLoop;

  constructor(options: MailWorkerOptions) {
    this.#db = options.db;
    this.#transport = options.transport;
    this.#from = options.from ?? DEFAULT_MAIL_FROM;
    this.#pollMs = options.pollMs ?? 5000;
    this.#leaseMs = options.leaseMs ?? 120_000;
    this.#batchSize = options.batchSize ?? 5;
    this.#backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.#log = options.log ?? ((line) => console.log(line));
    this.#loop = new PollLoop({
      pollMs: this.#pollMs,
      pass: async () => {
        await this.runOnce();
        return undefined;
      },
      onError: (error) => this.#log(`[mail] outbox tidak dapat dibaca: ${sendErrorText(error)}`),
    });
  }

  /** Starts polling; its timers do not keep the process alive on their own. */
  start(): void {
    this.#loop.start();
  }

  /** Looks for due mail now, e.g. right after a request queued some (a no-op before `start()`). */
  kick(): void {
    this.#loop.kick();
  }

  /** Stops polling and waits for the message being sent; claimed messages not yet sent go back to the queue. */
  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /** Sends every message due now (what each poll does); resolves with how many were sent and how many failed. */
  runOnce(): Promise<{ sent: number; failed: number }> {
    // The tenants' titles (the From name) are read once a batch, for the rows of that batch.
    let titles = new Map<string, string>();
    return this.#loop.drain(
      { sent: 0, failed: 0 },
      {
        claim: async () => {
          const batch = await this.#claim();
          if (batch.length) titles = await this.#titles(batch);
          return batch;
        },
        deliver: (row) => this.#deliver(row, titles.get(row.lmsId)),
        release: (rows) => this.#release(rows),
      },
    );
  }

  /** Claims due messages: queued ones whose time has come, and ones whose sender's lease ran out. */
  #claim(): Promise<OutboxRow[]> {
    const due = sql`(
      select o.id from mail_outbox o
      where (o.status = 'queued' and o.next_attempt_at <= now()) or (o.status = 'sending' and o.locked_until < now())
      order by o.next_attempt_at, o.id
      limit ${this.#batchSize}
      for update skip locked)`;
    return this.#db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, lockedUntil: fromNow(this.#leaseMs) })
      .where(sql`${mailOutbox.id} in ${due}`)
      .returning();
  }

  /** Sends one claimed message and records the outcome; undefined when it was no longer this worker's. */
  async #deliver(row: OutboxRow, title: string | undefined): Promise<'sent' | 'failed' | undefined> {
    // A fresh lease for this message alone: the ones before it in the batch may have taken a while.
    const held = await this.#db
      .update(mailOutbox)
      .set({ lockedUntil: fromNow(this.#leaseMs) })
      .where(owned(row))
      .returning({ id: mailOutbox.id });
    if (!held.length) return undefined;
    let info: Awaited<ReturnType<MailTransport['sendMail']>>;
    try {
      info = await this.#transport.sendMail(this.#compose(row, title));
    } catch (error) {
      const reason = sendErrorText(error);
      const wait = this.#backoffMs[row.attempts - 1];
      const dead = wait === undefined;
      await this.#db
        .update(mailOutbox)
        .set({
          status: dead ? 'dead' : 'queued',
          nextAttemptAt: dead ? sql`now()` : fromNow(wait),
          lockedUntil: null,
          lastError: reason,
        })
        .where(owned(row));
      this.#log(
        `[mail] #${row.id} (${row.kind}) percobaan ${row.attempts} gagal: ${reason}${dead ? '; percobaan habis (dead)' : `; dicoba lagi dalam ${Math.round(wait / 1000)} detik`}`,
      );
      return 'failed';
    }
    const rejected = (info.rejected ?? []).map(String);
    await this.#db
      .update(mailOutbox)
      .set({
        status: 'sent',
        sentAt: sql`now()`,
        lockedUntil: null,
        messageId: info.messageId ?? null,
        lastError: rejected.length ? `ditolak server untuk ${rejected.length} penerima: ${rejected.join(', ')}`.slice(0, 500) : null,
      })
      // Sent is sent: recorded even if the lease ran out meanwhile.
      .where(and(eq(mailOutbox.id, row.id), inArray(mailOutbox.status, ['sending', 'queued'])));
    return 'sent';
  }

  #compose(row: OutboxRow, title: string | undefined) {
    const custom = this.#from.includes('<');
    return {
      from: custom || !title ? this.#from : { name: title, address: this.#from },
      to: row.recipients,
      ...(row.replyTo ? { replyTo: row.replyTo } : {}),
      subject: row.subject,
      text: row.text,
      ...(row.html ? { html: row.html } : {}),
      // The same on every attempt, so a copy sent twice after a crash is recognisable as one message.
      messageId: `<outbox-${row.id}.${row.lmsId.replace(/[^A-Za-z0-9-]/g, '')}@${senderDomain(this.#from)}>`,
      headers: { 'X-LMS-Id': row.lmsId, 'X-Outbox-Id': String(row.id) },
    };
  }

  async #titles(rows: OutboxRow[]): Promise<Map<string, string>> {
    const ids = [...new Set(rows.map((row) => row.lmsId))];
    const found = await this.#db.select({ lmsId: tenants.lmsId, title: tenants.title }).from(tenants).where(inArray(tenants.lmsId, ids));
    return new Map(found.map((tenant) => [tenant.lmsId, tenant.title]));
  }

  /** Gives claimed, unsent messages back to the queue as they were (stopping mid-batch). */
  async #release(rows: OutboxRow[]): Promise<void> {
    for (const row of rows)
      await this.#db
        .update(mailOutbox)
        .set({ status: 'queued', attempts: sql`${mailOutbox.attempts} - 1`, lockedUntil: null })
        .where(owned(row));
  }
}

/** `now() + ms` on the database's clock. */
const fromNow = (ms: number): SQL => sql`now() + (${Math.max(0, Math.round(ms))}::int * interval '1 millisecond')`;

/** The message as this worker claimed it: still sending, and not claimed again since (that would have counted an attempt). */
const owned = (row: OutboxRow) => and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.attempts, row.attempts));
