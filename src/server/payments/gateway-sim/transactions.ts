import { randomInt } from 'node:crypto';
import { and, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { gatewaySimTransactions } from '../../db/schema';
import type { GatewayStatusCode } from '../gateway';

/*
 * The simulator's transactions. A pending transaction (`01`) past its expiry reads as expired
 * (`02` EXPIRED) without anyone writing it, always judged by the database's clock. `02` with a
 * `settledAt` was decided (failed or cancelled: CANCELED); `02` without one ran out (EXPIRED).
 */

const T = gatewaySimTransactions;
export type SimTransactionRow = typeof T.$inferSelect;
/** A transaction as read, with whether it is pending past its expiry. */
export type SimTransaction = SimTransactionRow & { lapsed: boolean };

const withLapsed = { ...getTableColumns(T), lapsed: sql<boolean>`(${T.statusCode} = '01' and ${T.expiresAt} <= now())`.as('lapsed') };

/** Where a transaction stands as the gateway reports it. */
export function standing(tx: SimTransaction): {
  statusCode: GatewayStatusCode;
  statusMessage: 'SUCCESS' | 'PENDING' | 'CANCELED' | 'EXPIRED';
} {
  if (tx.statusCode === '00') return { statusCode: '00', statusMessage: 'SUCCESS' };
  if (tx.statusCode === '01' && !tx.lapsed) return { statusCode: '01', statusMessage: 'PENDING' };
  return { statusCode: '02', statusMessage: tx.statusCode === '02' && tx.settledAt ? 'CANCELED' : 'EXPIRED' };
}

export async function findTransaction(db: Db | Tx, reference: string): Promise<SimTransaction | undefined> {
  const [found] = await db.select(withLapsed).from(T).where(eq(T.reference, reference));
  return found;
}

export async function findTransactionByOrder(
  db: Db | Tx,
  merchantCode: string,
  merchantOrderId: string,
): Promise<SimTransaction | undefined> {
  const [found] = await db
    .select(withLapsed)
    .from(T)
    .where(and(eq(T.merchantCode, merchantCode), eq(T.merchantOrderId, merchantOrderId)));
  return found;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** A reference as Duitku writes them: the merchant code and random uppercase letters and digits. */
export function newReference(merchantCode: string): string {
  let tail = '';
  for (let i = 0; i < 16; i++) tail += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return `${merchantCode}${tail}`;
}

export type NewTransaction = Omit<typeof T.$inferInsert, 'reference' | 'expiresAt' | 'createdAt' | 'statusCode'> & {
  expiryMinutes: number;
};

/**
 * Creates the transaction of createInvoice; the same order again with the same amount is the one
 * already made (the merchant retrying after a lost answer), with another amount a conflict.
 */
export async function openTransaction(db: Db, values: NewTransaction): Promise<{ ok: true; transaction: SimTransaction } | { ok: false }> {
  const { expiryMinutes, ...rest } = values;
  const [created] = await db
    .insert(T)
    .values({ ...rest, reference: newReference(values.merchantCode), expiresAt: sql`now() + ${expiryMinutes}::int * interval '1 minute'` })
    .onConflictDoNothing({ target: [T.merchantCode, T.merchantOrderId] })
    .returning({ reference: T.reference });
  const transaction = created
    ? await findTransaction(db, created.reference)
    : await findTransactionByOrder(db, values.merchantCode, values.merchantOrderId);
  if (!transaction) throw new Error(`transaksi simulator ${values.merchantOrderId} hilang setelah dibuat`);
  return created || transaction.amount === values.amount ? { ok: true, transaction } : { ok: false };
}

/** What a payer can do on the payment page. */
export type PayAction = 'pay' | 'fail' | 'expire';

/**
 * Applies the payer's choice to a transaction that is still pending and unexpired (one statement,
 * so two clicks never both count); undefined when it no longer is.
 */
export async function decideTransaction(
  db: Db | Tx,
  reference: string,
  action: PayAction,
  fee: number,
): Promise<SimTransaction | undefined> {
  const set =
    action === 'pay'
      ? { statusCode: '00', fee, paymentCode: 'VA', settledAt: sql`now()` }
      : action === 'fail'
        ? { statusCode: '02', settledAt: sql`now()` }
        : { statusCode: '02', expiresAt: sql`now()` };
  const [changed] = await db
    .update(T)
    .set(set)
    .where(and(eq(T.reference, reference), eq(T.statusCode, '01'), gt(T.expiresAt, sql`now()`)))
    .returning({ reference: T.reference });
  return changed ? findTransaction(db, changed.reference) : undefined;
}

/**
 * Sets the gateway's side of a transaction as a tester says, sending nothing: `00` paid (fee and
 * payment code as a payment would set them), `02` cancelled, `01` pending again (for an hour more
 * when it had run out).
 */
export async function forceTransactionState(
  db: Db,
  reference: string,
  statusCode: GatewayStatusCode,
  fee: number,
): Promise<SimTransaction | undefined> {
  const set =
    statusCode === '00'
      ? { statusCode, fee, paymentCode: sql`case when ${T.paymentCode} = '' then 'VA' else ${T.paymentCode} end`, settledAt: sql`now()` }
      : statusCode === '02'
        ? { statusCode, settledAt: sql`now()` }
        : {
            statusCode,
            fee: 0,
            paymentCode: '',
            settledAt: null,
            expiresAt: sql`case when ${T.expiresAt} <= now() then now() + interval '1 hour' else ${T.expiresAt} end`,
          };
  const [changed] = await db.update(T).set(set).where(eq(T.reference, reference)).returning({ reference: T.reference });
  return changed ? findTransaction(db, changed.reference) : undefined;
}
