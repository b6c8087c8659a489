import { aliasedTable, and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { bankName, maskAccount, type Payout, type PayoutListParams, type PayoutState } from '~/contract/payments';
import { formatRupiah } from '~/lib/format/money';
import type { Db, Tx } from '../db/client';
import { mentors, payouts, users } from '../db/schema';
import { enqueueMail, staffRecipients } from '../mail';
import { fail } from '../platform/errors';
import { pageOf } from '../platform/paging';
import { ACCOUNTS, mentorBalance, post } from './ledger';
import { payoutDecidedMail, payoutRequestedMail } from './mails';

/*
 * Mentors' payouts (SPEC §7 v2/payout/*). A request holds its amount in the ledger at once (from
 * `mentor:<id>` to `payout-hold:<id>`), under a per-mentor lock so that requests racing each other
 * can never together ask for more than the balance. An admin of the tenant, never the mentor
 * themself, approves (the held money is paid out) or rejects (the hold goes back to the balance).
 */

type PayoutRow = typeof payouts.$inferSelect;

export interface Viewer {
  lmsId: string;
  id: string;
  name: string;
  email: string;
  role: string | null;
}

const STAFF = new Set(['admin', 'superadmin']);
export const isStaff = (viewer: Pick<Viewer, 'role'>) => STAFF.has(viewer.role ?? '');

/** The mentor profile the account is linked to; 404 when it has none. */
export async function mentorOf(db: Db | Tx, viewer: Viewer) {
  const [row] = await (db as Db)
    .select({ id: mentors.id, name: mentors.name })
    .from(mentors)
    .where(and(eq(mentors.lmsId, viewer.lmsId), eq(mentors.userId, viewer.id)))
    .limit(1);
  if (!row) throw fail('mentorProfileMissing');
  return row;
}

/** GET v2/payout/balance: the signed-in mentor's money, every figure a ledger sum. */
export async function balanceOf(db: Db, viewer: Viewer) {
  const mentor = await mentorOf(db, viewer);
  return mentorBalance(db, mentor.id);
}

/** POST v2/payout/request: holds `amount` for the mentor when the balance allows it. */
export async function requestPayout(
  tx: Tx,
  viewer: Viewer,
  input: { name: string; email: string; bank: string; accountNumber: string; amount: number },
): Promise<Payout> {
  const mentor = await mentorOf(tx, viewer);
  // One request of a mentor at a time: the balance read below cannot change until this commits.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`payout:${mentor.id}`}, 0))`);
  const { available } = await mentorBalance(tx, mentor.id);
  if (input.amount > available) throw fail('balanceTooLow', { available: formatRupiah(available) });
  const [row] = await tx
    .insert(payouts)
    .values({ lmsId: viewer.lmsId, mentorId: mentor.id, userId: viewer.id, ...input })
    .returning();
  if (!row) throw new Error('payout not stored');
  await post(tx, {
    lmsId: viewer.lmsId,
    kind: 'payout-hold',
    payoutId: row.id,
    memo: `Permintaan pencairan #${row.id}`,
    lines: [
      { account: ACCOUNTS.mentor(mentor.id), amount: input.amount },
      { account: ACCOUNTS.hold(mentor.id), amount: -input.amount },
    ],
  });
  const staff = await staffRecipients(tx, viewer.lmsId);
  if (staff.length) await enqueueMail(tx, viewer.lmsId, payoutRequestedMail(staff, row, mentor.name));
  return toPayout(row, mentor.name, null);
}

/** POST v2/payout/approve and reject: an admin's decision on a request still waiting. */
export async function decidePayout(
  tx: Tx,
  decider: Viewer,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<Payout> {
  const [row] = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.id, id), eq(payouts.lmsId, decider.lmsId)))
    .for('update');
  if (!row) throw fail('payoutNotFound');
  // Four eyes: neither the account that asked nor the one the mentor profile belongs to now decides.
  const [profile] = await tx.select({ userId: mentors.userId }).from(mentors).where(eq(mentors.id, row.mentorId));
  if (row.userId === decider.id || profile?.userId === decider.id) throw fail('payoutOwnRequest');
  if (row.status !== 'requested') throw fail('payoutDecided', { status: row.status });
  const reason = decision.approve ? null : decision.reason;
  const [decided] = await tx
    .update(payouts)
    .set({ status: decision.approve ? 'approved' : 'rejected', decidedAt: new Date(), decidedBy: decider.id, reason })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'requested')))
    .returning();
  if (!decided) throw fail('payoutJustDecided');
  await post(tx, {
    lmsId: decider.lmsId,
    kind: decision.approve ? 'payout-paid' : 'payout-release',
    payoutId: row.id,
    memo: decision.approve ? `Pencairan #${row.id} ditransfer` : `Pencairan #${row.id} ditolak: ${reason}`,
    lines: [
      { account: ACCOUNTS.hold(row.mentorId), amount: row.amount },
      { account: decision.approve ? ACCOUNTS.gateway : ACCOUNTS.mentor(row.mentorId), amount: -row.amount },
    ],
  });
  const [mentor] = await tx
    .select({ name: mentors.name, email: users.email })
    .from(mentors)
    .innerJoin(users, eq(users.id, row.userId))
    .where(eq(mentors.id, row.mentorId));
  const to = [...new Set([row.email, mentor?.email].filter((email): email is string => Boolean(email)))];
  await enqueueMail(tx, decider.lmsId, payoutDecidedMail(to, row, decision.approve, reason));
  return toPayout(decided, mentor?.name ?? '', decider.name, true);
}

/** GET v2/payout/list: a mentor's own requests; for admins every request of the tenant. Newest first. */
export async function listPayouts(db: Db, viewer: Viewer, query: PayoutListParams) {
  const { page, perPage } = query;
  const decider = aliasedTable(users, 'decider');
  const filters: (SQL | undefined)[] = [eq(payouts.lmsId, viewer.lmsId)];
  // A mentor sees the requests of their mentor profile (also those made before it was linked to this
  // account); an account linked to none has none.
  if (!isStaff(viewer)) {
    const [profile] = await db
      .select({ id: mentors.id })
      .from(mentors)
      .where(and(eq(mentors.lmsId, viewer.lmsId), eq(mentors.userId, viewer.id)))
      .limit(1);
    filters.push(profile ? eq(payouts.mentorId, profile.id) : sql`false`);
  }
  if (query.status) filters.push(eq(payouts.status, query.status));
  if (query.bank) filters.push(eq(payouts.bank, query.bank));
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(or(ilike(payouts.name, pattern), ilike(payouts.email, pattern), ilike(mentors.name, pattern)));
  }
  const where = and(...filters);
  const [total] = await db.select({ n: count() }).from(payouts).innerJoin(mentors, eq(mentors.id, payouts.mentorId)).where(where);
  const rows = await db
    .select({ payout: payouts, mentorName: mentors.name, decidedBy: decider.name })
    .from(payouts)
    .innerJoin(mentors, eq(mentors.id, payouts.mentorId))
    .leftJoin(decider, eq(decider.id, payouts.decidedBy))
    .where(where)
    .orderBy(desc(payouts.requestedAt), desc(payouts.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const items = rows.map((row) => toPayout(row.payout, row.mentorName, row.decidedBy, isStaff(viewer)));
  return pageOf(items, page, perPage, total?.n ?? 0);
}

/** A payout as the contract shows it: the account number whole only to staff, who make the transfer. */
function toPayout(row: PayoutRow, mentorName: string, decidedBy: string | null, staff = false): Payout {
  return {
    id: row.id,
    mentorName,
    name: row.name,
    email: row.email,
    bank: row.bank,
    bankName: bankName(row.bank),
    accountNumber: staff ? row.accountNumber : maskAccount(row.accountNumber),
    amount: row.amount,
    status: row.status as PayoutState,
    requestedAt: row.requestedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy,
    reason: row.reason,
  };
}
