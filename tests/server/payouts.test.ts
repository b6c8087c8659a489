import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '~/contract/idempotency';
import type { Invoice, Payout, PayoutRequest } from '~/contract/payments';
import { kindOfRole } from '~/contract/roles';
import { type ApiClient, signIn } from '~/lib/api';
import { approvePayout, createInvoice, listPayouts, paymentDetail, payoutBalance, rejectPayout, requestPayout } from '~/lib/api/payments';
import { invoices, ledgerEntries, ledgerTransactions, mailOutbox, mentors, payouts, users } from '~/server/db/schema';
import { demoAccount } from '~/server/seed/seed';
import { appClientOf, clientOf, signInAs, tenantOf } from './support/api-client';
import { signUpForm, signUpLearner } from './support/identity';
import { expectLedgerBalanced, servePayments } from './support/payments';
import { dbKinds, platformFor } from './support/platform';
import { generateAppToken, OTHER_APP_CODE } from './support/tokens';

/*
 * Mentors' payouts (v2/payout/*) over what learners paid: a mentor's share lands in the ledger when
 * a class is paid, a request holds it, an admin of the tenant pays it out or releases it. Every
 * figure is a ledger sum; after every test the books balance and no mentor is owed less than zero.
 */

const FWD = 'bootcamp-fullstack-web-batch-3';
/** FWD-2026-B3 costs Rp4.500.000: 70% to its two mentors, split evenly. */
const FWD_SHARE = Math.floor((4_500_000 * 0.7) / 2);
const NOT_ENOUGH = 'Saldo tidak mencukupi';

const form = (amount: number | string, change: Partial<PayoutRequest> = {}): PayoutRequest => ({
  name: 'Rizky Pratama',
  email: 'rizky.pratama@contoh.id',
  bank: '014',
  accountNumber: '1234567890',
  amount,
  ...change,
});

describe.each(await dbKinds())('mentor payouts on %s', (kind) => {
  const platform = platformFor(kind, { GATEWAY_SIM_BACKOFF_MS: '50,100,200', GATEWAY_SIM_POLL_MS: '50' });
  let served: Awaited<ReturnType<typeof servePayments>>;
  let lmsId: string;
  let origin: string;
  let mentor: ApiClient;
  let admin: ApiClient;

  beforeAll(async () => {
    served = await servePayments(platform);
    origin = served.origin;
    lmsId = (await tenantOf(platform)).lmsId;
    mentor = await appClientOf(platform);
    await signInAs(mentor, 'mentor');
    admin = await appClientOf(platform);
    await signInAs(admin, 'admin');
  }, 120_000);
  afterAll(async () => {
    await served?.close();
  });
  afterEach(async () => {
    const db = platform.deps.db;
    await expectLedgerBalanced(db);
    // What a mentor may ask for, and what is held for them, is never below zero.
    const owed = await db
      .select({ account: ledgerEntries.account, sum: sql<string>`sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.account} like 'mentor:%' or ${ledgerEntries.account} like 'payout-hold:%'`)
      .groupBy(ledgerEntries.account);
    expect(owed.filter((row) => -Number(row.sum) < 0)).toEqual([]);
  });

  /* ---------- people ---------- */

  const learner = async (email: string): Promise<ApiClient> => {
    const client = await appClientOf(platform);
    client.setCredentials({ accessToken: await signUpLearner(platform, lmsId, email) });
    return client;
  };
  const mentorId = async (slug: string) => {
    const [row] = await platform.deps.db
      .select({ id: mentors.id })
      .from(mentors)
      .where(and(eq(mentors.lmsId, lmsId), eq(mentors.slug, slug)));
    if (!row) throw new Error(`no mentor ${slug}`);
    return row.id;
  };
  /** Signs `email` in again (after its role changed). */
  const signedIn = async (email: string) => {
    const client = await appClientOf(platform);
    client.setCredentials({ accessToken: (await signIn(client, { email, password: signUpForm(email).password as string })).accessToken });
    return client;
  };
  /** A fresh account with the mentor role, linked (as an admin would) to the catalogue mentor `slug`. */
  const mentorAccount = async (slug: string, email: string) => {
    await signUpLearner(platform, lmsId, email);
    const db = platform.deps.db;
    const [user] = await db
      .update(users)
      .set({ kind: kindOfRole('mentor') })
      .where(and(eq(users.lmsId, lmsId), eq(users.email, email)))
      .returning({ id: users.id });
    await db
      .update(mentors)
      .set({ userId: user?.id ?? null })
      .where(and(eq(mentors.lmsId, lmsId), eq(mentors.slug, slug)));
    return signedIn(email);
  };

  /* ---------- paying ---------- */

  const gatewaySays = async (invoice: Invoice, statusCode: '00' | '01' | '02') => {
    const response = await fetch(`${origin}/api/sim/duitku/sim/transactions/${invoice.reference}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ statusCode }),
    });
    expect(response.status).toBe(200);
  };
  /** A fresh learner pays for `slug` (the gateway confirms it, the learner's page asks): the mentors earn their share. */
  const paidBy = async (email: string, slug: string) => {
    const client = await learner(email);
    const invoice = await createInvoice(client, slug);
    await gatewaySays(invoice, '00');
    expect(await paymentDetail(client, { merchantOrderId: invoice.merchantOrderId })).toMatchObject({ status: 'paid', enrolled: true });
    return invoice;
  };

  /* ---------- raw calls, for statuses and headers ---------- */

  const postRequest = (client: ApiClient, body: unknown, key?: string) =>
    client.send('main', 'v2/payout/request', { method: 'POST', body, ...(key && { headers: { [IDEMPOTENCY_HEADER]: key } }) });
  const answer = async (response: Response) => (await response.json()) as { message: string; data: Payout };

  it('earns the mentor their share of a paid class, and pays out what they ask for once an admin approves', async () => {
    expect(await payoutBalance(mentor)).toEqual({ available: 0, held: 0, paidOut: 0, earned: 0 });
    // The learner pays on the gateway's page; the return page asks for the invoice.
    const client = await learner('murid.fwd@contoh.id');
    const invoice = await createInvoice(client, FWD);
    const paid = await fetch(invoice.paymentUrl as string, {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(await paymentDetail(client, { merchantOrderId: invoice.merchantOrderId })).toMatchObject({ status: 'paid' });
    expect(await payoutBalance(mentor)).toEqual({ available: FWD_SHARE, held: 0, paidOut: 0, earned: FWD_SHARE });

    // The posting: money in less the fee, the tax owed, the mentors' shares, the rest revenue.
    const [row] = await platform.deps.db.select().from(invoices).where(eq(invoices.merchantOrderId, invoice.merchantOrderId));
    const lines = await platform.deps.db
      .select({ account: ledgerEntries.account, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(eq(ledgerTransactions.invoiceId, row?.id ?? 0));
    expect(Object.fromEntries(lines.map((line) => [line.account, line.amount]))).toEqual({
      gateway: 4_995_000 - 4_000,
      'gateway-fee': 4_000,
      vat: -495_000,
      platform: -(4_500_000 - 2 * FWD_SHARE),
      [`mentor:${await mentorId('rizky-pratama')}`]: -FWD_SHARE,
      [`mentor:${await mentorId('bayu-anggara')}`]: -FWD_SHARE,
    });

    await expect(requestPayout(mentor, form('9.999'))).rejects.toMatchObject({ statusCode: 400 });
    await expect(requestPayout(mentor, form(FWD_SHARE + 1))).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining(NOT_ENOUGH),
    });
    const asked = await postRequest(mentor, form('500.000', { accountNumber: '9876-5432-1234' }));
    expect(asked.status).toBe(201);
    const payout = (await answer(asked)).data;
    expect(payout).toMatchObject({ amount: 500_000, status: 'requested', bank: '014', bankName: 'BCA', accountNumber: '•••• 1234' });
    expect(await payoutBalance(mentor)).toEqual({ available: FWD_SHARE - 500_000, held: 500_000, paidOut: 0, earned: FWD_SHARE });
    // The staff hear of it, without the account number.
    const notices = await platform.deps.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'payout-requested'));
    expect(notices.length).toBeGreaterThanOrEqual(1);
    expect(notices.every((mail) => !mail.text.includes('98765432'))).toBe(true);

    const approved = await approvePayout(admin, payout.id);
    // The admin who transfers sees the whole number; the mentor only its last four digits.
    expect(approved).toMatchObject({ id: payout.id, status: 'approved', decidedBy: 'Admin Demo', accountNumber: '987654321234' });
    expect(await payoutBalance(mentor)).toEqual({ available: FWD_SHARE - 500_000, held: 0, paidOut: 500_000, earned: FWD_SHARE });
    await expect(approvePayout(admin, payout.id)).rejects.toMatchObject({ statusCode: 409 });
    await expect(rejectPayout(admin, payout.id, 'Sudah ditransfer sebelumnya')).rejects.toMatchObject({ statusCode: 409 });
    expect(await payoutBalance(mentor)).toEqual({ available: FWD_SHARE - 500_000, held: 0, paidOut: 500_000, earned: FWD_SHARE });
    const mine = await listPayouts(mentor);
    expect(mine.items.map((item) => [item.id, item.status, item.accountNumber])).toEqual([[payout.id, 'approved', '•••• 1234']]);
  });

  it('lets only an admin of the tenant decide, never the mentor; a rejection needs a reason and frees the money', async () => {
    await paidBy('murid.js1@contoh.id', 'javascript-dasar-untuk-pemula');
    const before = await payoutBalance(mentor);
    const payout = await requestPayout(mentor, form(100_000));
    await expect(approvePayout(mentor, payout.id)).rejects.toMatchObject({ statusCode: 403 });
    await expect(rejectPayout(mentor, payout.id, 'Saya batalkan sendiri')).rejects.toMatchObject({ statusCode: 403 });
    const student = await appClientOf(platform);
    await signInAs(student, 'student');
    await expect(approvePayout(student, payout.id)).rejects.toMatchObject({ statusCode: 403 });
    await expect(listPayouts(student)).rejects.toMatchObject({ statusCode: 403 });

    const reject = (body: unknown) => admin.send('main', 'v2/payout/reject', { method: 'POST', body });
    expect((await reject({ id: payout.id })).status).toBe(400);
    expect((await reject({ id: payout.id, reason: 'ok' })).status).toBe(400);
    expect((await reject({ id: payout.id, reason: 'baris\nkedua' })).status).toBe(400);
    expect(await payoutBalance(mentor)).toEqual({ ...before, available: before.available - 100_000, held: before.held + 100_000 });
    const rejected = await rejectPayout(admin, payout.id, 'Nama penerima tidak sesuai rekening');
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'Nama penerima tidak sesuai rekening', decidedBy: 'Admin Demo' });
    expect(await payoutBalance(mentor)).toEqual(before);
    await expect(approvePayout(admin, payout.id)).rejects.toMatchObject({ statusCode: 409 });
    await expect(rejectPayout(admin, payout.id, 'Ditolak sekali lagi')).rejects.toMatchObject({ statusCode: 409 });
    await expect(approvePayout(admin, 987_654)).rejects.toMatchObject({ statusCode: 404 });
    const decided = await platform.deps.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'payout-decided'));
    expect(decided.some((mail) => mail.text.includes('Nama penerima tidak sesuai rekening'))).toBe(true);
  });

  it('decides a request once when two admins decide at the same moment', async () => {
    const superadmin = await appClientOf(platform);
    await signInAs(superadmin, 'superadmin');
    const before = await payoutBalance(mentor);
    const payout = await requestPayout(mentor, form('10.000'));
    const [approved, rejected] = await Promise.allSettled([
      approvePayout(admin, payout.id),
      rejectPayout(superadmin, payout.id, 'Ditolak oleh admin kedua'),
    ]);
    const outcomes = [approved, rejected].map((outcome) => outcome.status);
    expect(outcomes.filter((status) => status === 'fulfilled')).toHaveLength(1);
    const loser = [approved, rejected].find((outcome) => outcome.status === 'rejected');
    expect(loser).toMatchObject({ reason: { statusCode: 409 } });
    const decisions = await platform.deps.db
      .select({ kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.payoutId, payout.id), sql`${ledgerTransactions.kind} in ('payout-paid', 'payout-release')`));
    expect(decisions).toHaveLength(1);
    const after = await payoutBalance(mentor);
    expect(after.held).toBe(before.held);
    expect(after.available + after.paidOut).toBe(before.available + before.paidOut);
  });

  it('refuses amounts out of bounds, and accounts not linked to a mentor profile', async () => {
    await expect(requestPayout(mentor, form('100.000.001'))).rejects.toMatchObject({ statusCode: 400 });
    await expect(requestPayout(mentor, form('10.000,50'))).rejects.toMatchObject({ statusCode: 400 });
    await expect(requestPayout(mentor, form(10_000, { bank: '999' }))).rejects.toMatchObject({ statusCode: 400 });
    await expect(requestPayout(mentor, form(10_000, { accountNumber: '12ab' }))).rejects.toMatchObject({ statusCode: 400 });
    const unlinked = await mentorAccount('tidak-ada-mentor-ini', 'mentor.lepas@contoh.id');
    await expect(payoutBalance(unlinked)).rejects.toMatchObject({ statusCode: 404 });
    await expect(requestPayout(unlinked, form(10_000))).rejects.toMatchObject({ statusCode: 404 });
    expect((await listPayouts(unlinked)).totalItems).toBe(0);
    // A learner has no payouts at all.
    await expect(payoutBalance(await learner('bukan.mentor@contoh.id'))).rejects.toMatchObject({ statusCode: 403 });
  });

  it('refuses an admin their own request (a mentor made admin since)', async () => {
    const email = 'ahmad.admin@contoh.id';
    const own = await mentorAccount('ahmad-fauzan', email);
    await paidBy('murid.figma1@contoh.id', 'workshop-prototipe-dengan-figma');
    const payout = await requestPayout(own, form(50_000, { name: 'Ahmad Fauzan', email }));
    await platform.deps.db
      .update(users)
      .set({ kind: kindOfRole('admin') })
      .where(eq(users.email, email));
    const promoted = await signedIn(email);
    await expect(approvePayout(promoted, payout.id)).rejects.toMatchObject({ statusCode: 403 });
    await expect(rejectPayout(promoted, payout.id, 'Tolak punya sendiri')).rejects.toMatchObject({ statusCode: 403 });
    expect((await approvePayout(admin, payout.id)).status).toBe('approved');
  });

  it('lists requests newest first, ten a page, filtered by status, bank and search, numbers whole only for admins', async () => {
    const email = 'ahmad.daftar@contoh.id';
    const own = await mentorAccount('ahmad-fauzan', email);
    await paidBy('murid.figma2@contoh.id', 'workshop-prototipe-dengan-figma');
    const made: Payout[] = [];
    for (let i = 1; i <= 12; i++) {
      const bank = i % 2 ? '014' : '008';
      made.push(
        await requestPayout(
          own,
          form(10_000, { name: `Penerima Halaman ${i}`, email, bank, accountNumber: `11122233${String(i).padStart(4, '0')}` }),
        ),
      );
    }
    await approvePayout(admin, made[0]?.id ?? 0);
    await approvePayout(admin, made[1]?.id ?? 0);
    await rejectPayout(admin, made[2]?.id ?? 0, 'Rekening tidak ditemukan');

    const first = await listPayouts(admin, { search: 'Halaman' });
    expect(first).toMatchObject({ page: 1, perPage: 10, totalItems: 12, totalPages: 2 });
    expect(first.items.map((item) => item.id)).toEqual(
      made
        .map((item) => item.id)
        .reverse()
        .slice(0, 10),
    );
    const second = await listPayouts(admin, { search: 'halaman', page: 2 });
    expect(second.items.map((item) => item.id)).toEqual([made[1]?.id, made[0]?.id]);
    expect((await listPayouts(admin, { search: 'Halaman', page: 3 })).items).toEqual([]);
    expect((await listPayouts(admin, { search: 'Halaman', perPage: 5 })).totalPages).toBe(3);
    for (const item of [...first.items, ...second.items]) {
      expect(item.accountNumber).toMatch(/^11122233\d{4}$/);
      expect(item.mentorName).toBe('Ahmad Fauzan');
    }
    expect(second.items[1]?.accountNumber).toBe('111222330001');
    for (const item of (await listPayouts(own, { perPage: 50 })).items) expect(item.accountNumber).toMatch(/^•••• \d{4}$/);

    const approved = await listPayouts(admin, { search: 'Halaman', status: 'approved' });
    expect(approved.items.map((item) => item.id).sort()).toEqual([made[0]?.id, made[1]?.id].sort());
    expect((await listPayouts(admin, { search: 'Halaman', status: 'rejected' })).items).toMatchObject([
      { id: made[2]?.id, reason: 'Rekening tidak ditemukan' },
    ]);
    expect((await listPayouts(admin, { search: 'Halaman', status: 'requested' })).totalItems).toBe(9);
    const mandiri = await listPayouts(admin, { search: 'Halaman', bank: '008' });
    expect(mandiri.totalItems).toBe(6);
    expect(mandiri.items.every((item) => item.bankName === 'Bank Mandiri')).toBe(true);
    // By the mentor's name and the recipient's e-mail too; wildcards are plain text.
    expect((await listPayouts(admin, { search: 'Ahmad Fauzan', perPage: 50 })).totalItems).toBeGreaterThanOrEqual(12);
    expect((await listPayouts(admin, { search: 'AHMAD.DAFTAR@' })).totalItems).toBe(12);
    expect((await listPayouts(admin, { search: '%' })).totalItems).toBe(0);
    // A mentor sees their mentor profile's requests only (the profile's earlier account's too).
    expect((await listPayouts(own, { search: 'Halaman' })).totalItems).toBe(12);
    expect((await listPayouts(mentor, { search: 'Halaman' })).totalItems).toBe(0);
    const bad = await admin.send('main', 'v2/payout/list', { query: { status: 'dibayar' } });
    expect(bad.status).toBe(400);
  });

  it("keeps another tenant's admin out: they neither see nor decide this tenant's requests", async () => {
    const payout = await requestPayout(mentor, form(20_000));
    const other = await tenantOf(platform, OTHER_APP_CODE);
    const stranger = clientOf(platform, `https://${other.hosts[0]}`);
    stranger.setCredentials({ appToken: (await generateAppToken(platform, { appCode: other.appCode })).wire, lmsId: other.lmsId });
    stranger.setCredentials({ accessToken: (await signIn(stranger, demoAccount(other.code, 'admin'))).accessToken });
    const theirs = await listPayouts(stranger, { perPage: 50 });
    expect(theirs.items.map((item) => item.id)).not.toContain(payout.id);
    await expect(approvePayout(stranger, payout.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(rejectPayout(stranger, payout.id, 'Bukan urusan saya')).rejects.toMatchObject({ statusCode: 404 });
    // Their sign-in with this tenant's id is refused outright.
    const demo = { lmsId };
    await expect(listPayouts(stranger, {}, { credentials: demo })).rejects.toMatchObject({ statusCode: 403 });
    await expect(approvePayout(stranger, payout.id, { credentials: demo })).rejects.toMatchObject({ statusCode: 403 });
    const [row] = await platform.deps.db.select().from(payouts).where(eq(payouts.id, payout.id));
    expect(row?.status).toBe('requested');
    await rejectPayout(admin, payout.id, 'Dibersihkan setelah tes');
  });

  it('answers a repeated request with the same Idempotency-Key once, marked as replayed', async () => {
    const before = await payoutBalance(mentor);
    const key = `payout-${crypto.randomUUID()}`;
    const first = await postRequest(mentor, form('15.000'), key);
    expect(first.status).toBe(201);
    expect(first.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    const again = await postRequest(mentor, form('15.000'), key);
    expect(again.status).toBe(201);
    expect(again.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    const [one, two] = [await answer(first), await answer(again)];
    expect(two.data).toEqual(one.data);
    expect(await payoutBalance(mentor)).toEqual({ ...before, available: before.available - 15_000, held: before.held + 15_000 });
    expect((await postRequest(mentor, form('16.000'), key)).status).toBe(422);
    expect((await postRequest(mentor, form('15.000'), 'pendek')).status).toBe(400);
    const holds = await platform.deps.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.payoutId, one.data.id), eq(ledgerTransactions.kind, 'payout-hold')));
    expect(holds).toHaveLength(1);
    await rejectPayout(admin, one.data.id, 'Dibersihkan setelah tes');
  });

  it('never overdraws under twenty requests at once', async () => {
    const email = 'bayu.serentak@contoh.id';
    const own = await mentorAccount('bayu-anggara', email);
    await paidBy('murid.ukweb@contoh.id', 'uji-kompetensi-pengembang-web-junior');
    const start = await payoutBalance(own);
    expect(start.available).toBeGreaterThanOrEqual(Math.floor(650_000 * 0.7));
    // Each asks for a bit over a sixth: five fit, whatever the order.
    const amount = Math.floor(start.available / 6) + 1;
    const fit = Math.floor(start.available / amount);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => postRequest(own, form(amount, { name: 'Bayu Anggara', email, accountNumber: `55500${i}001` }))),
    );
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(fit);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20 - fit);
    for (const response of answers)
      if (response.status === 409)
        expect((await response.json()) as { message: string }).toMatchObject({ message: expect.stringContaining(NOT_ENOUGH) });
    const after = await payoutBalance(own);
    expect(after).toEqual({ ...start, available: start.available - fit * amount, held: start.held + fit * amount });
    expect(after.available).toBeGreaterThanOrEqual(0);
    const id = await mentorId('bayu-anggara');
    const rows = await platform.deps.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.mentorId, id), eq(payouts.status, 'requested')));
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(fit * amount);
    const [hold] = await platform.deps.db
      .select({ sum: sql<string>`sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.lmsId, lmsId), eq(ledgerEntries.account, `payout-hold:${id}`)));
    expect(-Number(hold?.sum ?? 0)).toBe(start.held + fit * amount);
  });
});
