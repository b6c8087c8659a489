import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { mailOutbox, users } from '../db/schema';
import { readCopyKey } from '../tenants';

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

/** Most admin or superadmin addresses one notification goes to. */
const MAX_STAFF_RECIPIENTS = 10;

/**
 * Where the tenant's form notifications go: the contact e-mail of its site copy (`site.contact.email`,
 * the address its footer shows), else its admins' e-mails, else its superadmins'. Empty only for a
 * tenant with none of them. Never another tenant's people: leads stay with their brand.
 */
export async function staffRecipients(db: Db | Tx, lmsId: string): Promise<string[]> {
  const site = (await readCopyKey(db, lmsId, 'site')) as { contact?: { email?: unknown } } | undefined;
  const contact = site?.contact?.email;
  if (typeof contact === 'string' && /^[^\s@<>",]+@[^\s@<>",]+$/.test(contact.trim())) return [contact.trim()];
  for (const kind of [1, 0]) {
    const rows = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.lmsId, lmsId), eq(users.kind, kind)))
      .orderBy(asc(users.createdAt), asc(users.email))
      .limit(MAX_STAFF_RECIPIENTS);
    if (rows.length) return rows.map((row) => row.email);
  }
  return [];
}
