import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { type CaughtMail, type CaughtMailDetail, MAIL_PAGE_SIZE, type OutboxItem } from '~/contract/mailer';
import type { Paged } from '~/contract/paged';
import type { Db } from '../db/client';
import { caughtMails, mailOutbox } from '../db/schema';
import { fail } from '../platform/errors';
import { pageOf } from '../platform/paging';

/** What admins read of their tenant's mail: the outbox (with dead letters) and the catcher's inbox, newest first. */

type OutboxStatus = OutboxItem['status'];

const outboxColumns = {
  id: mailOutbox.id,
  kind: mailOutbox.kind,
  to: mailOutbox.recipients,
  replyTo: mailOutbox.replyTo,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  lastError: mailOutbox.lastError,
  messageId: mailOutbox.messageId,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
};
type OutboxRow = { [K in keyof typeof outboxColumns]: (typeof mailOutbox.$inferSelect)[K extends 'to' ? 'recipients' : K] };

const toItem = (row: OutboxRow): OutboxItem => ({
  ...row,
  nextAttemptAt: row.nextAttemptAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

/** A page of MAIL_PAGE_SIZE: the count first, then the rows at the page's offset. */
async function mailPage<T>(page: number, total: Promise<{ n: number }[]>, rows: (offset: number) => Promise<T[]>): Promise<Paged<T>> {
  const [counted] = await total;
  const totalItems = Number(counted?.n ?? 0);
  return pageOf(await rows((page - 1) * MAIL_PAGE_SIZE), page, MAIL_PAGE_SIZE, totalItems);
}

/** A page of the tenant's outbox, optionally of one status. */
export function listOutbox(db: Db, lmsId: string, query: { status?: OutboxStatus | undefined; page: number }): Promise<Paged<OutboxItem>> {
  const where = and(eq(mailOutbox.lmsId, lmsId), query.status ? eq(mailOutbox.status, query.status) : undefined);
  return mailPage(query.page, db.select({ n: count() }).from(mailOutbox).where(where), async (offset) =>
    (
      await db
        .select(outboxColumns)
        .from(mailOutbox)
        .where(where)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(MAIL_PAGE_SIZE)
        .offset(offset)
    ).map(toItem),
  );
}

/** Puts a dead or waiting message back in the queue, due now, with a fresh set of attempts; refuses one not found, sent or sending. */
export async function retryOutbox(db: Db, lmsId: string, id: number): Promise<OutboxItem> {
  const mine = and(eq(mailOutbox.lmsId, lmsId), eq(mailOutbox.id, id));
  const [row] = await db
    .update(mailOutbox)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(and(mine, inArray(mailOutbox.status, ['queued', 'dead'])))
    .returning(outboxColumns);
  if (row) return toItem(row);
  const [other] = await db.select({ status: mailOutbox.status }).from(mailOutbox).where(mine);
  if (!other) throw fail('mailNotFound', { id });
  throw fail(other.status === 'sent' ? 'mailAlreadySent' : 'mailSending', { id });
}

const inboxColumns = {
  id: caughtMails.id,
  from: caughtMails.envelopeFrom,
  to: caughtMails.recipients,
  subject: caughtMails.subject,
  receivedAt: caughtMails.receivedAt,
};

/** A page of what the catcher received for the tenant. */
export function listInbox(db: Db, lmsId: string, page: number): Promise<Paged<CaughtMail>> {
  const where: SQL = eq(caughtMails.lmsId, lmsId);
  return mailPage(page, db.select({ n: count() }).from(caughtMails).where(where), async (offset) =>
    (
      await db
        .select(inboxColumns)
        .from(caughtMails)
        .where(where)
        .orderBy(desc(caughtMails.receivedAt), desc(caughtMails.id))
        .limit(MAIL_PAGE_SIZE)
        .offset(offset)
    ).map((row) => ({ ...row, receivedAt: row.receivedAt.toISOString() })),
  );
}

/** One caught message of the tenant with its body parsed from the raw text, or undefined. */
export async function findCaughtMail(db: Db, lmsId: string, id: number): Promise<CaughtMailDetail | undefined> {
  const [row] = await db
    .select({ ...inboxColumns, messageId: caughtMails.messageId, raw: caughtMails.raw })
    .from(caughtMails)
    .where(and(eq(caughtMails.lmsId, lmsId), eq(caughtMails.id, id)));
  if (!row) return undefined;
  const parsed = await simpleParser(row.raw, { skipImageLinks: true, skipTextToHtml: true });
  return {
    ...row,
    receivedAt: row.receivedAt.toISOString(),
    replyTo: parsed.replyTo?.text ?? null,
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : null,
  };
}
