import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { classes, mentors } from '../catalogue/schema';
import { at, createdAt, id, lmsId, ref } from '../db/columns';
import { users } from '../identity/schema';
import { tenants } from '../tenants/schema';

/**
 * Class payments and mentor payouts. Money is whole Rupiah in integer columns. The
 * ledger is double entry and append-only: every transaction's entries sum to zero (a deferred
 * constraint trigger checks it at commit, migration 0009), entries are never updated or deleted, and
 * every balance (a mentor's available money, what is held for payouts, what was paid out) is a sum of
 * entries, never a stored number.
 */

/** A tenant's merchant account at the payment gateway (Duitku) and its money rules. */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    lmsId: text('lms_id')
      .primaryKey()
      .references(() => tenants.lmsId, { onDelete: 'cascade' }),
    merchantCode: text('merchant_code').notNull(),
    /** The merchant's API key: signs requests and verifies callbacks; never leaves the server. */
    apiKey: text('api_key').notNull(),
    /** The gateway's base URL; null: the deployment's (`DUITKU_BASE_URL`, else the embedded simulator). */
    baseUrl: text('base_url'),
    /** The mentors' share of a class's price (before tax), in basis points, split among its mentors. */
    mentorShareBps: integer('mentor_share_bps').notNull().default(7000),
    /** How long an invoice can be paid, in minutes (the gateway's `expiryPeriod`). */
    expiryMinutes: integer('expiry_minutes').notNull().default(1440),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('payment_accounts_bps', sql`${table.mentorShareBps} between 0 and 10000`),
    check('payment_accounts_expiry', sql`${table.expiryMinutes} between 1 and 43200`),
  ],
);

/**
 * A learner's invoice for a class; at most one pending per learner and class. Two paid ones can only
 * happen when the gateway takes money for an invoice we had given up on: it is recorded, never lost.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    lmsId: lmsId(),
    /** Our order id at the gateway (its `merchantOrderId`): unique across tenants, unguessable. */
    merchantOrderId: text('merchant_order_id').notNull().unique(),
    classId: ref('class_id')
      .notNull()
      .references(() => classes.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amount: integer('amount').notNull(),
    vat: integer('vat').notNull(),
    total: integer('total').notNull(),
    /** The tenant's PPN rule the invoice was split under (contract/tax.ts): it names the receipt's PPN line… */
    vatBps: integer('vat_bps').notNull(),
    /** …with whether the published price included it; a later change of the tenant's rule changes neither. */
    vatIncluded: boolean('vat_included').notNull(),
    /** pending, paid, expired, failed, cancelled (contract/payments.ts INVOICE_STATES). */
    status: text('status').notNull().default('pending'),
    /** The gateway's payment page and transaction reference (null until the gateway answered). */
    paymentUrl: text('payment_url'),
    reference: text('reference'),
    /** What the gateway kept of the total (from its transaction status), known once paid. */
    gatewayFee: integer('gateway_fee'),
    /** The merchant code the invoice was issued under: a callback must name the same one. */
    merchantCode: text('merchant_code').notNull(),
    /** The expired invoice this one repays. */
    repays: ref('repays'),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    paidAt: at('paid_at'),
  },
  (table) => [
    uniqueIndex('invoices_one_pending').on(table.classId, table.userId).where(sql`status = 'pending'`),
    index('invoices_user').on(table.lmsId, table.userId, table.createdAt),
    check('invoices_status', sql`${table.status} in ('pending', 'paid', 'expired', 'failed', 'cancelled', 'refunded')`),
    check('invoices_money', sql`${table.amount} > 0 and ${table.vat} >= 0 and ${table.total} = ${table.amount} + ${table.vat}`),
  ],
);

/** Every change of an invoice's state: from, to, who (`learner:<id>`, `gateway`, `system`) and when. */
export const invoiceEvents = pgTable(
  'invoice_events',
  {
    id: id(),
    invoiceId: ref('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    note: text('note').notNull().default(''),
    at: createdAt(),
  },
  (table) => [index('invoice_events_invoice').on(table.invoiceId, table.id)],
);

/** Every callback the gateway (or anyone) sent, accepted or refused, with what was done. */
export const paymentCallbacks = pgTable(
  'payment_callbacks',
  {
    id: id(),
    lmsId: text('lms_id').references(() => tenants.lmsId, { onDelete: 'cascade' }),
    invoiceId: ref('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    /** The fields as sent (the signature included: it proves nothing without the key). */
    fields: jsonb('fields').notNull(),
    remoteAddress: text('remote_address').notNull().default(''),
    /** accepted (changed the invoice), duplicate (nothing to change), ignored (pending news), refused, error (ours: the gateway retries). */
    outcome: text('outcome').notNull(),
    reason: text('reason').notNull().default(''),
    httpStatus: integer('http_status').notNull(),
    receivedAt: createdAt(),
  },
  (table) => [index('payment_callbacks_invoice').on(table.invoiceId, table.id)],
);

/**
 * A mentor's payout request. The amount is held in the ledger when asked for; an admin of the tenant
 * (never the mentor themself) approves it (paid out) or rejects it (the hold is released).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    lmsId: lmsId(),
    mentorId: ref('mentor_id')
      .notNull()
      .references(() => mentors.id),
    /** The mentor's account that asked. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    bank: text('bank').notNull(),
    accountNumber: text('account_number').notNull(),
    amount: integer('amount').notNull(),
    /** requested, approved, rejected. */
    status: text('status').notNull().default('requested'),
    requestedAt: createdAt(),
    decidedAt: at('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id),
    reason: text('reason'),
  },
  (table) => [
    index('payouts_tenant').on(table.lmsId, table.status, table.requestedAt),
    index('payouts_mentor').on(table.mentorId, table.requestedAt),
    check('payouts_status', sql`${table.status} in ('requested', 'approved', 'rejected')`),
    check('payouts_amount', sql`${table.amount} >= 10000`),
  ],
);

/**
 * A ledger transaction: one business event (a class paid, a payout held, released or paid out).
 * A class payment is posted once per invoice, each payout step once per payout.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: id(),
    lmsId: lmsId(),
    /** class-payment, payout-hold, payout-release, payout-paid. */
    kind: text('kind').notNull(),
    invoiceId: ref('invoice_id').references(() => invoices.id),
    payoutId: ref('payout_id').references(() => payouts.id),
    memo: text('memo').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_transactions_invoice').on(table.invoiceId, table.kind).where(sql`invoice_id is not null`),
    uniqueIndex('ledger_transactions_payout').on(table.payoutId, table.kind).where(sql`payout_id is not null`),
  ],
);

/**
 * One line of a ledger transaction: a signed amount on an account (positive debit, negative credit).
 * Accounts: `gateway` (money at the gateway and bank), `gateway-fee`, `vat` (PPN owed),
 * `platform` (the provider's revenue), `refund-due` (owed back to learners), `mentor:<mentor id>` (owed to a mentor),
 * `payout-hold:<mentor id>` (asked for, waiting for approval).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    transactionId: ref('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    lmsId: lmsId(),
    account: text('account').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('ledger_entries_account').on(table.lmsId, table.account),
    index('ledger_entries_transaction').on(table.transactionId),
    check('ledger_entries_nonzero', sql`${table.amount} <> 0`),
  ],
);
