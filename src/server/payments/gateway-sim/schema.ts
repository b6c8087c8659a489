import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from '../../db/columns';

/**
 * The embedded payment gateway simulator's own books (`payments/gateway-sim/`): the gateway's side of
 * the protocol, kept apart from the merchant's tables (invoices, ledger) exactly as a real gateway's
 * data would be. Used only where the deployment points its gateway URL at the simulator.
 */

/** A merchant the simulator knows: its code and API key (the key signs both ways). */
export const gatewaySimMerchants = pgTable('gateway_sim_merchants', {
  merchantCode: text('merchant_code').primaryKey(),
  apiKey: text('api_key').notNull(),
  name: text('name').notNull().default(''),
  createdAt: createdAt(),
});

/** A transaction created by createInvoice: `01` pending, `00` paid, `02` cancelled, failed or expired. */
export const gatewaySimTransactions = pgTable(
  'gateway_sim_transactions',
  {
    reference: text('reference').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    merchantOrderId: text('merchant_order_id').notNull(),
    amount: integer('amount').notNull(),
    productDetails: text('product_details').notNull().default(''),
    email: text('email').notNull().default(''),
    customerName: text('customer_name').notNull().default(''),
    additionalParam: text('additional_param').notNull().default(''),
    merchantUserInfo: text('merchant_user_info').notNull().default(''),
    callbackUrl: text('callback_url').notNull(),
    returnUrl: text('return_url').notNull(),
    statusCode: text('status_code').notNull().default('01'),
    /** The gateway's fee on a paid transaction, whole Rupiah. */
    fee: integer('fee').notNull().default(0),
    paymentCode: text('payment_code').notNull().default(''),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    settledAt: at('settled_at'),
  },
  (table) => [uniqueIndex('gateway_sim_transactions_order').on(table.merchantCode, table.merchantOrderId)],
);

/** A callback to deliver to a merchant: retried with back-off until it answers HTTP 200. */
export const gatewaySimCallbacks = pgTable(
  'gateway_sim_callbacks',
  {
    id: id(),
    reference: text('reference').notNull(),
    url: text('url').notNull(),
    /** The form fields sent, signature included. */
    fields: jsonb('fields').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    /** Until when a sender holds it (a lease, so two senders never post it at once). */
    lockedUntil: at('locked_until'),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    deliveredAt: at('delivered_at'),
    /** Given up after the last retry. */
    abandonedAt: at('abandoned_at'),
    createdAt: createdAt(),
  },
  (table) => [index('gateway_sim_callbacks_due').on(table.nextAttemptAt)],
);
