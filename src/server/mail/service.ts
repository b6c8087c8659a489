import type { Config } from '../config';
import type { ApiDeps } from '../context';
import { MailCatcher } from './catcher';
import { catcherTransport, type MailTransport, smtpTransport } from './transport';
import { MailWorker } from './worker';

export interface MailService {
  worker: MailWorker;
  /** The in-process catcher, when mail goes there (no SMTP_URL). */
  catcher: MailCatcher | undefined;
  /** Where mail goes, for the start-up line: `smtp://host:port` or `penangkap 127.0.0.1:<port>`. */
  target: string;
  /** Stops the worker (waiting for the message being sent), then the catcher. */
  close(): Promise<void>;
}

/**
 * Starts this process's mail: the worker that sends the outbox and, without SMTP_URL, the catcher it
 * sends to; sets `deps.mail` so requests that queue mail wake the worker. Every server process may run
 * one (the outbox is shared through the database; each process catches what its own worker sends).
 * `settings.production` (LMS_ENV) only adds a warning when mail would stay in the catcher.
 */
export async function startMail(deps: ApiDeps, settings: Pick<Config, 'mail' | 'production'>): Promise<MailService> {
  const config = settings.mail;
  let catcher: MailCatcher | undefined;
  let transport: MailTransport;
  let target: string;
  if (config.smtpUrl) {
    transport = smtpTransport(config.smtpUrl);
    const url = new URL(config.smtpUrl);
    target = `${url.protocol}//${url.host}`;
  } else {
    catcher = new MailCatcher({ db: deps.db, port: config.catcherPort });
    const port = await catcher.start();
    transport = catcherTransport(port);
    target = `penangkap 127.0.0.1:${port}`;
    if (settings.production)
      console.warn(
        '[mail] SMTP_URL tidak diatur: surat hanya ditangkap di server ini (baca lewat /api/mailer/v1/inbox), tidak sampai ke penerima',
      );
  }
  const worker = new MailWorker({ db: deps.db, transport, from: config.from, pollMs: config.pollMs });
  worker.start();
  deps.mail = worker;
  return {
    worker,
    catcher,
    target,
    close: async () => {
      if (deps.mail === worker) deps.mail = undefined;
      await worker.stop();
      transport.close?.();
      await catcher?.close();
    },
  };
}
