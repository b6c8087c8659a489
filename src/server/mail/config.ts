/**
 * The mail settings, read once from the environment; a bad value stops the start naming its variable.
 *
 * - `SMTP_URL`: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`; without it
 *   mail goes to the in-process catcher.
 * - `MAIL_FROM`: the sender address (`no-reply@example.id`, shown with the tenant's title), or a
 *   whole `"Name" <address>` used as is. Default `no-reply@localhost`.
 * - `SMTP_CATCHER_PORT`: the catcher's port on 127.0.0.1 (default 0: any free port).
 * - `MAIL_POLL_MS`: how often the worker looks for due mail besides being kicked (default 5000).
 */
export interface MailConfig {
  smtpUrl: string | undefined;
  from: string;
  catcherPort: number;
  pollMs: number;
}

export const DEFAULT_MAIL_FROM = 'no-reply@localhost';

const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+$/;

export function mailConfig(env: NodeJS.ProcessEnv = process.env): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl) {
    let url: URL | undefined;
    try {
      url = new URL(smtpUrl);
    } catch {}
    if (!url || !/^smtps?:$/.test(url.protocol) || !url.hostname)
      throw new Error('SMTP_URL harus smtp://[user:pass@]host[:port] atau smtps://…, mis. smtps://user:rahasia@smtp.contoh.id:465');
  }
  const from = env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM;
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  if (!ADDRESS.test(address) || /[\r\n]/.test(from))
    throw new Error(`MAIL_FROM harus alamat email, mis. no-reply@contoh.id atau "Nama" <no-reply@contoh.id>, bukan "${from}"`);
  return {
    smtpUrl,
    from,
    catcherPort: whole(env, 'SMTP_CATCHER_PORT', 0, 0, 65_535),
    pollMs: whole(env, 'MAIL_POLL_MS', 5000, 100, 3_600_000),
  };
}

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) throw new Error(`${name} harus bilangan bulat ${min}…${max}, bukan "${raw}"`);
  return value;
}

/** The domain of the sender address, for Message-IDs. */
export function senderDomain(from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1) || 'localhost';
}
