import { PHONE_PATTERN, phoneDigits } from './auth';
import { EMAIL_MESSAGE, queryInt, z } from './mini';

/*
 * The mailer service (SPEC §7, base `/api/mailer/`). `v1/notify` is what a site's form calls to reach
 * the tenant's staff: the message only ever goes to the tenant's own staff address, with the
 * visitor's e-mail as Reply-To, so the call cannot be used to mail anyone else. The admins' calls
 * read the outbox (with its dead letters) and the embedded SMTP catcher's inbox. zod/mini: a form
 * island may validate with `NotifyRequestSchema` itself.
 */

/** What a visitor asks for through `v1/notify`. */
export const NOTIFY_KINDS = ['request-demo', 'appointment', 'contact'] as const;

/** One line of text: no line breaks or other control characters (they would end up in mail headers). */
const noControl = (label: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  z.refine<string>((value) => !/[\u0000-\u001f\u007f]/.test(value), `${label} harus satu baris tanpa karakter kontrol`);

/** POST v1/notify on the mailer base (app token required). */
export const NotifyRequestSchema = z.strictObject({
  kind: z.enum(NOTIFY_KINDS, `Jenis pesan harus salah satu dari: ${NOTIFY_KINDS.join(', ')}`),
  email: z.string('Email wajib diisi').check(z.trim(), z.toLowerCase(), z.maxLength(254, 'Email terlalu panjang'), z.email(EMAIL_MESSAGE)),
  name: z.optional(
    z
      .string()
      .check(z.trim(), z.minLength(2, 'Nama minimal 2 karakter'), z.maxLength(100, 'Nama maksimal 100 karakter'), noControl('Nama')),
  ),
  phone: z.optional(
    z.string().check(
      z.maxLength(20, 'Nomor HP terlalu panjang'),
      z.refine((value) => PHONE_PATTERN.test(phoneDigits(value)), 'Nomor HP harus diawali 08 atau +62, mis. 081234567890'),
    ),
  ),
  subject: z.optional(z.string().check(z.trim(), z.maxLength(150, 'Subjek maksimal 150 karakter'), noControl('Subjek'))),
  message: z
    .string('Pesan wajib diisi')
    .check(z.trim(), z.minLength(1, 'Pesan wajib diisi'), z.maxLength(5000, 'Pesan maksimal 5000 karakter')),
});
export type NotifyRequest = z.infer<typeof NotifyRequestSchema>;

/* Admins of the tenant (admin, superadmin): the outbox and the catcher's inbox, 10 a page, newest first. */

export const MAIL_PAGE_SIZE = 10;
export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'dead'] as const;

/** GET v1/outbox?status=&page= */
export const OutboxQuerySchema = z.strictObject({
  status: z.optional(z.enum(OUTBOX_STATUSES, `status harus salah satu dari: ${OUTBOX_STATUSES.join(', ')}`)),
  page: z._default(queryInt('page'), 1),
});
/** GET v1/inbox?page= */
export const InboxQuerySchema = z.strictObject({ page: z._default(queryInt('page'), 1) });

/** A message of the outbox: dead ones say why in `lastError`. Times are ISO 8601. */
export const OutboxItemSchema = z.object({
  id: z.number(),
  kind: z.string(),
  to: z.array(z.string()),
  replyTo: z.nullable(z.string()),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  nextAttemptAt: z.string(),
  lastError: z.nullable(z.string()),
  messageId: z.nullable(z.string()),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
});
export type OutboxItem = z.infer<typeof OutboxItemSchema>;

/** A message the catcher received for the tenant. */
export const CaughtMailSchema = z.object({
  id: z.number(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  receivedAt: z.string(),
});
export type CaughtMail = z.infer<typeof CaughtMailSchema>;
/** GET v1/inbox/{id}: with the headers that matter, the text (and HTML) body parsed from the raw message, and the raw message. */
export const CaughtMailDetailSchema = z.extend(CaughtMailSchema, {
  messageId: z.nullable(z.string()),
  replyTo: z.nullable(z.string()),
  text: z.string(),
  html: z.nullable(z.string()),
  raw: z.string(),
});
export type CaughtMailDetail = z.infer<typeof CaughtMailDetailSchema>;
