import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { ledgerEntries, ledgerTransactions } from '../db/schema';

/*
 * The double-entry ledger (payments/schema.ts): a transaction's lines sum to zero (checked here
 * and again by the database at commit), nothing is ever updated, and every balance is a sum.
 * Positive amounts are debits, negative credits; money owed (to a mentor, held for a payout, tax)
 * sits on the credit side, so what is owed is minus the account's sum.
 */

export const ACCOUNTS = {
  /** Money at the gateway and in the bank. */
  gateway: 'gateway',
  /** What the gateway kept of a payment. */
  gatewayFee: 'gateway-fee',
  /** PPN collected, owed to the tax office. */
  vat: 'vat',
  /** The provider's revenue. */
  platform: 'platform',
  /** Money taken that the class could not take (a second payment, a full class): owed back to the learner. */
  refundDue: 'refund-due',
  /** Owed to a mentor, free to ask for. */
  mentor: (mentorId: number) => `mentor:${mentorId}`,
  /** Asked for in a payout that waits for approval. */
  hold: (mentorId: number) => `payout-hold:${mentorId}`,
} as const;

export type LedgerKind = 'class-payment' | 'class-refund' | 'payout-hold' | 'payout-release' | 'payout-paid';

export interface LedgerLine {
  account: string;
  /** Whole Rupiah; positive debit, negative credit; zero lines are left out. */
  amount: number;
}

export interface LedgerPosting {
  lmsId: string;
  kind: LedgerKind;
  invoiceId?: number | undefined;
  payoutId?: number | undefined;
  memo: string;
  lines: LedgerLine[];
}

/** Posts one balanced transaction in `tx`; throws before writing anything that does not balance. */
export async function post(tx: Tx, posting: LedgerPosting): Promise<number> {
  const lines = posting.lines.filter((line) => line.amount !== 0);
  for (const line of lines) if (!Number.isSafeInteger(line.amount)) throw new Error(`ledger: ${line.amount} bukan rupiah bulat`);
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  if (total !== 0) throw new Error(`ledger: transaksi ${posting.kind} tidak seimbang (${total})`);
  if (lines.length < 2) throw new Error(`ledger: transaksi ${posting.kind} tanpa dua sisi`);
  const [row] = await tx
    .insert(ledgerTransactions)
    .values({
      lmsId: posting.lmsId,
      kind: posting.kind,
      invoiceId: posting.invoiceId ?? null,
      payoutId: posting.payoutId ?? null,
      memo: posting.memo,
    })
    .returning({ id: ledgerTransactions.id });
  if (!row) throw new Error('ledger: transaksi tidak tersimpan');
  await tx.insert(ledgerEntries).values(lines.map((line) => ({ transactionId: row.id, lmsId: posting.lmsId, ...line })));
  return row.id;
}

/**
 * A mentor's money: what may be asked for, what is held, what was paid out and all ever earned. A
 * mentor's accounts are theirs whichever tenant's books a line is in (mentor ids are unique across
 * tenants): a class of their tenant's catalogue sold on a site that shares it (pesilat selling demo's)
 * books the payment under the selling tenant, and its share is the mentor's all the same.
 */
export async function mentorBalance(db: Db | Tx, mentorId: number) {
  const sums = await (db as Db)
    .select({ account: ledgerEntries.account, kind: ledgerTransactions.kind, sum: sql<string>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(inArray(ledgerEntries.account, [ACCOUNTS.mentor(mentorId), ACCOUNTS.hold(mentorId)]))
    .groupBy(ledgerEntries.account, ledgerTransactions.kind);
  let available = 0;
  let held = 0;
  let paidOut = 0;
  let earned = 0;
  for (const row of sums) {
    const sum = Number(row.sum);
    if (row.account === ACCOUNTS.mentor(mentorId)) {
      available -= sum;
      if (row.kind === 'class-payment' || row.kind === 'class-refund') earned -= sum;
    } else if (row.account === ACCOUNTS.hold(mentorId)) {
      held -= sum;
      // Paying out debits the hold: the money left the books.
      if (row.kind === 'payout-paid') paidOut += sum;
    }
  }
  return { available, held, paidOut, earned };
}

/** Every transaction of a tenant whose lines do not sum to zero (none, if the books are right). */
export async function unbalancedTransactions(db: Db | Tx, lmsId?: string): Promise<number[]> {
  const rows = await (db as Db)
    .select({ id: ledgerEntries.transactionId })
    .from(ledgerEntries)
    .where(lmsId ? eq(ledgerEntries.lmsId, lmsId) : undefined)
    .groupBy(ledgerEntries.transactionId)
    .having(sql`sum(${ledgerEntries.amount}) <> 0`);
  return rows.map((row) => row.id);
}
