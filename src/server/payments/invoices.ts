import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { ClassEnrolment, Invoice, InvoiceState } from '~/contract/payments';
import { priceBreakdown, type TaxRule } from '~/contract/tax';
import { classState } from '../catalogue';
import type { Db, Tx } from '../db/client';
import { sqlState, UNIQUE_VIOLATION } from '../db/errors';
import { classes, classMentors, enrolments, invoiceEvents, invoices, ledgerEntries, ledgerTransactions, users } from '../db/schema';
import { enqueueMail, staffRecipients } from '../mail';
import { DomainError, fail } from '../platform/errors';
import { type PaymentsDeps, paymentAccountOf, type TenantPaymentAccount } from './accounts';
import { GatewayError, type TransactionStatus } from './gateway';
import { ACCOUNTS, type LedgerLine, post } from './ledger';
import { receiptMail, refundedMail, refundLearnerMail, refundNoticeMail } from './mails';

/*
 * Invoices and their states (contract/payments.ts): pending → paid | expired | failed, and expired or
 * failed → paid only when the gateway confirms it took the money (a payment is never lost). paid is
 * final. Every change is one conditional UPDATE (`where status = <from>`), so two callbacks or a
 * callback and a status check racing change an invoice once, and each change is recorded in
 * invoice_events with who made it. Paying enrols the learner, posts the ledger and queues the receipt
 * in the same transaction: after a crash the invoice is either paid with all of it, or still pending.
 */

type InvoiceRow = typeof invoices.$inferSelect;
export type Actor = `learner:${string}` | `staff:${string}` | 'gateway' | 'system';

/** The smallest total the gateway takes (Duitku: Rp10.000). */
export const GATEWAY_MINIMUM = 10_000;

/** What can move to what; paid moves only to refunded (by staff), and refunded is final. */
const NEXT: Record<InvoiceState, readonly InvoiceState[]> = {
  pending: ['paid', 'expired', 'failed', 'cancelled'],
  expired: ['paid'],
  failed: ['paid'],
  cancelled: ['paid'],
  paid: ['refunded'],
  refunded: [],
};

/** An order id the gateway sees: unguessable, sortable by day, within Duitku's 50 characters. */
export function newMerchantOrderId(now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `INV-${day}-${randomBytes(9).toString('base64url').replace(/[-_]/g, 'X').toUpperCase()}`;
}

/**
 * The ledger lines of a paid invoice: the money in at the gateway (less its fee), the tax owed, the
 * mentors' share of the price split evenly (the first mentors get the odd Rupiah), the rest revenue.
 */
export function paymentLines(
  invoice: Pick<InvoiceRow, 'amount' | 'vat' | 'total'>,
  fee: number,
  mentorIds: number[],
  mentorShareBps: number,
): LedgerLine[] {
  const mentorTotal = mentorIds.length ? Math.floor((invoice.amount * mentorShareBps) / 10_000) : 0;
  const each = mentorIds.length ? Math.floor(mentorTotal / mentorIds.length) : 0;
  const odd = mentorTotal - each * mentorIds.length;
  return [
    { account: ACCOUNTS.gateway, amount: invoice.total - fee },
    { account: ACCOUNTS.gatewayFee, amount: fee },
    { account: ACCOUNTS.vat, amount: -invoice.vat },
    { account: ACCOUNTS.platform, amount: -(invoice.amount - mentorTotal) },
    ...mentorIds.map((id, index) => ({ account: ACCOUNTS.mentor(id), amount: -(each + (index < odd ? 1 : 0)) })),
  ];
}

/** Moves an invoice from its current state to `to` when allowed; false when it had moved already. */
async function transition(
  tx: Tx,
  invoice: Pick<InvoiceRow, 'id' | 'status'>,
  to: InvoiceState,
  actor: Actor,
  note: string,
  set: Partial<InvoiceRow> = {},
): Promise<boolean> {
  const from = invoice.status as InvoiceState;
  if (!NEXT[from].includes(to)) return false;
  const moved = await tx
    .update(invoices)
    .set({ ...set, status: to })
    .where(and(eq(invoices.id, invoice.id), eq(invoices.status, from)))
    .returning({ id: invoices.id });
  if (!moved.length) return false;
  await tx.insert(invoiceEvents).values({ invoiceId: invoice.id, fromStatus: from, toStatus: to, actor, note });
  return true;
}

/**
 * Marks an invoice paid on the gateway's word (its transaction status said 00): enrols the learner
 * (once: the enrolment is unique per class and learner), posts the payment to the ledger (once per
 * invoice), cancels the learner's other open invoice of the class and queues the receipt. Money the
 * class cannot take (the learner already holds a seat, say after paying a late invoice and its
 * repayment, or the quota filled while the invoice was open) is still recorded as paid but owed
 * back: it goes to `refund-due` instead of revenue and mentors, no seat is given, staff are told.
 * Settling is serialised per class, so two payments never both take the last seat. Answers false
 * when the invoice was paid already.
 */
export async function settlePaid(
  db: Db,
  deps: PaymentsDeps,
  invoiceId: number,
  confirmed: Pick<TransactionStatus, 'reference' | 'fee'>,
  actor: Actor,
  note: string,
): Promise<boolean> {
  const [target] = await db.select({ classId: invoices.classId }).from(invoices).where(eq(invoices.id, invoiceId));
  if (!target) return false;
  const paid = await db.transaction(async (tx) => {
    // One settlement of a class at a time (also keeps two invoices of one learner from deadlocking).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`settle-class:${target.classId}`}, 0))`);
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    if (!invoice || invoice.status === 'paid') return false;
    const account = await paymentAccountOf(tx, deps, invoice.lmsId);
    const [item] = await tx.select({ quota: classes.quota }).from(classes).where(eq(classes.id, invoice.classId));
    const refund = (await isEnrolled(tx, invoice.classId, invoice.userId))
      ? 'Peserta sudah terdaftar di kelas ini (pembayaran ganda)'
      : item?.quota != null && (await seatsTaken(tx, invoice.classId)) >= item.quota
        ? 'Kuota kelas sudah penuh saat pembayaran masuk'
        : undefined;
    const moved = await transition(tx, invoice, 'paid', actor, refund ? `${note}; perlu refund: ${refund}` : note, {
      paidAt: new Date(),
      reference: confirmed.reference || invoice.reference,
      gatewayFee: confirmed.fee,
      paymentUrl: null,
    });
    if (!moved) return false;
    const fee = Math.min(confirmed.fee, invoice.total);
    const [learner] = await tx
      .select({ email: users.email, name: users.name, className: classes.name, classCode: classes.code })
      .from(users)
      .innerJoin(classes, eq(classes.id, invoice.classId))
      .where(eq(users.id, invoice.userId));
    if (refund) {
      await post(tx, {
        lmsId: invoice.lmsId,
        kind: 'class-payment',
        invoiceId: invoice.id,
        memo: `Pembayaran ${invoice.merchantOrderId}, perlu refund: ${refund}`,
        lines: [
          { account: ACCOUNTS.gateway, amount: invoice.total - fee },
          { account: ACCOUNTS.gatewayFee, amount: fee },
          { account: ACCOUNTS.refundDue, amount: -invoice.total },
        ],
      });
      const staff = await staffRecipients(tx, invoice.lmsId);
      if (learner) {
        if (staff.length) await enqueueMail(tx, invoice.lmsId, refundNoticeMail(staff, invoice, learner, refund));
        await enqueueMail(tx, invoice.lmsId, refundLearnerMail(invoice, learner));
      }
    } else {
      await tx
        .insert(enrolments)
        .values({ lmsId: invoice.lmsId, classId: invoice.classId, userId: invoice.userId, status: 'active' })
        .onConflictDoUpdate({
          target: [enrolments.classId, enrolments.userId],
          set: { status: 'active' },
          setWhere: eq(enrolments.status, 'cancelled'),
        });
      const mentorRows = await tx
        .select({ id: classMentors.mentorId })
        .from(classMentors)
        .where(eq(classMentors.classId, invoice.classId))
        .orderBy(asc(classMentors.position), asc(classMentors.mentorId));
      await post(tx, {
        lmsId: invoice.lmsId,
        kind: 'class-payment',
        invoiceId: invoice.id,
        memo: `Pembayaran ${invoice.merchantOrderId}`,
        lines: paymentLines(
          invoice,
          fee,
          mentorRows.map((row) => row.id),
          account.mentorShareBps,
        ),
      });
      if (learner) await enqueueMail(tx, invoice.lmsId, receiptMail({ ...invoice, reference: confirmed.reference }, learner));
    }
    // The learner's other open invoice of the class is moot now: nobody should pay it.
    const others = await tx
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.classId, invoice.classId),
          eq(invoices.userId, invoice.userId),
          eq(invoices.status, 'pending'),
          ne(invoices.id, invoice.id),
        ),
      );
    for (const other of others)
      await transition(tx, other, 'cancelled', 'system', `Kelas sudah dibayar lewat ${invoice.merchantOrderId}`, { paymentUrl: null });
    if (deps.crashPoint === 'settle') process.kill(process.pid, 'SIGKILL');
    return true;
  });
  return paid;
}

/**
 * Staff refund a paid invoice: it becomes `refunded`, the learner's enrolment in the class is
 * cancelled (so the seat and every perk it granted, such as premium course access, are withdrawn),
 * and the payment's revenue, tax and mentor shares move back to `refund-due`, owed to the learner
 * until the money is returned at the gateway. A payment that was already owed back (a double
 * payment) has nothing to reverse. Answers the invoice as it is now; 404 for another tenant's
 * invoice, 409 for one that is not paid.
 */
export async function refundInvoice(db: Db, lmsId: string, merchantOrderId: string, actor: Actor, reason: string): Promise<InvoiceRow> {
  const [target] = await db
    .select({ id: invoices.id, classId: invoices.classId })
    .from(invoices)
    .where(and(eq(invoices.lmsId, lmsId), eq(invoices.merchantOrderId, merchantOrderId)));
  if (!target) throw fail('invoiceNotFound');
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`settle-class:${target.classId}`}, 0))`);
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, target.id)).for('update');
    if (invoice?.status !== 'paid') throw fail('invoiceNotRefundable');
    if (!(await transition(tx, invoice, 'refunded', actor, `Refund: ${reason}`))) throw fail('invoiceNotRefundable');
    const payment = await tx
      .select({ account: ledgerEntries.account, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(and(eq(ledgerTransactions.invoiceId, invoice.id), eq(ledgerTransactions.kind, 'class-payment')));
    const reversed = payment
      .filter((line) => line.account !== ACCOUNTS.gateway && line.account !== ACCOUNTS.gatewayFee && line.account !== ACCOUNTS.refundDue)
      .map((line) => ({ account: line.account, amount: -line.amount }));
    const back = reversed.reduce((sum, line) => sum + line.amount, 0);
    if (back !== 0) {
      await post(tx, {
        lmsId: invoice.lmsId,
        kind: 'class-refund',
        invoiceId: invoice.id,
        memo: `Refund ${invoice.merchantOrderId}: ${reason}`.slice(0, 500),
        lines: [...reversed, { account: ACCOUNTS.refundDue, amount: -back }],
      });
      // The seat and its perks go with the money. (A double payment never had a seat of its own.)
      await tx
        .update(enrolments)
        .set({ status: 'cancelled' })
        .where(
          and(
            eq(enrolments.classId, invoice.classId),
            eq(enrolments.userId, invoice.userId),
            inArray(enrolments.status, ['active', 'completed']),
          ),
        );
    }
    const [learner] = await tx
      .select({ email: users.email, name: users.name, className: classes.name, classCode: classes.code })
      .from(users)
      .innerJoin(classes, eq(classes.id, invoice.classId))
      .where(eq(users.id, invoice.userId));
    if (learner) await enqueueMail(tx, invoice.lmsId, refundedMail(invoice, learner, reason, { hadSeat: back !== 0 }));
  });
  return reload(db, target.id);
}

/** Seats of a class taken by learners (every enrolment that is not cancelled). */
async function seatsTaken(db: Db | Tx, classId: number): Promise<number> {
  const [taken] = await (db as Db)
    .select({ n: sql<number>`count(*)::int` })
    .from(enrolments)
    .where(and(eq(enrolments.classId, classId), ne(enrolments.status, 'cancelled')));
  return taken?.n ?? 0;
}

/** Marks a pending invoice expired or failed as the gateway or the clock says. */
async function settleUnpaid(db: Db, invoice: InvoiceRow, to: 'expired' | 'failed', actor: Actor, note: string): Promise<boolean> {
  return db.transaction((tx) => transition(tx, invoice, to, actor, note, { paymentUrl: null }));
}

/**
 * Brings a pending invoice up to date with the gateway: paid when its transaction status says 00,
 * expired when it is past its expiry and the gateway does not say paid, failed when the gateway
 * cancelled it. A gateway that cannot be reached changes nothing (the invoice is asked again later).
 */
export async function refreshInvoice(db: Db, deps: PaymentsDeps, invoice: InvoiceRow, actor: Actor = 'system'): Promise<InvoiceRow> {
  if (invoice.status === 'expired' || invoice.status === 'failed' || invoice.status === 'cancelled')
    return recheckUnpaid(db, deps, invoice, actor);
  if (invoice.status !== 'pending') return invoice;
  const expired = invoice.expiresAt.getTime() <= Date.now();
  if (!invoice.reference) {
    // The gateway never answered the creation: past the expiry, nobody can pay it any more.
    if (expired) await settleUnpaid(db, invoice, 'expired', 'system', 'Kedaluwarsa sebelum gateway menjawab');
    return reload(db, invoice.id);
  }
  let status: TransactionStatus;
  try {
    const account = await paymentAccountOf(db, deps, invoice.lmsId);
    status = await deps.gateway.transactionStatus(account, invoice.merchantOrderId);
  } catch (error) {
    if (error instanceof GatewayError || error instanceof DomainError) return invoice;
    throw error;
  }
  await applyStatus(db, deps, invoice, status, actor);
  return reload(db, invoice.id);
}

/**
 * Moves a pending invoice as the gateway's transaction status says: paid on 00 (the amount the
 * invoice's), expired or failed on 02, expired on 01 past its expiry. Answers whether it moved.
 */
export async function applyStatus(
  db: Db,
  deps: PaymentsDeps,
  invoice: InvoiceRow,
  status: TransactionStatus,
  actor: Actor,
): Promise<boolean> {
  const expired = invoice.expiresAt.getTime() <= Date.now();
  if (status.statusCode === '00' && status.amount === invoice.total)
    return settlePaid(db, deps, invoice.id, status, actor, 'Status transaksi gateway: 00');
  if (status.statusCode === '02') {
    // 02 is both "cancelled" and "expired" at the gateway; its message tells them apart.
    const to = expired || /expired/i.test(status.statusMessage) ? 'expired' : 'failed';
    return settleUnpaid(db, invoice, to, 'gateway', `Status transaksi gateway: 02 ${status.statusMessage}`);
  }
  if (expired) return settleUnpaid(db, invoice, 'expired', 'system', 'Melewati batas waktu pembayaran');
  return false;
}

/**
 * An expired or failed invoice the gateway may still have been paid for (a late payment whose
 * callbacks were given up on): asked once more while it is recent, so the learner's page says paid.
 */
async function recheckUnpaid(db: Db, deps: PaymentsDeps, invoice: InvoiceRow, actor: Actor): Promise<InvoiceRow> {
  if (!invoice.reference || Date.now() - invoice.expiresAt.getTime() > RECHECK_UNPAID_MS) return invoice;
  if (await isEnrolled(db, invoice.classId, invoice.userId)) return invoice;
  try {
    const account = await paymentAccountOf(db, deps, invoice.lmsId);
    const status = await deps.gateway.transactionStatus(account, invoice.merchantOrderId);
    if (status.statusCode !== '00' || status.amount !== invoice.total) return invoice;
    await settlePaid(db, deps, invoice.id, status, actor, 'Status transaksi gateway: 00 (pembayaran terlambat)');
  } catch (error) {
    if (error instanceof GatewayError || error instanceof DomainError) return invoice;
    throw error;
  }
  return reload(db, invoice.id);
}

/** How long after its expiry an unpaid invoice is still asked about. */
const RECHECK_UNPAID_MS = 7 * 24 * 3_600_000;

async function reload(db: Db | Tx, id: number): Promise<InvoiceRow> {
  const [row] = await (db as Db).select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw fail('invoiceNotFound');
  return row;
}

/** The class an invoice is for, by slug or code, with what paying for it depends on. */
async function payableClass(db: Db, lmsId: string, slug: string) {
  const [row] = await db
    .select({
      id: classes.id,
      name: classes.name,
      code: classes.code,
      slug: classes.slug,
      price: classes.price,
      quota: classes.quota,
      state: classState,
    })
    .from(classes)
    .where(and(eq(classes.lmsId, lmsId), or(eq(classes.slug, slug), eq(classes.code, slug))))
    .limit(1);
  if (!row) throw fail('classNotFound');
  return row;
}

async function isEnrolled(db: Db | Tx, classId: number, userId: string): Promise<boolean> {
  const rows = await (db as Db)
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(and(eq(enrolments.classId, classId), eq(enrolments.userId, userId), inArray(enrolments.status, ['active', 'completed'])));
  return rows.length > 0;
}

/** Who the invoice is for and where the gateway sends them and its callback. */
export interface InvoiceRequester {
  /** The learner's tenant: its invoice, payment account and receipt. */
  lmsId: string;
  /** The tenant whose catalogue sells the class (its own unless it shares another's). */
  catalogueLmsId: string;
  /** The tenant's one PPN rule: the invoice splits the published price with it, as every page does. */
  tax: TaxRule;
  user: { id: string; name: string; email: string };
  /** The site the learner pays from: the gateway's return URL is its /CallbackPayment. */
  siteOrigin: string;
  /** Where the gateway posts callbacks (this API's public origin). */
  callbackOrigin: string;
}

/**
 * POST v1/class/payment/invoice: the learner's open invoice for the class, or a new one (created:
 * true). A class that is free, closed, full or already paid for is refused with a reason.
 */
export async function openInvoice(
  db: Db,
  deps: PaymentsDeps,
  requester: InvoiceRequester,
  slug: string,
  repays?: InvoiceRow,
): Promise<{ invoice: InvoiceRow; created: boolean }> {
  const { lmsId, user } = requester;
  const item = await payableClass(db, requester.catalogueLmsId, slug);
  if (item.price <= 0) throw fail('classFree');
  if (await isEnrolled(db, item.id, user.id)) throw fail('alreadyEnrolled');
  const open = await pendingInvoice(db, item.id, user.id);
  if (open) {
    const fresh = await refreshInvoice(db, deps, open, `learner:${user.id}`);
    if (fresh.status === 'paid') throw fail('alreadyEnrolled');
    if (fresh.status === 'pending')
      return { invoice: fresh.reference ? fresh : await createAtGateway(db, deps, requester, fresh), created: false };
  }
  if (item.state !== 'registration') throw fail('registrationClosed');
  if (item.quota !== null && (await seatsTaken(db, item.id)) >= item.quota) throw fail('classFull');
  const account = await paymentAccountOf(db, deps, lmsId);
  const price = priceBreakdown(item.price, requester.tax);
  if (price.total < GATEWAY_MINIMUM) throw fail('belowGatewayMinimum');
  const now = new Date();
  let row: InvoiceRow | undefined;
  try {
    row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(invoices)
        .values({
          lmsId,
          merchantOrderId: newMerchantOrderId(now),
          classId: item.id,
          userId: user.id,
          amount: price.amount,
          vat: price.vat,
          total: price.total,
          vatBps: requester.tax.vatBps,
          vatIncluded: requester.tax.included,
          merchantCode: account.merchantCode,
          repays: repays?.id ?? null,
          createdAt: now,
          expiresAt: new Date(now.getTime() + account.expiryMinutes * 60_000),
        })
        .returning();
      if (!inserted) throw new Error('invoice not stored');
      await tx.insert(invoiceEvents).values({
        invoiceId: inserted.id,
        fromStatus: null,
        toStatus: 'pending',
        actor: `learner:${user.id}`,
        note: repays ? `Bayar ulang ${repays.merchantOrderId}` : 'Tagihan dibuat',
      });
      return inserted;
    });
  } catch (error) {
    // Two tabs at once: the other one's invoice is the open one.
    if (sqlState(error) !== UNIQUE_VIOLATION) throw error;
    const other = await pendingInvoice(db, item.id, user.id);
    if (!other) throw error;
    // Its creator may still be waiting for the gateway: asking again with the same order id is safe.
    return { invoice: other.reference ? other : await createAtGateway(db, deps, requester, other, account), created: false };
  }
  return { invoice: await createAtGateway(db, deps, requester, row, account), created: true };
}

async function pendingInvoice(db: Db, classId: number, userId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.classId, classId), eq(invoices.userId, userId), eq(invoices.status, 'pending')));
  return row;
}

/**
 * Creates the invoice's payment at the gateway (outside any transaction: no lock waits on the
 * network). A gateway that cannot be reached leaves the invoice pending without a payment page, and
 * the next request tries again with the same order id; a refusal marks it failed.
 */
async function createAtGateway(
  db: Db,
  deps: PaymentsDeps,
  requester: InvoiceRequester,
  invoice: InvoiceRow,
  known?: TenantPaymentAccount,
): Promise<InvoiceRow> {
  const account = known ?? (await paymentAccountOf(db, deps, invoice.lmsId));
  const [item] = await db.select({ name: classes.name, code: classes.code }).from(classes).where(eq(classes.id, invoice.classId));
  // Whole minutes left, rounded down: the gateway must never take money after our expiry.
  const minutes = Math.floor((invoice.expiresAt.getTime() - Date.now()) / 60_000);
  if (minutes < 1) {
    await settleUnpaid(db, invoice, 'expired', 'system', 'Kedaluwarsa sebelum gateway menjawab');
    throw fail('invoiceExpired');
  }
  const productDetails = `Kelas ${item?.name ?? ''} (${item?.code ?? ''})`.slice(0, 255);
  try {
    const created = await deps.gateway.createInvoice(account, {
      merchantOrderId: invoice.merchantOrderId,
      paymentAmount: invoice.total,
      productDetails,
      email: requester.user.email,
      customerName: requester.user.name.slice(0, 20),
      itemDetails: [
        { name: productDetails, price: invoice.amount, quantity: 1 },
        ...(invoice.vat > 0 ? [{ name: 'PPN', price: invoice.vat, quantity: 1 }] : []),
      ],
      callbackUrl: `${requester.callbackOrigin}/api/v1/class/payment/callback`,
      returnUrl: `${requester.siteOrigin}/CallbackPayment`,
      expiryPeriod: minutes,
      merchantUserInfo: requester.user.email,
    });
    const [row] = await db
      .update(invoices)
      .set({ paymentUrl: created.paymentUrl, reference: created.reference })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.status, 'pending')))
      .returning();
    return row ?? (await reload(db, invoice.id));
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (!error.retryable) await settleUnpaid(db, invoice, 'failed', 'gateway', `Gateway menolak tagihan: ${error.message}`.slice(0, 500));
    throw fail(error.retryable ? 'gatewayDown' : 'gatewayRefused');
  }
}

/** GET v1/class/repay: a fresh invoice for a class whose latest invoice expired unpaid. */
export async function repayInvoice(db: Db, deps: PaymentsDeps, requester: InvoiceRequester, slug: string) {
  const item = await payableClass(db, requester.catalogueLmsId, slug);
  const latest = await latestInvoice(db, item.id, requester.user.id);
  if (!latest) throw fail('noInvoiceYet');
  const fresh = await refreshInvoice(db, deps, latest, `learner:${requester.user.id}`);
  if (fresh.status === 'paid') throw fail('alreadyEnrolled');
  if (fresh.status === 'pending') throw fail('invoiceStillOpen');
  if (fresh.status === 'failed') throw fail('invoiceFailed');
  return openInvoice(db, deps, requester, slug, fresh);
}

async function latestInvoice(db: Db, classId: number, userId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.classId, classId), eq(invoices.userId, userId)))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(1);
  return row;
}

/**
 * POST v1/class/payment/detail: an invoice of the learner (an admin of the tenant may read any) by
 * order id, or the learner's latest for a class by slug (null when none); pending ones are brought
 * up to date with the gateway first.
 */
export async function invoiceDetail(
  db: Db,
  deps: PaymentsDeps,
  viewer: { lmsId: string; catalogueLmsId: string; id: string; staff: boolean },
  by: { merchantOrderId?: string | undefined; slug?: string | undefined },
): Promise<Invoice | null> {
  let row: InvoiceRow | undefined;
  if (by.merchantOrderId) {
    [row] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.lmsId, viewer.lmsId), eq(invoices.merchantOrderId, by.merchantOrderId)));
    if (!row || (!viewer.staff && row.userId !== viewer.id)) throw fail('invoiceNotFound');
  } else {
    const item = await payableClass(db, viewer.catalogueLmsId, by.slug ?? '');
    row = await latestInvoice(db, item.id, viewer.id);
    if (!row) return null;
  }
  return toInvoice(db, await refreshInvoice(db, deps, row, row.userId === viewer.id ? `learner:${viewer.id}` : `staff:${viewer.id}`));
}

/** GET v1/class/enrolment: the learner's seat in a class of the catalogue the tenant shows (any way it was given). */
export async function enrolmentOf(db: Db, viewer: { catalogueLmsId: string; id: string }, slug: string): Promise<ClassEnrolment> {
  const item = await payableClass(db, viewer.catalogueLmsId, slug);
  const [row] = await db
    .select({ status: enrolments.status })
    .from(enrolments)
    .where(and(eq(enrolments.classId, item.id), eq(enrolments.userId, viewer.id), inArray(enrolments.status, ['active', 'completed'])));
  return { enrolled: row !== undefined, status: (row?.status as ClassEnrolment['status']) ?? null };
}

/** The invoice as the contract shows it. */
export async function toInvoice(db: Db, row: InvoiceRow): Promise<Invoice> {
  const [item] = await db
    .select({ code: classes.code, slug: classes.slug, name: classes.name })
    .from(classes)
    .where(eq(classes.id, row.classId));
  return {
    merchantOrderId: row.merchantOrderId,
    classCode: item?.code ?? '',
    classSlug: item?.slug ?? '',
    className: item?.name ?? '',
    amount: row.amount,
    vat: row.vat,
    total: row.total,
    status: row.status as InvoiceState,
    paymentUrl: row.status === 'pending' ? row.paymentUrl : null,
    reference: row.reference,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expiryHours: Math.round(((row.expiresAt.getTime() - row.createdAt.getTime()) / 3_600_000) * 100) / 100,
    paidAt: row.paidAt?.toISOString() ?? null,
    enrolled: await isEnrolled(db, row.classId, row.userId),
  };
}

/** GET v1/class/payment/callback: an order's state, read only (nothing changes on a GET). */
export async function orderStatus(db: Db, lmsId: string, merchantOrderId: string) {
  const [row] = await db
    .select({ merchantOrderId: invoices.merchantOrderId, status: invoices.status })
    .from(invoices)
    .where(and(eq(invoices.lmsId, lmsId), eq(invoices.merchantOrderId, merchantOrderId)));
  if (!row) throw fail('invoiceNotFound');
  return { merchantOrderId: row.merchantOrderId, status: row.status as InvoiceState };
}

/**
 * One reconciliation pass: pending invoices the gateway knows (older than two minutes, so a learner
 * in the middle of paying is left alone) and unpaid ones that expired in the last week, oldest
 * first, at most `limit`. Each is brought up to date as a detail call would. Answers how many moved.
 */
export async function reconcileInvoices(db: Db, deps: PaymentsDeps, limit = 50): Promise<number> {
  const rows = await db
    .select()
    .from(invoices)
    .where(
      and(
        sql`${invoices.reference} is not null`,
        or(
          and(eq(invoices.status, 'pending'), sql`${invoices.createdAt} < now() - interval '2 minutes'`),
          and(
            inArray(invoices.status, ['expired', 'failed', 'cancelled']),
            sql`${invoices.expiresAt} > now() - make_interval(secs => ${RECHECK_UNPAID_MS / 1000})`,
          ),
        ),
      ),
    )
    .orderBy(asc(invoices.createdAt))
    .limit(limit);
  let moved = 0;
  for (const row of rows) if ((await refreshInvoice(db, deps, row)).status !== row.status) moved += 1;
  return moved;
}
