import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import type { Db } from '../db/client';
import { caughtMails } from '../db/schema';

/** Largest message the catcher takes (10 MB); a bigger one is refused with `552` and not stored. */
export const CATCHER_MAX_BYTES = 10 * 1024 * 1024;

export interface MailCatcherOptions {
  db: Db;
  /** Port on 127.0.0.1 (default 0: any free port). */
  port?: number | undefined;
  maxBytes?: number | undefined;
  /** Called with the stored row's id after each message (tests wait on it). */
  onCaught?: ((id: number) => void) | undefined;
  log?: ((line: string) => void) | undefined;
}

/**
 * The embedded default's mail server: a real SMTP server (`smtp-server`) on loopback that keeps every
 * message it is sent in `caught_mails`, tagged with the tenant of its `X-LMS-Id` header, for the
 * tenant's admins to read through the API. No authentication (only this machine can reach it) and
 * no TLS; messages over the size limit are refused.
 */
export class MailCatcher {
  readonly #db: Db;
  readonly #maxBytes: number;
  readonly #port: number;
  readonly #onCaught: ((id: number) => void) | undefined;
  readonly #log: (line: string) => void;
  readonly #server: SMTPServer;
  #listening = false;

  constructor(options: MailCatcherOptions) {
    this.#db = options.db;
    this.#port = options.port ?? 0;
    this.#maxBytes = options.maxBytes ?? CATCHER_MAX_BYTES;
    this.#onCaught = options.onCaught;
    this.#log = options.log ?? ((line) => console.log(line));
    this.#server = new SMTPServer({
      name: 'lms-mail-catcher',
      banner: 'penangkap surat LMS',
      size: this.#maxBytes,
      rejectOversized: true,
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      closeTimeout: 2000,
      socketTimeout: 30_000,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        stream.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          // Past the limit the rest is read and dropped; the server answers 552 by itself.
          if (bytes <= this.#maxBytes) chunks.push(chunk);
        });
        stream.on('error', (error) => callback(error));
        stream.on('end', () => {
          if (stream.sizeExceeded) return callback(null);
          this.#store(Buffer.concat(chunks), session.envelope.mailFrom, session.envelope.rcptTo).then(
            (id) => {
              callback(null, `OK: tersimpan sebagai #${id}`);
              this.#onCaught?.(id);
            },
            (error: unknown) => {
              this.#log(`[mail] penangkap tidak dapat menyimpan surat: ${error instanceof Error ? error.message : String(error)}`);
              callback(Object.assign(new Error('Surat tidak dapat disimpan; coba lagi nanti'), { responseCode: 451 }));
            },
          );
        });
      },
    });
    // A client that breaks off mid-conversation is its problem, not the server's.
    this.#server.on('error', (error) => this.#log(`[mail] penangkap: ${error.message}`));
  }

  /** Starts listening on 127.0.0.1; resolves with the port. */
  start(): Promise<number> {
    return new Promise((resolve, reject) => {
      const failed = (error: Error) => reject(error);
      this.#server.server.once('error', failed);
      this.#server.listen(this.#port, '127.0.0.1', () => {
        this.#server.server.off('error', failed);
        this.#listening = true;
        resolve(this.port);
      });
    });
  }

  get port(): number {
    return (this.#server.server.address() as AddressInfo | null)?.port ?? 0;
  }

  /** Stops listening; a conversation in progress gets two seconds to finish. */
  close(): Promise<void> {
    if (!this.#listening) return Promise.resolve();
    this.#listening = false;
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }

  async #store(raw: Buffer, mailFrom: SMTPServerAddress | false, rcptTo: SMTPServerAddress[]): Promise<number> {
    const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
    const lmsId = headerText(parsed, 'x-lms-id');
    const [row] = await this.#db
      .insert(caughtMails)
      .values({
        // Only a tenant that exists: mail naming another (or none) is kept without one, visible to nobody's admins.
        lmsId: lmsId ? sql`(select lms_id from tenants where lms_id = ${lmsId})` : null,
        envelopeFrom: mailFrom ? mailFrom.address : '',
        recipients: rcptTo.map((to) => to.address),
        subject: parsed.subject ?? '',
        messageId: parsed.messageId ?? null,
        // PostgreSQL text takes no NUL byte.
        raw: raw.toString('utf8').replaceAll('\0', ''),
      })
      .returning({ id: caughtMails.id });
    if (!row) throw new Error('baris caught_mails tidak tersimpan');
    return row.id;
  }
}

function headerText(parsed: ParsedMail, name: string): string | undefined {
  const value = parsed.headers.get(name);
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}
