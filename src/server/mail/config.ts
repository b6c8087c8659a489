import type { Config } from '../config';

/**
 * The mail settings (`config.mail`, read by src/server/config.ts; a bad value stops the start naming
 * its variable):
 *
 * - `smtpUrl` (`SMTP_URL`): `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`;
 *   without it mail goes to the in-process catcher.
 * - `from` (`MAIL_FROM`): the sender address (`no-reply@example.id`, shown with the tenant's title), or a
 *   whole `"Name" <address>` used as is. Default `no-reply@localhost`.
 * - `catcherPort` (`SMTP_CATCHER_PORT`): the catcher's port on 127.0.0.1 (default 0: any free port).
 * - `pollMs` (`MAIL_POLL_MS`): how often the worker looks for due mail besides being kicked (default 5000).
 */
export type MailConfig = Config['mail'];

export { DEFAULT_MAIL_FROM } from '../config';

/** The domain of the sender address, for Message-IDs. */
export function senderDomain(from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1) || 'localhost';
}
