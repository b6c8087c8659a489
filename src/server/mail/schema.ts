import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id, lmsId } from '../db/columns';
import { tenants } from '../tenants/schema';

/*
 * Mail: the outbox written in the transaction of what caused it (sent by the worker over SMTP) and the embedded SMTP catcher's inbox.
 */

/**
 * A message to send, written in the same transaction as what it is about, delivered over SMTP by the
 * mail worker: `queued` → `sending` (claimed until `lockedUntil`) → `sent`; failures go back to
 * `queued` with a later `nextAttemptAt`, and after the last attempt to `dead` for admins to see.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    lmsId: lmsId(),
    /** What caused it: `appointment`, `request-demo`, `team`, `school`, `coder`, `notify`, … */
    kind: text('kind').notNull(),
    recipients: text('recipients').array().notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'dead'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lockedUntil: at('locked_until'),
    lastError: text('last_error'),
    /** The SMTP server's Message-ID once sent. */
    messageId: text('message_id'),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
  },
  (table) => [index('mail_outbox_due').on(table.status, table.nextAttemptAt), index('mail_outbox_tenant').on(table.lmsId, table.createdAt)],
);

/** A message the in-process SMTP catcher received (the embedded default's mail server), for admins to read. */
export const caughtMails = pgTable(
  'caught_mails',
  {
    id: id(),
    /** From the message's `X-LMS-Id` header; null for mail that names no tenant. */
    lmsId: text('lms_id').references(() => tenants.lmsId, { onDelete: 'cascade' }),
    envelopeFrom: text('envelope_from').notNull(),
    recipients: text('recipients').array().notNull(),
    subject: text('subject').notNull(),
    messageId: text('message_id'),
    /** The message as received (RFC 5322), at most the catcher's size limit. */
    raw: text('raw').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (table) => [index('caught_mails_tenant').on(table.lmsId, table.receivedAt)],
);
