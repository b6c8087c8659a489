import type { Db, Tx } from '../db/client';
import { mailOutbox } from '../db/schema';

/*
 * The outbox write every feature shares (the mail feature sends what is queued here). In the shared
 * layer so that features the mail feature itself depends on (identity: its guards) can queue mail in
 * their own transactions without an import cycle.
 */

/** A message to staff or a visitor; `kind` says what caused it (`appointment`, `request-demo`, `team`, …). */
export interface MailMessage {
  kind: string;
  to: string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/**
 * Queues `message` for the tenant `lmsId` in `db`, which should be the transaction of what the mail is
 * about: a submission that rolls back takes its mail with it, and a committed one is never without
 * it. The mail worker sends it after the commit (kick it then: `deps.mail?.kick()`).
 */
export async function enqueueMail(db: Db | Tx, lmsId: string, message: MailMessage): Promise<{ id: number }> {
  if (!message.to.length) throw new Error('enqueueMail: tanpa penerima');
  const [row] = await (db as Db)
    .insert(mailOutbox)
    .values({
      lmsId,
      kind: message.kind,
      recipients: message.to,
      replyTo: message.replyTo ?? null,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('enqueueMail: baris outbox tidak tersimpan');
  return row;
}
