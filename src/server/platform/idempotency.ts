import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { fail } from './errors';

/** How long a key's answer is replayed; an older key counts as new. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

/** What a submission answers: the status and the JSON body, stored for replays. */
export interface Answer<T> {
  status: 201 | 200;
  body: T;
}

/** The canonical hash of a request body: the same fields in another order are the same request. */
export function requestHash(body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([key, item]) => [key, canonical(item)]),
      );
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('base64url');
}

/**
 * Runs `work` in a transaction once per (tenant, scope, key): a double submit, a retry after a lost
 * answer or two tabs sending at once get the first answer, with one stored row. The key row is
 * written first in the same transaction, so a parallel request with the key waits on its index
 * entry and then replays; if `work` fails, the key goes with the rollback and a retry runs again.
 * The same key with another body is refused (422). Without a key, `work` simply runs.
 */
export async function once<T>(
  db: Db,
  claim: { lmsId: string; scope: string; key: string | undefined; body: unknown },
  work: (tx: Tx) => Promise<Answer<T>>,
): Promise<Answer<T> & { replayed: boolean }> {
  const { lmsId, scope, key } = claim;
  if (key === undefined) return { ...(await db.transaction(work)), replayed: false };
  const hash = requestHash(claim.body);
  const where = and(eq(idempotencyKeys.lmsId, lmsId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

  return db.transaction(async (tx) => {
    // An expired key is forgotten first, so the claim below can take it.
    await tx
      .delete(idempotencyKeys)
      .where(and(where, sql`${idempotencyKeys.createdAt} < now() - make_interval(secs => ${IDEMPOTENCY_TTL_MS / 1000})`));
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ lmsId, scope, key, requestHash: hash, status: 0, body: {} })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [stored] = await tx.select().from(idempotencyKeys).where(where);
      if (!stored) throw fail('idempotencyBusy');
      if (stored.requestHash !== hash) throw fail('idempotencyKeyReused');
      return { status: stored.status as Answer<T>['status'], body: stored.body as T, replayed: true };
    }
    const answer = await work(tx);
    await tx.update(idempotencyKeys).set({ status: answer.status, body: answer.body }).where(where);
    return { ...answer, replayed: false };
  });
}
