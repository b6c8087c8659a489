import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '~/contract/payments';
import type { ApiClient } from '~/lib/api';
import { getChapter } from '~/lib/api/courses';
import { ApiRequestError } from '~/lib/api/errors';
import { classEnrolment, createInvoice, paymentDetail, paymentStatus, repayInvoice } from '~/lib/api/payments';
import { loadConfig } from '~/server/config';
import {
  classes,
  enrolments,
  invoiceEvents,
  invoices,
  ledgerEntries,
  ledgerTransactions,
  mailOutbox,
  paymentAccounts,
  paymentCallbacks,
  users,
} from '~/server/db/schema';
import { callbackSignature } from '~/server/payments/duitku';
import { reconcileInvoices } from '~/server/payments/invoices';
import { unbalancedTransactions } from '~/server/payments/ledger';
import { appClientOf, signInAs, tenantOf } from './support/api-client';
import { signUpLearner } from './support/identity';
import { expectLedgerBalanced, servePayments } from './support/payments';
import { dbKinds, platformFor } from './support/platform';

/*
 * Class payments on the embedded Duitku simulator, as a learner, the gateway and a forger meet them.
 * The platform API listens on a real port: the gateway client, the payment page and the simulator's
 * callbacks all go over HTTP, as in production. After every test the books balance.
 */

/** Open for registration, Rp350.000, mentor rizky-pratama, quota 100: most tests pay for this one. */
const JS = 'javascript-dasar-untuk-pemula';
const JS_TOTAL = 388_500;
const ALREADY_ENROLLED = 'Anda sudah terdaftar di kelas ini';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Calls `probe` until it answers something other than undefined; fails naming `what` after `timeoutMs`. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`tidak terjadi dalam ${timeoutMs} ms: ${what}`);
    await sleep(25);
  }
}

interface SimCallback {
  id: number;
  resultCode: string;
  attempts: number;
  lastStatus: number | null;
  deliveredAt: string | null;
  abandonedAt: string | null;
}
interface SimView {
  transaction: { statusCode: string; storedStatusCode: string; merchantOrderId: string };
  callbacks: SimCallback[];
}

describe.each(await dbKinds())('class payments on %s', (kind) => {
  // Fast retries, and enough of them (3 s in all) that a test can change the gateway's answer between two.
  const platform = platformFor(kind, { GATEWAY_SIM_BACKOFF_MS: '50,100,200,400,800,1600', GATEWAY_SIM_POLL_MS: '50' });
  let served: Awaited<ReturnType<typeof servePayments>>;
  let lmsId: string;
  let origin: string;

  beforeAll(async () => {
    served = await servePayments(platform);
    origin = served.origin;
    lmsId = (await tenantOf(platform)).lmsId;
  }, 120_000);
  afterAll(async () => {
    await served?.close();
  });
  afterEach(async () => {
    const db = platform.deps.db;
    await expectLedgerBalanced(db);
  });

  const learner = async (email: string): Promise<ApiClient> => {
    const client = await appClientOf(platform);
    client.setCredentials({ accessToken: await signUpLearner(platform, lmsId, email) });
    return client;
  };

  /* ---------- what the database holds ---------- */

  const userId = async (email: string) => {
    const [row] = await platform.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  };
  const invoiceRow = async (merchantOrderId: string) => {
    const [row] = await platform.deps.db.select().from(invoices).where(eq(invoices.merchantOrderId, merchantOrderId));
    if (!row) throw new Error(`no invoice ${merchantOrderId}`);
    return row;
  };
  /** What paying leaves behind: enrolments in the class, class-payment ledger transactions, receipts. */
  const settled = async (merchantOrderId: string, email: string) => {
    const db = platform.deps.db;
    const row = await invoiceRow(merchantOrderId);
    const enrolled = await db
      .select({ id: enrolments.id })
      .from(enrolments)
      .where(and(eq(enrolments.classId, row.classId), eq(enrolments.userId, row.userId)));
    const postings = await db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.invoiceId, row.id), eq(ledgerTransactions.kind, 'class-payment')));
    const receipts = await db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'payment-receipt'), sql`${email} = any(${mailOutbox.recipients})`));
    return { status: row.status, enrolments: enrolled.length, postings: postings.length, receipts: receipts.length };
  };
  const callbacksOf = async (merchantOrderId: string) => {
    const row = await invoiceRow(merchantOrderId);
    return platform.deps.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.invoiceId, row.id)).orderBy(asc(paymentCallbacks.id));
  };
  const eventsOf = async (merchantOrderId: string) => {
    const row = await invoiceRow(merchantOrderId);
    return platform.deps.db
      .select({ from: invoiceEvents.fromStatus, to: invoiceEvents.toStatus, actor: invoiceEvents.actor, note: invoiceEvents.note })
      .from(invoiceEvents)
      .where(eq(invoiceEvents.invoiceId, row.id))
      .orderBy(asc(invoiceEvents.id));
  };
  const merchantAccount = async () => {
    const [row] = await platform.deps.db.select().from(paymentAccounts).where(eq(paymentAccounts.lmsId, lmsId));
    if (!row) throw new Error('demo tenant has no payment account');
    return row;
  };

  /* ---------- the gateway's side ---------- */

  const simCall = async (path: string, body?: unknown) => {
    const response = await fetch(`${origin}/api/sim/duitku${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      ...(body !== undefined && { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as SimView };
  };
  /** Sets where the transaction stands at the gateway, sending nothing (a lost callback, a late payment). */
  const gatewaySays = async (invoice: Invoice, statusCode: '00' | '01' | '02') => {
    const answer = await simCall(`/sim/transactions/${invoice.reference}`, { statusCode });
    expect(answer.status).toBe(200);
    expect(answer.body.transaction.storedStatusCode).toBe(statusCode);
  };
  /** Queues signed callbacks at the simulator, posted by its worker with its retries. */
  const gatewaySends = async (invoice: Invoice, resultCode: '00' | '01' | '02', copies = 1) => {
    const answer = await simCall('/sim/callbacks', { reference: invoice.reference, resultCode, copies });
    expect(answer.status).toBe(202);
  };
  const simView = async (invoice: Invoice) => (await simCall(`/sim/transactions/${invoice.reference}`)).body;
  /** Waits until the simulator has no callback of the invoice left to post, and returns them. */
  const allPosted = (invoice: Invoice) =>
    until(`every callback of ${invoice.merchantOrderId} delivered`, async () => {
      const { callbacks } = await simView(invoice);
      return callbacks.every((callback) => callback.deliveredAt) ? callbacks : undefined;
    });
  /** The payer's choice on the gateway's page (invoice.paymentUrl as the gateway gave it). */
  const onPayPage = (invoice: Invoice, action: 'pay' | 'fail' | 'expire') =>
    fetch(invoice.paymentUrl as string, { method: 'POST', body: new URLSearchParams({ action }), redirect: 'manual' });

  /** Callback fields signed as the gateway signs them, with the tenant's key. */
  const signedFields = async (invoice: Invoice, resultCode: string, change: { merchantCode?: string; amount?: string } = {}) => {
    const account = await merchantAccount();
    const merchantCode = change.merchantCode ?? account.merchantCode;
    const amount = change.amount ?? String(invoice.total);
    return {
      merchantCode,
      amount,
      merchantOrderId: invoice.merchantOrderId,
      productDetail: `Kelas ${invoice.className}`,
      additionalParam: '',
      paymentCode: 'VA',
      resultCode,
      merchantUserId: '',
      reference: invoice.reference ?? '',
      signature: callbackSignature(merchantCode, amount, invoice.merchantOrderId, account.apiKey),
    };
  };
  const postCallback = async (fields: Record<string, string>) => {
    const response = await fetch(`${origin}/api/v1/class/payment/callback`, { method: 'POST', body: new URLSearchParams(fields) });
    return { status: response.status, body: (await response.json()) as { message: string } };
  };

  it('a learner pays on the gateway page and is enrolled once', async () => {
    const client = await learner('bayar1@contoh.id');
    const invoice = await createInvoice(client, 'bootcamp-fullstack-web-batch-3');
    expect(invoice).toMatchObject({ status: 'pending', amount: 4_500_000, vat: 495_000, total: 4_995_000 });
    expect(invoice.paymentUrl).toMatch(/\/api\/sim\/duitku\/pay\//);
    const again = await createInvoice(client, 'bootcamp-fullstack-web-batch-3');
    expect(again.merchantOrderId).toBe(invoice.merchantOrderId);
    const pay = await fetch(invoice.paymentUrl as string, {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay' }),
      redirect: 'manual',
    });
    expect(pay.status).toBe(303);
    const back = new URL(pay.headers.get('Location') ?? '');
    expect(back.searchParams.get('resultCode')).toBe('00');
    const detail = await paymentDetail(client, { merchantOrderId: invoice.merchantOrderId });
    expect(detail).toMatchObject({ status: 'paid', enrolled: true });
    const [user] = await platform.deps.db.select().from(users).where(eq(users.email, 'bayar1@contoh.id'));
    const rows = await platform.deps.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.userId, user?.id ?? '')));
    expect(rows).toHaveLength(1);
    // The callback arrives too and changes nothing.
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const [row] = await platform.deps.db.select().from(invoices).where(eq(invoices.merchantOrderId, invoice.merchantOrderId));
      if (row?.status === 'paid') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await unbalancedTransactions(platform.deps.db)).toEqual([]);
  });

  it("signs callbacks as Duitku's documentation does", () => {
    expect(callbackSignature('D0001', 10000, '12345', '732B39FC61796845775D2C4FB05332AF')).toBe('4104f20a70c933113c66c004fe25a9f1');
    expect(callbackSignature('D0001', '10000', '12345', '732B39FC61796845775D2C4FB05332AF')).toBe('4104f20a70c933113c66c004fe25a9f1');
  });

  describe('callbacks posted to the merchant', () => {
    it('refuses a forged signature, another merchant code and another amount, changing nothing', async () => {
      const email = 'palsu@contoh.id';
      const invoice = await createInvoice(await learner(email), JS);
      const forged = { ...(await signedFields(invoice, '00')), signature: 'a'.repeat(32) };
      expect(await postCallback(forged)).toMatchObject({ status: 401 });
      // Signed with the right key over the wrong code: the code is checked before anything else.
      const foreign = await signedFields(invoice, '00', { merchantCode: 'D0001' });
      expect((await postCallback(foreign)).status).toBe(400);
      const cheaper = await signedFields(invoice, '00', { amount: '10000' });
      expect(await postCallback(cheaper)).toMatchObject({ status: 400, body: { message: expect.stringContaining('amount') } });
      // Even with the gateway saying paid, none of them counts.
      await gatewaySays(invoice, '00');
      expect((await postCallback(forged)).status).toBe(401);
      expect((await postCallback(cheaper)).status).toBe(400);
      expect(await settled(invoice.merchantOrderId, email)).toEqual({ status: 'pending', enrolments: 0, postings: 0, receipts: 0 });
      expect((await callbacksOf(invoice.merchantOrderId)).map((row) => [row.httpStatus, row.outcome])).toEqual([
        [401, 'refused'],
        [400, 'refused'],
        [400, 'refused'],
        [401, 'refused'],
        [400, 'refused'],
      ]);
      // An order nobody issued.
      const unknown = { ...forged, merchantOrderId: 'INV-TIDAK-ADA' };
      expect((await postCallback(unknown)).status).toBe(404);
    });

    it("counts a '00' callback only once the gateway's status says paid; replays and a late '02' change nothing", async () => {
      const email = 'tunggu@contoh.id';
      const client = await learner(email);
      const invoice = await createInvoice(client, JS);
      const success = await signedFields(invoice, '00');
      // The gateway still says 01: the callback's word alone is not enough, and the gateway is told to retry.
      expect((await postCallback(success)).status).toBe(409);
      expect(await settled(invoice.merchantOrderId, email)).toEqual({ status: 'pending', enrolments: 0, postings: 0, receipts: 0 });

      await gatewaySays(invoice, '00');
      expect(await postCallback(success)).toMatchObject({ status: 200 });
      expect(await settled(invoice.merchantOrderId, email)).toEqual({ status: 'paid', enrolments: 1, postings: 1, receipts: 1 });
      expect(await paymentDetail(client, { merchantOrderId: invoice.merchantOrderId })).toMatchObject({
        status: 'paid',
        enrolled: true,
        paymentUrl: null,
      });
      const paidAt = (await invoiceRow(invoice.merchantOrderId)).paidAt;

      for (let copy = 0; copy < 3; copy++) expect((await postCallback(success)).status).toBe(200);
      // Out of order: the failure the gateway sent before the payment arrives after it.
      expect((await postCallback(await signedFields(invoice, '02'))).status).toBe(200);
      await gatewaySays(invoice, '02');
      expect((await postCallback(await signedFields(invoice, '02'))).status).toBe(200);
      expect(await settled(invoice.merchantOrderId, email)).toEqual({ status: 'paid', enrolments: 1, postings: 1, receipts: 1 });
      expect((await invoiceRow(invoice.merchantOrderId)).paidAt).toEqual(paidAt);
      expect((await callbacksOf(invoice.merchantOrderId)).map((row) => [row.httpStatus, row.outcome])).toEqual([
        [409, 'refused'],
        [200, 'accepted'],
        [200, 'duplicate'],
        [200, 'duplicate'],
        [200, 'duplicate'],
        [200, 'duplicate'],
        [200, 'duplicate'],
      ]);
      expect(await eventsOf(invoice.merchantOrderId)).toEqual([
        expect.objectContaining({ from: null, to: 'pending', actor: `learner:${await userId(email)}` }),
        expect.objectContaining({ from: 'pending', to: 'paid', actor: 'gateway' }),
      ]);
    });

    it('settles once when callbacks and the return page race each other', async () => {
      const email = 'balapan@contoh.id';
      const client = await learner(email);
      const invoice = await createInvoice(client, JS);
      await gatewaySays(invoice, '00');
      const success = await signedFields(invoice, '00');
      // A pending news callback ('01') is acknowledged and changes nothing.
      expect((await postCallback(await signedFields(invoice, '01'))).status).toBe(200);
      const [detail, ...answers] = await Promise.all([
        paymentDetail(client, { merchantOrderId: invoice.merchantOrderId }),
        ...Array.from({ length: 5 }, () => postCallback(success)),
      ]);
      expect(detail).toMatchObject({ status: 'paid', enrolled: true });
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      expect(await settled(invoice.merchantOrderId, email)).toEqual({ status: 'paid', enrolments: 1, postings: 1, receipts: 1 });
      const outcomes = (await callbacksOf(invoice.merchantOrderId)).map((row) => row.outcome);
      expect(outcomes[0]).toBe('ignored');
      expect(outcomes.filter((outcome) => outcome === 'accepted').length).toBeLessThanOrEqual(1);
      expect((await eventsOf(invoice.merchantOrderId)).filter((event) => event.to === 'paid')).toHaveLength(1);
    });

    it("marks an invoice failed on a '02' callback the gateway confirms, and ignores one it does not", async () => {
      const email = 'gagal@contoh.id';
      const client = await learner(email);
      const invoice = await createInvoice(client, JS);
      const failure = await signedFields(invoice, '02');
      // The gateway still says pending: nothing changes.
      expect((await postCallback(failure)).status).toBe(200);
      expect((await invoiceRow(invoice.merchantOrderId)).status).toBe('pending');
      await gatewaySays(invoice, '02');
      expect((await postCallback(failure)).status).toBe(200);
      expect(await settled(invoice.merchantOrderId, email)).toEqual({ status: 'failed', enrolments: 0, postings: 0, receipts: 0 });
      expect((await callbacksOf(invoice.merchantOrderId)).map((row) => row.outcome)).toEqual(['ignored', 'accepted']);
      expect(await eventsOf(invoice.merchantOrderId)).toEqual([
        expect.objectContaining({ from: null, to: 'pending' }),
        expect.objectContaining({ from: 'pending', to: 'failed', actor: 'gateway' }),
      ]);
      // A failed invoice is no reason to refuse a new one.
      const next = await createInvoice(client, JS);
      expect(next).toMatchObject({ status: 'pending' });
      expect(next.merchantOrderId).not.toBe(invoice.merchantOrderId);
    });

    it('refuses callbacks sent as JSON or with GET, and records them', async () => {
      const email = 'salahformat@contoh.id';
      const client = await learner(email);
      const invoice = await createInvoice(client, JS);
      await gatewaySays(invoice, '00');
      const fields = await signedFields(invoice, '00');
      const since = new Date(Date.now() - 1000);
      const json = await fetch(`${origin}/api/v1/class/payment/callback`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(fields),
      });
      expect(json.status).toBe(415);
      // A GET answers an order's state and never changes it, whatever it carries.
      const get = await client.send('main', 'v1/class/payment/callback', { query: fields });
      expect(get.status).toBe(405);
      expect(get.headers.get('Allow')).toBe('POST');
      expect(await paymentStatus(client, invoice.merchantOrderId)).toEqual({ merchantOrderId: invoice.merchantOrderId, status: 'pending' });
      expect(await settled(invoice.merchantOrderId, email)).toEqual({ status: 'pending', enrolments: 0, postings: 0, receipts: 0 });
      const refused = await platform.deps.db
        .select()
        .from(paymentCallbacks)
        .where(sql`${paymentCallbacks.receivedAt} >= ${since} and ${paymentCallbacks.httpStatus} in (405, 415)`)
        .orderBy(asc(paymentCallbacks.id));
      expect(refused.map((row) => [row.method, row.httpStatus, row.outcome])).toEqual([
        ['POST', 415, 'refused'],
        ['GET', 405, 'refused'],
      ]);
      expect(refused[1]?.fields).toMatchObject({ merchantOrderId: invoice.merchantOrderId, resultCode: '00' });
    });

    it('answers a GET callback the way the gateway would send it (no app token) with 405, recorded', async () => {
      const client = await learner('getgateway@contoh.id');
      const invoice = await createInvoice(client, JS);
      const fields = await signedFields(invoice, '00');
      const get = await fetch(`${origin}/api/v1/class/payment/callback?${new URLSearchParams(fields)}`);
      expect(get.status).toBe(405);
      expect(
        (await platform.deps.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.method, 'GET'))).map((row) => row.fields),
      ).toContainEqual(expect.objectContaining({ merchantOrderId: invoice.merchantOrderId }));
    });
  });

  describe('callbacks from the simulator', () => {
    it("settles once whatever the gateway repeats: three more '00' and a late '02'", async () => {
      const email = 'duplikat@contoh.id';
      const client = await learner(email);
      const invoice = await createInvoice(client, JS);
      expect((await onPayPage(invoice, 'pay')).status).toBe(303);
      await gatewaySends(invoice, '00', 3);
      await gatewaySends(invoice, '02');
      const posted = await allPosted(invoice);
      expect(posted.map((callback) => callback.resultCode).sort()).toEqual(['00', '00', '00', '00', '02']);
      expect(posted.every((callback) => callback.lastStatus === 200)).toBe(true);
      expect(await settled(invoice.merchantOrderId, email)).toEqual({ status: 'paid', enrolments: 1, postings: 1, receipts: 1 });
      const outcomes = (await callbacksOf(invoice.merchantOrderId)).map((row) => row.outcome);
      expect(outcomes.filter((outcome) => outcome === 'accepted')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(4);
      expect(await paymentDetail(client, { merchantOrderId: invoice.merchantOrderId })).toMatchObject({ status: 'paid', enrolled: true });
    });

    it('is paid by a retry when the merchant refused the first callback', async () => {
      const email = 'ulang@contoh.id';
      const invoice = await createInvoice(await learner(email), JS);
      // The callback says 00 before the gateway's own status does: the merchant answers 409.
      await gatewaySends(invoice, '00');
      await until('the first attempt refused', async () => {
        const [callback] = (await simView(invoice)).callbacks;
        return callback && callback.attempts >= 1 && callback.lastStatus === 409 ? true : undefined;
      });
      await gatewaySays(invoice, '00');
      const [callback] = await allPosted(invoice);
      expect(callback?.attempts).toBeGreaterThanOrEqual(2);
      expect(callback?.abandonedAt).toBeNull();
      expect(await settled(invoice.merchantOrderId, email)).toEqual({ status: 'paid', enrolments: 1, postings: 1, receipts: 1 });
      const recorded = await callbacksOf(invoice.merchantOrderId);
      expect(recorded[0]).toMatchObject({ outcome: 'refused', httpStatus: 409 });
      expect(recorded.at(-1)).toMatchObject({ outcome: 'accepted', httpStatus: 200 });
      expect(recorded.filter((row) => row.outcome === 'accepted')).toHaveLength(1);
    });
  });

  describe('invoice rules', () => {
    it('gives the open invoice again, once even to two requests at once', async () => {
      const email = 'duatab@contoh.id';
      const client = await learner(email);
      const [one, two] = await Promise.all([createInvoice(client, JS), createInvoice(client, JS)]);
      expect(one?.merchantOrderId).toBe(two?.merchantOrderId);
      // Both tabs can pay: each answer carries the gateway's page.
      expect(one?.paymentUrl).toBeTruthy();
      expect(two?.paymentUrl).toBeTruthy();
      const rows = await platform.deps.db
        .select()
        .from(invoices)
        .where(eq(invoices.userId, await userId(email)));
      expect(rows).toHaveLength(1);
      const again = await client.send('main', 'v1/class/payment/invoice', { method: 'POST', query: { slug: JS } });
      expect(again.status).toBe(200);
      expect(((await again.json()) as { data: Invoice }).data.merchantOrderId).toBe(one?.merchantOrderId);
    });

    it('refuses free and closed classes, anonymous learners and those already enrolled', async () => {
      const client = await learner('aturan@contoh.id');
      await expect(createInvoice(client, 'webinar-visualisasi-data-yang-jujur')).rejects.toMatchObject({ statusCode: 400 });
      await expect(createInvoice(client, 'membangun-api-dengan-nodejs')).rejects.toMatchObject({ statusCode: 409 });
      await expect(createInvoice(client, 'bootcamp-fullstack-web-jakarta')).rejects.toMatchObject({ statusCode: 409 });
      await expect(createInvoice(client, 'kelas-yang-tidak-ada')).rejects.toMatchObject({ statusCode: 404 });
      const anonymous = await appClientOf(platform);
      await expect(createInvoice(anonymous, JS)).rejects.toMatchObject({ statusCode: 401 });

      const invoice = await createInvoice(client, JS);
      await gatewaySays(invoice, '00');
      expect(await paymentDetail(client, { slug: JS })).toMatchObject({ merchantOrderId: invoice.merchantOrderId, status: 'paid' });
      await expect(createInvoice(client, JS)).rejects.toMatchObject({ statusCode: 409, message: ALREADY_ENROLLED });
      expect(
        await platform.deps.db
          .select()
          .from(invoices)
          .where(eq(invoices.userId, await userId('aturan@contoh.id'))),
      ).toHaveLength(1);
    });

    it('refuses a class whose quota is taken', async () => {
      const figma = 'workshop-prototipe-dengan-figma';
      const [taken] = await platform.deps.db
        .select({ n: sql<number>`count(*)::int` })
        .from(enrolments)
        .innerJoin(classes, eq(classes.id, enrolments.classId))
        .where(and(eq(classes.lmsId, lmsId), eq(classes.slug, figma), sql`${enrolments.status} <> 'cancelled'`));
      const full = and(eq(classes.lmsId, lmsId), eq(classes.slug, figma));
      const [before] = await platform.deps.db.select({ quota: classes.quota }).from(classes).where(full);
      await platform.deps.db
        .update(classes)
        .set({ quota: taken?.n ?? 0 })
        .where(full);
      try {
        await expect(createInvoice(await learner('penuh@contoh.id'), figma)).rejects.toMatchObject({
          statusCode: 409,
          message: 'Kuota kelas ini sudah penuh',
        });
      } finally {
        await platform.deps.db
          .update(classes)
          .set({ quota: before?.quota ?? null })
          .where(full);
      }
    });

    it("shows a learner their own orders only; another learner's is not found", async () => {
      const owner = await learner('pemilik@contoh.id');
      const invoice = await createInvoice(owner, JS);
      const stranger = await learner('oranglain@contoh.id');
      await expect(paymentDetail(stranger, { merchantOrderId: invoice.merchantOrderId })).rejects.toMatchObject({ statusCode: 404 });
      expect(await paymentDetail(stranger, { slug: JS })).toBeNull();
      expect(await paymentDetail(owner, { slug: JS })).toMatchObject({ merchantOrderId: invoice.merchantOrderId, status: 'pending' });
    });
  });

  describe('expiry and repay', () => {
    const expire = (merchantOrderId: string) =>
      platform.deps.db
        .update(invoices)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(invoices.merchantOrderId, merchantOrderId));

    it('expires an unpaid invoice past its time and repays it with a fresh one', async () => {
      const email = 'kedaluwarsa@contoh.id';
      const client = await learner(email);
      const old = await createInvoice(client, JS);
      await expect(repayInvoice(client, JS)).rejects.toMatchObject({ statusCode: 409 });
      await expire(old.merchantOrderId);
      expect(await paymentDetail(client, { merchantOrderId: old.merchantOrderId })).toMatchObject({ status: 'expired', paymentUrl: null });
      expect(await eventsOf(old.merchantOrderId)).toEqual([
        expect.objectContaining({ from: null, to: 'pending', actor: `learner:${await userId(email)}` }),
        expect.objectContaining({ from: 'pending', to: 'expired', actor: 'system' }),
      ]);

      const response = await client.send('main', 'v1/class/repay', { query: { slug: JS } });
      expect(response.status).toBe(201);
      const fresh = ((await response.json()) as { data: Invoice }).data;
      expect(fresh).toMatchObject({ status: 'pending', total: JS_TOTAL });
      expect(fresh.merchantOrderId).not.toBe(old.merchantOrderId);
      expect(fresh.paymentUrl).toBeTruthy();
      expect((await invoiceRow(fresh.merchantOrderId)).repays).toBe((await invoiceRow(old.merchantOrderId)).id);
      expect(await eventsOf(fresh.merchantOrderId)).toEqual([
        expect.objectContaining({ from: null, to: 'pending', note: `Bayar ulang ${old.merchantOrderId}` }),
      ]);
      // The fresh one is still pending: no second repay.
      await expect(repayInvoice(client, JS)).rejects.toMatchObject({ statusCode: 409 });
      expect((await onPayPage(fresh, 'pay')).status).toBe(303);
      expect(await paymentDetail(client, { slug: JS })).toMatchObject({ merchantOrderId: fresh.merchantOrderId, status: 'paid' });
      await expect(repayInvoice(client, JS)).rejects.toMatchObject({ statusCode: 409, message: ALREADY_ENROLLED });
      expect(await settled(fresh.merchantOrderId, email)).toEqual({ status: 'paid', enrolments: 1, postings: 1, receipts: 1 });
      expect((await invoiceRow(old.merchantOrderId)).status).toBe('expired');
    });

    it("expires on the gateway's cancellation past the expiry", async () => {
      const client = await learner('batalgateway@contoh.id');
      const invoice = await createInvoice(client, JS);
      await expire(invoice.merchantOrderId);
      await gatewaySays(invoice, '02');
      expect(await paymentDetail(client, { merchantOrderId: invoice.merchantOrderId })).toMatchObject({ status: 'expired' });
      expect((await eventsOf(invoice.merchantOrderId)).at(-1)).toMatchObject({ from: 'pending', to: 'expired', actor: 'gateway' });
      expect((await client.send('main', 'v1/class/repay', { query: { slug: JS } })).status).toBe(201);
    });

    it('reads an invoice the gateway reports EXPIRED as expired, so it can be repaid', async () => {
      const client = await learner('habiswaktu@contoh.id');
      const invoice = await createInvoice(client, JS);
      // The payer lets the gateway's page run out.
      expect((await onPayPage(invoice, 'expire')).status).toBe(303);
      expect((await simView(invoice)).transaction.statusCode).toBe('02');
      expect(await paymentDetail(client, { merchantOrderId: invoice.merchantOrderId })).toMatchObject({ status: 'expired' });
      expect((await client.send('main', 'v1/class/repay', { query: { slug: JS } })).status).toBe(201);
    });

    it('finds a late payment whose callbacks never came, and closes the repaid invoice that is moot now', async () => {
      const email = 'terlambat-sunyi@contoh.id';
      const client = await learner(email);
      const first = await createInvoice(client, JS);
      await expire(first.merchantOrderId);
      expect(await paymentDetail(client, { merchantOrderId: first.merchantOrderId })).toMatchObject({ status: 'expired' });
      const second = await repayInvoice(client, JS);
      expect(second).toMatchObject({ status: 'pending' });
      // The gateway took the money for the first one after all, and no callback reaches us.
      await gatewaySays(first, '00');
      expect(await paymentDetail(client, { merchantOrderId: first.merchantOrderId })).toMatchObject({ status: 'paid', enrolled: true });
      expect(await paymentDetail(client, { merchantOrderId: second.merchantOrderId })).toMatchObject({
        status: 'cancelled',
        paymentUrl: null,
      });
      expect(await settled(first.merchantOrderId, email)).toEqual({ status: 'paid', enrolments: 1, postings: 1, receipts: 1 });
    });

    it('takes a late payment of an expired invoice: the money is never lost', async () => {
      const email = 'terlambat@contoh.id';
      const client = await learner(email);
      const invoice = await createInvoice(client, JS);
      await expire(invoice.merchantOrderId);
      expect(await paymentDetail(client, { merchantOrderId: invoice.merchantOrderId })).toMatchObject({ status: 'expired' });
      await gatewaySays(invoice, '00');
      await gatewaySends(invoice, '00');
      await allPosted(invoice);
      expect(await settled(invoice.merchantOrderId, email)).toEqual({ status: 'paid', enrolments: 1, postings: 1, receipts: 1 });
      expect(await paymentDetail(client, { merchantOrderId: invoice.merchantOrderId })).toMatchObject({ status: 'paid', enrolled: true });
      expect((await eventsOf(invoice.merchantOrderId)).map((event) => [event.from, event.to, event.actor])).toEqual([
        [null, 'pending', `learner:${await userId(email)}`],
        ['pending', 'expired', 'system'],
        ['expired', 'paid', 'gateway'],
      ]);
    });
  });

  it('records every transition of a paid invoice with who made it', async () => {
    const email = 'jejak@contoh.id';
    const client = await learner(email);
    const invoice = await createInvoice(client, JS);
    expect((await onPayPage(invoice, 'pay')).status).toBe(303);
    expect(await paymentDetail(client, { merchantOrderId: invoice.merchantOrderId })).toMatchObject({ status: 'paid' });
    await allPosted(invoice);
    const learnerActor = `learner:${await userId(email)}`;
    // Paid either by the learner's detail call or by the gateway's callback, whichever came first: once.
    const events = await eventsOf(invoice.merchantOrderId);
    expect(events).toEqual([
      expect.objectContaining({ from: null, to: 'pending', actor: learnerActor, note: 'Tagihan dibuat' }),
      expect.objectContaining({ from: 'pending', to: 'paid', actor: expect.stringMatching(new RegExp(`^(gateway|${learnerActor})$`)) }),
    ]);
    expect(await settled(invoice.merchantOrderId, email)).toEqual({ status: 'paid', enrolments: 1, postings: 1, receipts: 1 });
  });
  it("grants the class's premium course when it is paid, and withdraws it with a staff refund", async () => {
    const email = 'fasilitas@contoh.id';
    const client = await learner(email);
    // FWD-2026-B3 lists the premium course javascript-modern among what it gives its learners.
    const readChapter = () =>
      getChapter(client, 'javascript-modern', 'fungsi-panah-dan-parameter').then(
        () => 'dibaca',
        (error: unknown) => (error instanceof ApiRequestError ? error.statusCode : error),
      );
    expect(await readChapter()).toBe(403);
    expect(await classEnrolment(client, 'FWD-2026-B3')).toEqual({ enrolled: false, status: null });
    const invoice = await createInvoice(client, 'bootcamp-fullstack-web-batch-3');
    expect((await onPayPage(invoice, 'pay')).status).toBe(303);
    expect(await paymentDetail(client, { merchantOrderId: invoice.merchantOrderId })).toMatchObject({ status: 'paid', enrolled: true });
    expect(await readChapter()).toBe('dibaca');
    expect(await classEnrolment(client, 'FWD-2026-B3')).toEqual({ enrolled: true, status: 'active' });
    await allPosted(invoice);

    const refund = async (as: ApiClient) =>
      (
        await as.send('main', 'v1/class/payment/refund', {
          method: 'POST',
          body: { merchantOrderId: invoice.merchantOrderId, reason: 'Peserta mengundurkan diri' },
        })
      ).status;
    // A learner cannot refund themself; staff can, once.
    expect(await refund(client)).toBe(403);
    const admin = await appClientOf(platform);
    await signInAs(admin, 'admin');
    expect(await refund(admin)).toBe(200);
    expect(await refund(admin)).toBe(409);

    expect(await readChapter()).toBe(403);
    expect(await classEnrolment(client, 'FWD-2026-B3')).toEqual({ enrolled: false, status: null });
    expect(await paymentDetail(client, { merchantOrderId: invoice.merchantOrderId })).toMatchObject({
      status: 'refunded',
      enrolled: false,
    });
    const row = await invoiceRow(invoice.merchantOrderId);
    const reversal = await platform.deps.db
      .select({ account: ledgerEntries.account, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(and(eq(ledgerTransactions.invoiceId, row.id), eq(ledgerTransactions.kind, 'class-refund')));
    // The whole total is owed back; revenue, tax and the mentors' shares are taken back.
    expect(reversal).toContainEqual({ account: 'refund-due', amount: -invoice.total });
    expect(reversal).toContainEqual({ account: 'vat', amount: invoice.vat });
    const notices = await platform.deps.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'payment-refunded'), sql`${email} = any(${mailOutbox.recipients})`));
    expect(notices).toHaveLength(1);
    // The seat is free again: the learner may register anew.
    const again = await createInvoice(client, 'bootcamp-fullstack-web-batch-3');
    expect(again.merchantOrderId).not.toBe(invoice.merchantOrderId);
    // A seat given without an invoice (the seeded student's) is an enrolment all the same.
    const student = await appClientOf(platform);
    await signInAs(student, 'student');
    expect(await paymentDetail(student, { slug: 'JS-DASAR-11' })).toBeNull();
    expect(await classEnrolment(student, 'JS-DASAR-11')).toEqual({ enrolled: true, status: 'active' });
  });

  describe('money the class cannot take, and payments nobody reported', () => {
    const backdate = (merchantOrderId: string, column: 'expiresAt' | 'createdAt', minutes: number) =>
      platform.deps.db
        .update(invoices)
        .set({ [column]: sql`now() - make_interval(mins => ${minutes})` })
        .where(eq(invoices.merchantOrderId, merchantOrderId));
    const ledgerOf = async (merchantOrderId: string) => {
      const row = await invoiceRow(merchantOrderId);
      return platform.deps.db
        .select({ account: ledgerEntries.account, amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(eq(ledgerTransactions.invoiceId, row.id));
    };
    const mailsTo = async (email: string) =>
      (
        await platform.deps.db
          .select({ kind: mailOutbox.kind })
          .from(mailOutbox)
          // The sign-up's verification mail is not about payments.
          .where(and(sql`${email} = any(${mailOutbox.recipients})`, ne(mailOutbox.kind, 'verify-email')))
      ).map((row) => row.kind);

    it('records a second payment for a class already paid as owed back, never a second seat', async () => {
      const email = 'dua-kali@contoh.id';
      const client = await learner(email);
      const first = await createInvoice(client, JS);
      await backdate(first.merchantOrderId, 'expiresAt', 1);
      const second = await repayInvoice(client, JS);
      await gatewaySays(first, '00');
      expect(await paymentDetail(client, { merchantOrderId: first.merchantOrderId })).toMatchObject({ status: 'paid', enrolled: true });
      expect((await invoiceRow(second.merchantOrderId)).status).toBe('cancelled');
      // The learner still pays the second one on the gateway's page that stayed open.
      await gatewaySays(second, '00');
      await gatewaySends(second, '00');
      await allPosted(second);
      expect(await settled(second.merchantOrderId, email)).toMatchObject({ status: 'paid', enrolments: 1, postings: 1 });
      const lines = await ledgerOf(second.merchantOrderId);
      expect(lines.map((line) => line.account).sort()).toEqual(['gateway', 'gateway-fee', 'refund-due']);
      expect(lines.find((line) => line.account === 'refund-due')?.amount).toBe(-JS_TOTAL);
      expect(await mailsTo(email)).toEqual(expect.arrayContaining(['payment-receipt', 'payment-refund']));
      expect(await paymentDetail(client, { merchantOrderId: second.merchantOrderId })).toMatchObject({ status: 'paid' });
    });

    it('gives the last seat to the first payment and owes the next one back', async () => {
      const [item] = await platform.deps.db
        .select()
        .from(classes)
        .where(and(eq(classes.lmsId, lmsId), eq(classes.slug, JS)));
      if (!item) throw new Error('no class');
      const [taken] = await platform.deps.db
        .select({ n: sql<number>`count(*)::int` })
        .from(enrolments)
        .where(and(eq(enrolments.classId, item.id), ne(enrolments.status, 'cancelled')));
      await platform.deps.db
        .update(classes)
        .set({ quota: (taken?.n ?? 0) + 1 })
        .where(eq(classes.id, item.id));
      try {
        const one = await learner('kursi-a@contoh.id');
        const two = await learner('kursi-b@contoh.id');
        const a = await createInvoice(one, JS);
        const b = await createInvoice(two, JS);
        await gatewaySays(a, '00');
        await gatewaySays(b, '00');
        expect(await paymentDetail(one, { merchantOrderId: a.merchantOrderId })).toMatchObject({ status: 'paid', enrolled: true });
        expect(await paymentDetail(two, { merchantOrderId: b.merchantOrderId })).toMatchObject({ status: 'paid', enrolled: false });
        expect((await ledgerOf(b.merchantOrderId)).find((line) => line.account === 'refund-due')?.amount).toBe(-JS_TOTAL);
        expect(await mailsTo('kursi-b@contoh.id')).toEqual(['payment-refund']);
        await expect(createInvoice(await learner('kursi-c@contoh.id'), JS)).rejects.toMatchObject({ statusCode: 409 });
      } finally {
        await platform.deps.db.update(classes).set({ quota: item.quota }).where(eq(classes.id, item.id));
      }
    });

    it('finds a payment nobody reported when reconciling: the payer closed the tab and no callback came', async () => {
      const email = 'tutup-tab@contoh.id';
      const client = await learner(email);
      const invoice = await createInvoice(client, JS);
      await gatewaySays(invoice, '00');
      // Too recent: a learner may be paying right now.
      expect(await reconcileInvoices(platform.deps.db, platform.payments.payments)).toBe(0);
      await backdate(invoice.merchantOrderId, 'createdAt', 3);
      expect(await reconcileInvoices(platform.deps.db, platform.payments.payments)).toBeGreaterThanOrEqual(1);
      expect(await settled(invoice.merchantOrderId, email)).toEqual({ status: 'paid', enrolments: 1, postings: 1, receipts: 1 });
    });

    it('refuses a class whose total is under the gateway minimum before any invoice is made', async () => {
      const [item] = await platform.deps.db
        .select()
        .from(classes)
        .where(and(eq(classes.lmsId, lmsId), eq(classes.slug, JS)));
      if (!item) throw new Error('no class');
      await platform.deps.db.update(classes).set({ price: 5_000 }).where(eq(classes.id, item.id));
      try {
        const client = await learner('murah@contoh.id');
        await expect(createInvoice(client, JS)).rejects.toMatchObject({ statusCode: 409, message: expect.stringContaining('Rp10.000') });
        expect(
          await platform.deps.db
            .select()
            .from(invoices)
            .where(eq(invoices.userId, await userId('murah@contoh.id'))),
        ).toEqual([]);
      } finally {
        await platform.deps.db.update(classes).set({ price: item.price }).where(eq(classes.id, item.id));
      }
    });

    it('never runs the simulator in production', () => {
      // Refused as the configuration is read, before any payment is opened.
      expect(() => loadConfig({ LMS_ENV: 'production', PAYMENT_GATEWAY: 'simulator' })).toThrow(/PAYMENT_GATEWAY: .*simulator/);
      expect(loadConfig({ LMS_ENV: 'production' }).payments.gateway).toBe('duitku');
    });
  });
});
