import nodemailer, { type SendMailOptions } from 'nodemailer';

/** What the mail worker needs of a nodemailer transport (tests may hand in their own). */
export interface MailTransport {
  sendMail(message: SendMailOptions): Promise<{ messageId?: string | undefined; rejected?: unknown[] | undefined }>;
  close?(): void;
}

/**
 * Limits of one SMTP conversation, so a server that stops answering fails the attempt (and it is
 * retried) long before the worker's lease on the message runs out.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 };

/** A transport to the SMTP server of `SMTP_URL` (smtp:// with STARTTLS when offered, smtps:// for TLS from the start). */
export function smtpTransport(url: string): MailTransport {
  return nodemailer.createTransport({ url, ...TIMEOUTS });
}

/** A transport to the in-process catcher on 127.0.0.1: plain SMTP on loopback, no credentials. */
export function catcherTransport(port: number): MailTransport {
  return nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, ...TIMEOUTS });
}

/** One line saying why a send failed: the server's reply (`451 4.3.0 …`) or the network error (`ECONNREFUSED …`). */
export function sendErrorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 500);
  const { responseCode, response, code } = error as Error & { responseCode?: number; response?: string; code?: string };
  const text = responseCode && response ? response : `${code && !error.message.includes(code) ? `${code}: ` : ''}${error.message}`;
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}
