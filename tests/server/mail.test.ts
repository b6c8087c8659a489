import { createServer } from 'node:net';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CaughtMail, CaughtMailDetail, OutboxItem } from '~/contract/mailer';
import { loadConfig } from '~/server/config';
import { caughtMails, formSubmissions, mailOutbox, siteCopy, users } from '~/server/db/schema';
import { MailCatcher } from '~/server/mail/catcher';
import { enqueueMail, type MailMessage, staffRecipients } from '~/server/mail/outbox';
import { startMail } from '~/server/mail/service';
import { catcherTransport, type MailTransport } from '~/server/mail/transport';
import { MailWorker } from '~/server/mail/worker';
import { dbKinds, platformFor } from './support/platform';
import { expectApiError, fromAddress, generateAppToken, type IssuedAppToken, OTHER_APP_CODE, signInDemo } from './support/tokens';

/** Indonesian text with emoji and accents, which must arrive exactly as written. */
const SUBJECT = 'Pendaftaran tim — SMK Negeri 1 Cimahi ✨🎓';
const TEXT =
  'Halo Bu Sri Wahyuni,\n\nTim "Garuda Kode" dari Ciamis sudah terdaftar di Liga SMK. Terima kasih! 🙏🇮🇩\nSampai jumpa di babak Slicing Brawl — ñ, é, ü.';
const HTML = '<p>Halo Bu <b>Sri Wahyuni</b>, tim sudah terdaftar 🙏</p>';
/** Waits between attempts in these tests: long, so a message is never due again by itself. */
const BACKOFF = [60_000, 120_000];

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** An SMTP server that refuses every sender with the reply `refusal()` gives (e.g. `451 …`, `550 …`). */
async function refusingServer(refusal: () => { code: number; text: string }) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onMailFrom: (_address, _session, callback) => {
      const { code, text } = refusal();
      callback(Object.assign(new Error(text), { responseCode: code }));
    },
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { port: (server.server.address() as { port: number }).port, close: () => new Promise<void>((done) => server.close(() => done())) };
}

describe.each(await dbKinds())('mail on %s', (kind) => {
  const platform = platformFor(kind);
  let catcher: MailCatcher;
  let demo: IssuedAppToken;
  let other: IssuedAppToken;
  let admin: string;
  let lmsId: string;

  beforeAll(async () => {
    catcher = new MailCatcher({ db: platform.deps.db });
    await catcher.start();
    demo = await generateAppToken(platform);
    other = await generateAppToken(platform, { appCode: OTHER_APP_CODE });
    admin = await signInDemo(platform, 'admin');
    lmsId = demo.tenant.lmsId;
  }, 60_000);
  afterAll(async () => {
    await catcher?.close();
  });

  const db = () => platform.deps.db;
  const message = (overrides: Partial<MailMessage> = {}): MailMessage => ({
    kind: 'team',
    to: ['panitia@nusantaralearning.example'],
    subject: SUBJECT,
    text: TEXT,
    ...overrides,
  });
  const worker = (transport: MailTransport = catcherTransport(catcher.port), options: { batchSize?: number } = {}) =>
    new MailWorker({ db: db(), transport, backoffMs: BACKOFF, log: () => {}, ...options });
  /** Sends whatever is due, so a test starts with nothing waiting. */
  const drain = () => worker().runOnce();
  const row = async (id: number) => {
    const [found] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!found) throw new Error(`no outbox row ${id}`);
    return found;
  };
  /** Seconds until the message is due again, on the database's clock. */
  const secondsUntilDue = async (id: number) => {
    const [found] = await db()
      .select({ s: sql<string>`extract(epoch from ${mailOutbox.nextAttemptAt} - now())` })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id));
    return Number(found?.s);
  };
  /** What would happen once the wait is over: the message is due now. */
  const makeDue = (id: number) => db().update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, id));
  const caughtWith = (subject: string) => db().select().from(caughtMails).where(eq(caughtMails.subject, subject));

  const call = (
    path: string,
    options: { method?: string; body?: unknown; appToken?: string | null; accessToken?: string | null; address?: string } = {},
  ) => {
    const headers: Record<string, string> = {};
    const appToken = options.appToken === undefined ? demo.wire : options.appToken;
    const accessToken = options.accessToken === undefined ? admin : options.accessToken;
    if (appToken) headers.AppToken = appToken;
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    return platform.api.request(
      `/mailer/${path}`,
      {
        method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
        headers,
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      },
      fromAddress(options.address),
    );
  };
  const data = async <T>(res: Response, status = 200): Promise<T> => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return (JSON.parse(text) as { data: T }).data;
  };
  const outbox = async (query = '') => data<{ items: OutboxItem[]; totalItems: number }>(await call(`v1/outbox${query}`));
  const inboxItem = async (subject: string) => {
    const found = (await data<{ items: CaughtMail[] }>(await call('v1/inbox'))).items.find((item) => item.subject === subject);
    if (!found) throw new Error(`"${subject}" not in the inbox`);
    return data<CaughtMailDetail>(await call(`v1/inbox/${found.id}`));
  };

  describe('outbox and delivery', () => {
    it('a mail queued in a transaction that rolls back is never sent', async () => {
      await drain();
      const subject = `${SUBJECT} (batal)`;
      await expect(
        db().transaction(async (tx) => {
          await tx.insert(formSubmissions).values({ lmsId, form: 'coder', email: 'batal@contoh.id', data: {} });
          await enqueueMail(tx, lmsId, message({ subject }));
          throw new Error('pendaftaran gagal');
        }),
      ).rejects.toThrow('pendaftaran gagal');
      expect(await db().$count(mailOutbox, eq(mailOutbox.subject, subject))).toBe(0);
      expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0 });
      expect(await caughtWith(subject)).toEqual([]);
    });

    it('a committed mail goes through a real SMTP conversation and admins read it back intact', async () => {
      const queued = await db().transaction(async (tx) => {
        await tx.insert(formSubmissions).values({ lmsId, form: 'coder', email: 'sri@contoh.id', data: {} });
        return enqueueMail(tx, lmsId, message({ html: HTML, replyTo: 'sri.wahyuni@contoh.id' }));
      });
      expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0 });

      const mail = await inboxItem(SUBJECT);
      expect(mail).toMatchObject({ subject: SUBJECT, to: ['panitia@nusantaralearning.example'], replyTo: 'sri.wahyuni@contoh.id' });
      expect(mail.text.trimEnd()).toBe(TEXT);
      expect(mail.html).toContain('<b>Sri Wahyuni</b>, tim sudah terdaftar 🙏');
      expect(mail.raw).toMatch(new RegExp(`^X-LMS-Id: ${lmsId}\\r?$`, 'im'));
      expect(mail.raw).toMatch(new RegExp(`^X-Outbox-Id: ${queued.id}\\r?$`, 'im'));
      // From: the tenant's title and the default sender address.
      expect(mail.from).toBe('no-reply@localhost');
      expect(mail.raw).toMatch(/^From: .+ <no-reply@localhost>\r?$/m);

      const sent = (await outbox('?status=sent')).items.find((item) => item.id === queued.id);
      expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null, messageId: mail.messageId });
      expect(sent?.sentAt).toEqual(expect.any(String));
    });

    it('an unreachable server: attempts grow with the back-off, the message ends dead for admins, and a retry delivers it', async () => {
      await drain();
      const subject = `${SUBJECT} (port tertutup)`;
      const { id } = await enqueueMail(db(), lmsId, message({ subject }));
      const down = worker(catcherTransport(await closedPort()));

      expect(await down.runOnce()).toEqual({ sent: 0, failed: 1 });
      expect(await row(id)).toMatchObject({ status: 'queued', attempts: 1, lastError: expect.stringMatching(/ECONNREFUSED/) });
      expect(await secondsUntilDue(id)).toBeGreaterThan(50);
      // Not due yet: nothing is tried.
      expect(await down.runOnce()).toEqual({ sent: 0, failed: 0 });

      await makeDue(id);
      expect(await down.runOnce()).toEqual({ sent: 0, failed: 1 });
      expect(await row(id)).toMatchObject({ status: 'queued', attempts: 2 });
      expect(await secondsUntilDue(id)).toBeGreaterThan(110);

      await makeDue(id);
      expect(await down.runOnce()).toEqual({ sent: 0, failed: 1 });
      expect(await row(id)).toMatchObject({ status: 'dead', attempts: 3 });
      await makeDue(id);
      expect(await down.runOnce()).toEqual({ sent: 0, failed: 0 });

      const dead = (await outbox('?status=dead')).items.find((item) => item.id === id);
      expect(dead).toMatchObject({ status: 'dead', attempts: 3, subject, lastError: expect.stringMatching(/ECONNREFUSED/) });
      expect((await outbox()).items.map((item) => item.id)).toContain(id);

      const retried = await data<OutboxItem>(await call(`v1/outbox/${id}/retry`, { method: 'POST' }));
      expect(retried).toMatchObject({ id, status: 'queued', attempts: 0 });
      expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0 });
      expect(await caughtWith(subject)).toHaveLength(1);
      expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      await expectApiError(await call(`v1/outbox/${id}/retry`, { method: 'POST' }), 409);
      await expectApiError(await call('v1/outbox/999999999/retry', { method: 'POST' }), 404);
      await expectApiError(await call('v1/outbox/abc/retry', { method: 'POST' }), 400);
    });

    it('a server answering 4xx then 5xx: retried until dead with its reply kept, then delivered after a retry', async () => {
      await drain();
      let reply = { code: 451, text: '4.3.0 Antrean penuh, coba lagi nanti' };
      const refusing = await refusingServer(() => reply);
      try {
        const subject = `${SUBJECT} (ditolak)`;
        const { id } = await enqueueMail(db(), lmsId, message({ subject }));
        const refused = worker(catcherTransport(refusing.port));
        expect(await refused.runOnce()).toEqual({ sent: 0, failed: 1 });
        expect(await row(id)).toMatchObject({ status: 'queued', attempts: 1, lastError: expect.stringMatching(/^451 .*Antrean penuh/) });
        reply = { code: 550, text: '5.7.1 Pengirim tidak dikenal' };
        for (const attempts of [2, 3]) {
          await makeDue(id);
          expect(await refused.runOnce()).toEqual({ sent: 0, failed: 1 });
          expect(await row(id)).toMatchObject({ attempts, lastError: expect.stringMatching(/^550 .*Pengirim tidak dikenal/) });
        }
        expect((await row(id)).status).toBe('dead');
        expect((await outbox('?status=dead')).items.find((item) => item.id === id)?.lastError).toMatch(/550/);

        expect((await call(`v1/outbox/${id}/retry`, { method: 'POST' })).status).toBe(200);
        expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0 });
        expect(await caughtWith(subject)).toHaveLength(1);
      } finally {
        await refusing.close();
      }
    });

    it('two workers on one database never send a message twice', async () => {
      await drain();
      const subject = `${SUBJECT} (dua worker)`;
      const ids = await Promise.all(
        Array.from({ length: 12 }, (_, i) => enqueueMail(db(), lmsId, message({ subject: `${subject} ${i}` })).then((queued) => queued.id)),
      );
      const [a, b] = [worker(undefined, { batchSize: 2 }), worker(undefined, { batchSize: 2 })];
      const results = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
      expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(12);

      const caught = await db()
        .select()
        .from(caughtMails)
        .where(like(caughtMails.subject, `${subject} %`));
      expect(caught).toHaveLength(12);
      const outboxIds = caught.map((mail) => Number(/^X-Outbox-Id: (\d+)\r?$/im.exec(mail.raw)?.[1]));
      expect(outboxIds.sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
      const rows = await db().select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
      expect(rows.every((sent) => sent.status === 'sent' && sent.attempts === 1)).toBe(true);
    });

    it("a message left 'sending' by a crashed sender is taken over once its lease has run out", async () => {
      await drain();
      const subject = `${SUBJECT} (macet)`;
      const { id } = await enqueueMail(db(), lmsId, message({ subject }));
      // A sender claimed it and died: its lease still runs for an hour.
      await db()
        .update(mailOutbox)
        .set({ status: 'sending', attempts: 1, lockedUntil: sql`now() + interval '1 hour'` })
        .where(eq(mailOutbox.id, id));
      expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0 });
      expect(await caughtWith(subject)).toEqual([]);

      await db().update(mailOutbox).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(mailOutbox.id, id));
      expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0 });
      expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, lockedUntil: null });
      expect(await caughtWith(subject)).toHaveLength(1);
    });

    it('the catcher refuses a message over its size limit with 552 and keeps nothing', async () => {
      const small = new MailCatcher({ db: db(), maxBytes: 2048 });
      const port = await small.start();
      try {
        const subject = `${SUBJECT} (terlalu besar)`;
        const send = catcherTransport(port).sendMail({ from: 'a@contoh.id', to: 'b@contoh.id', subject, text: 'x'.repeat(10_000) });
        await expect(send).rejects.toMatchObject({ responseCode: 552 });
        expect(await caughtWith(subject)).toEqual([]);
      } finally {
        await small.close();
      }
    });
  });

  describe('POST v1/notify', () => {
    const notify = (body: unknown, options: { appToken?: string | null; address?: string } = {}) =>
      call('v1/notify', { body, accessToken: null, ...options });
    const valid = {
      kind: 'request-demo',
      email: 'Budi.Santoso@Contoh.id',
      name: 'Budi Santoso',
      phone: '0812-3456-7890',
      subject: 'Demo untuk SMK kami 🎓',
      message: 'Selamat siang, kami dari SMK Negeri 2 Surakarta ingin melihat demo platform. Terima kasih 🙏',
    };

    it("queues the visitor's message for the tenant's staff only, Reply-To the visitor, and it is delivered", async () => {
      await drain();
      const { id } = await data<{ id: number }>(await notify(valid), 201);
      const queued = await row(id);
      expect(queued).toMatchObject({
        kind: 'request-demo',
        lmsId,
        recipients: await staffRecipients(db(), lmsId),
        replyTo: 'budi.santoso@contoh.id',
      });
      expect(queued.recipients).toEqual(['halo@nusantaralearning.example']);
      expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0 });
      const mail = await inboxItem(queued.subject);
      expect(mail.to).toEqual(['halo@nusantaralearning.example']);
      expect(mail.replyTo).toBe('budi.santoso@contoh.id');
      expect(mail.subject).toContain('Demo untuk SMK kami 🎓');
      expect(mail.text).toContain(valid.message);
      expect(mail.text).toContain('0812-3456-7890');
    });

    it('never sends to an address the caller chose', async () => {
      for (const field of ['to', 'cc', 'bcc', 'recipients']) {
        const body = await expectApiError(await notify({ ...valid, [field]: ['korban@contoh.id'] }), 400);
        expect(body.fields?.map((f) => f.field)).toContain(field);
      }
      // A name or subject cannot add header lines (and with them recipients).
      for (const field of ['name', 'subject']) {
        const body = await expectApiError(await notify({ ...valid, [field]: 'Budi\r\nBcc: korban@contoh.id' }), 400);
        expect(body.fields?.map((f) => f.field)).toEqual([field]);
      }
      const mine = await db().select().from(mailOutbox).where(eq(mailOutbox.lmsId, lmsId));
      expect(mine.flatMap((mail) => mail.recipients).filter((to) => to !== 'halo@nusantaralearning.example')).not.toContain(
        'korban@contoh.id',
      );
      expect(mine.some((mail) => mail.recipients.includes('budi.santoso@contoh.id'))).toBe(false);
    });

    it('answers 400 in Indonesian naming the field, and 401 without an app token', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ ...valid, email: 'bukan-email' }, 'email'],
        [{ ...valid, message: '   ' }, 'message'],
        [{ ...valid, message: 'x'.repeat(5001) }, 'message'],
        [{ ...valid, kind: 'spam' }, 'kind'],
        [{ ...valid, phone: '12345' }, 'phone'],
        [{ ...valid, name: 42 }, 'name'],
      ];
      for (const [body, field] of cases) {
        const error = await expectApiError(await notify(body), 400);
        expect(error.fields?.map((f) => f.field)).toEqual([field]);
        expect(error.message).toMatch(/^Data tidak valid/);
      }
      await expectApiError(await notify(valid, { appToken: null }), 401);
      await expectApiError(await notify(valid, { appToken: `${demo.wire.slice(0, -4)}AAAA` }), 401);
    });

    it('is rate-limited per address with 429 and Retry-After', async () => {
      const address = '10.99.1.1';
      for (let i = 0; i < 5; i++) expect((await notify({ ...valid, email: `batas${i}@contoh.id` }, { address })).status).toBe(201);
      const limited = await notify({ ...valid, email: 'batas9@contoh.id' }, { address });
      await expectApiError(limited.clone(), 429);
      expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect((await notify({ ...valid, email: 'lain@contoh.id' }, { address: '10.99.1.2' })).status).toBe(201);
      await drain();
    });

    it('is rate-limited per visitor e-mail, whatever the address', async () => {
      const email = 'sering@contoh.id';
      for (let i = 0; i < 5; i++) expect((await notify({ ...valid, email }, { address: `10.99.2.${i}` })).status).toBe(201);
      await expectApiError(await notify({ ...valid, email }, { address: '10.99.2.9' }), 429);
      await drain();
    });
  });

  describe('staff recipients', () => {
    it("uses the site's contact e-mail, else the tenant's admins, else its superadmins", async () => {
      const tenant = other.tenant.lmsId;
      expect(await staffRecipients(db(), tenant)).toEqual(['halo@smkcoding.example']);
      const [site] = await db()
        .select({ value: siteCopy.value })
        .from(siteCopy)
        .where(and(eq(siteCopy.lmsId, tenant), eq(siteCopy.key, 'site')));
      const stored = (site?.value ?? {}) as Record<string, unknown>;
      const { contact: _contact, ...withoutContact } = stored;
      await db()
        .update(siteCopy)
        .set({ value: withoutContact })
        .where(and(eq(siteCopy.lmsId, tenant), eq(siteCopy.key, 'site')));
      try {
        expect(await staffRecipients(db(), tenant)).toEqual(['admin@smkcoding.example']);
        await db()
          .update(users)
          .set({ kind: 4 })
          .where(and(eq(users.lmsId, tenant), eq(users.kind, 1)));
        expect(await staffRecipients(db(), tenant)).toEqual(['superadmin@smkcoding.example']);
      } finally {
        await db()
          .update(users)
          .set({ kind: 1 })
          .where(and(eq(users.lmsId, tenant), eq(users.email, 'admin@smkcoding.example')));
        await db()
          .update(siteCopy)
          .set({ value: stored })
          .where(and(eq(siteCopy.lmsId, tenant), eq(siteCopy.key, 'site')));
      }
    });
  });

  describe("admins' outbox and inbox", () => {
    it('are for signed-in admins and superadmins of the tenant only', async () => {
      await data(await call('v1/outbox', { accessToken: await signInDemo(platform, 'superadmin') }));
      await expectApiError(await call('v1/outbox', { accessToken: null }), 401);
      await expectApiError(await call('v1/inbox', { appToken: null }), 401);
      await expectApiError(await call('v1/inbox', { accessToken: await signInDemo(platform, 'student') }), 403);
      await expectApiError(await call('v1/outbox', { accessToken: await signInDemo(platform, 'writer') }), 403);
      // An admin of another tenant, with this tenant's app token.
      const otherAdmin = await signInDemo(platform, 'admin', { tenantCode: 'smkcoding' });
      await expectApiError(await call('v1/outbox', { accessToken: otherAdmin }), 403);
      await expectApiError(await call('v1/inbox', { accessToken: otherAdmin }), 403);
    });

    it("with their own app token, another tenant's admins see none of this tenant's mail", async () => {
      const otherAdmin = await signInDemo(platform, 'admin', { tenantCode: 'smkcoding' });
      const asOther = { appToken: other.wire, accessToken: otherAdmin };
      const [demoMail] = await db().select().from(caughtMails).where(eq(caughtMails.lmsId, lmsId)).limit(1);
      const [demoOutbox] = await db().select().from(mailOutbox).where(eq(mailOutbox.lmsId, lmsId)).limit(1);
      if (!demoMail || !demoOutbox) throw new Error('no demo mail yet');
      const inbox = await data<{ items: CaughtMail[] }>(await call('v1/inbox', asOther));
      expect(inbox.items.map((item) => item.id)).not.toContain(demoMail.id);
      const sent = await data<{ items: OutboxItem[] }>(await call('v1/outbox', asOther));
      expect(sent.items.map((item) => item.id)).not.toContain(demoOutbox.id);
      await expectApiError(await call(`v1/inbox/${demoMail.id}`, asOther), 404);
      await expectApiError(await call(`v1/outbox/${demoOutbox.id}/retry`, { method: 'POST', ...asOther }), 404);
    });

    it('pages 10 at a time, newest first, and filters by status', async () => {
      const page1 = await data<{ items: OutboxItem[]; page: number; perPage: number; totalItems: number; totalPages: number }>(
        await call('v1/outbox'),
      );
      expect(page1.perPage).toBe(10);
      expect(page1.items).toHaveLength(10);
      expect(page1.totalPages).toBe(Math.ceil(page1.totalItems / 10));
      const ids = page1.items.map((item) => item.id);
      expect(ids).toEqual([...ids].sort((x, y) => y - x));
      const page2 = await data<{ items: OutboxItem[]; page: number }>(await call('v1/outbox?page=2'));
      expect(page2.page).toBe(2);
      expect(Math.max(...page2.items.map((item) => item.id))).toBeLessThan(Math.min(...ids));
      const inbox = await data<{ items: CaughtMail[]; perPage: number }>(await call('v1/inbox?page=1'));
      expect(inbox.perPage).toBe(10);
      expect(inbox.items[0]).toEqual({
        id: expect.any(Number),
        from: expect.any(String),
        to: expect.any(Array),
        subject: expect.any(String),
        receivedAt: expect.any(String),
      });
      expect((await outbox('?status=sent')).items.every((item) => item.status === 'sent')).toBe(true);
      const bad = await expectApiError(await call('v1/outbox?status=hilang'), 400);
      expect(bad.fields?.map((f) => f.field)).toEqual(['status']);
      await expectApiError(await call('v1/inbox?page=0'), 400);
      await expectApiError(await call('v1/inbox/999999999'), 404);
    });
  });

  describe('startMail (what npm start and npm run dev run)', () => {
    it('reads its settings from the environment and names a bad variable', () => {
      const mailConfig = (env: Record<string, string>) => loadConfig(env).mail;
      expect(mailConfig({})).toEqual({ smtpUrl: undefined, from: 'no-reply@localhost', catcherPort: 0, pollMs: 5000 });
      expect(mailConfig({ SMTP_URL: 'smtps://u:p@smtp.contoh.id:465', MAIL_FROM: '"Sekolah" <halo@contoh.id>' })).toMatchObject({
        smtpUrl: 'smtps://u:p@smtp.contoh.id:465',
        from: '"Sekolah" <halo@contoh.id>',
      });
      expect(() => mailConfig({ SMTP_URL: 'http://smtp.contoh.id' })).toThrow(/SMTP_URL/);
      expect(() => mailConfig({ MAIL_FROM: 'bukan alamat' })).toThrow(/MAIL_FROM/);
      expect(() => mailConfig({ SMTP_CATCHER_PORT: '70000' })).toThrow(/SMTP_CATCHER_PORT/);
    });

    it("starts the catcher and the worker, and a notify is delivered without waiting for the worker's poll", async () => {
      await drain();
      const mail = await startMail(platform.deps, loadConfig({ MAIL_POLL_MS: '3600000' }));
      try {
        expect(mail.target).toMatch(/^penangkap 127\.0\.0\.1:\d+$/);
        const { id } = await data<{ id: number }>(
          await call('v1/notify', { body: { kind: 'contact', email: 'tanya@contoh.id', message: 'Apakah ada kelas akhir pekan? 😊' } }),
          201,
        );
        await vi.waitFor(async () => expect((await row(id)).status).toBe('sent'), { timeout: 15_000, interval: 50 });
        const caught = await db()
          .select()
          .from(caughtMails)
          .where(eq(caughtMails.messageId, (await row(id)).messageId ?? ''));
        expect(caught).toHaveLength(1);
        expect(caught[0]?.lmsId).toBe(lmsId);
      } finally {
        await mail.close();
      }
      expect(platform.deps.mail).toBeUndefined();
    });
  });
});
