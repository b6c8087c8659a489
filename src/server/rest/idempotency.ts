import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '~/contract/idempotency';
import type { Db, Tx } from '../db/client';
import { isError } from '../platform/errors';
import { once } from '../platform/idempotency';
import { PostgrestError } from './errors';

/**
 * Inserts under an `Idempotency-Key` (as the platform's forms): the first request with a key inserts
 * and its answer is stored; the same key and request again answers the stored answer, marked
 * `Idempotent-Replayed: true`, without a second row. The key is claimed in the insert's transaction,
 * so two requests at once insert one row and both answer it.
 */

/** 422: the key was used for another request (not PostgREST's: named as Supabase names its own errors). */
export const KEY_REUSED = 'idempotency_key_reused';
/** 409: the first request with the key is still running (its row is not visible yet). */
export const KEY_BUSY = 'idempotency_key_busy';

/**
 * An insert's answer as stored: the body as it was sent (text, so a replay is the same bytes; jsonb
 * would reorder a row's keys) and the headers that go with it.
 */
export interface InsertAnswer {
  body: string | null;
  headers: Record<string, string>;
}

/**
 * The request's key (its `Idempotency-Key` header), or undefined without one; 400 PGRST100 when it
 * is not 16–64 of A–Z, a–z, 0–9, - and _.
 */
export function idempotencyKeyOf(key: string | undefined): string | undefined {
  if (key === undefined || IDEMPOTENCY_KEY_PATTERN.test(key)) return key;
  throw new PostgrestError(
    400,
    'PGRST100',
    `${IDEMPOTENCY_HEADER} tidak valid: 16–64 huruf, angka, - atau _`,
    `Kunci yang diterima: ${key.length} karakter`,
  );
}

/**
 * Runs `work` (which counts the limits and inserts, on `tx`) once per (tenant, `POST <table>`, key);
 * `request` is what must be the same for a replay (the checked rows and what shapes the answer).
 * The claim's refusals become PostgREST-shaped: another request under the key 422, one still running 409.
 */
export async function insertOnce(
  db: Db,
  claim: { lmsId: string; table: string; key: string | undefined; request: unknown },
  work: (tx: Tx) => Promise<InsertAnswer>,
): Promise<InsertAnswer & { replayed: boolean }> {
  // `once` refuses only before `work` runs; what `work` throws (a 429, a database error) passes as it is.
  let ran = false;
  try {
    const answer = await once(
      db,
      { lmsId: claim.lmsId, scope: `rest:POST ${claim.table}`, key: claim.key, body: claim.request },
      async (tx) => {
        ran = true;
        return { status: 201, body: await work(tx) };
      },
    );
    return { ...answer.body, replayed: answer.replayed };
  } catch (error) {
    if (ran) throw error;
    if (isError(error, 'idempotencyKeyReused'))
      throw new PostgrestError(
        422,
        KEY_REUSED,
        error.message,
        `${IDEMPOTENCY_HEADER} ini sudah dipakai untuk data lain`,
        'Kirim data baru dengan kunci baru',
      );
    if (isError(error, 'idempotencyBusy')) throw new PostgrestError(409, KEY_BUSY, error.message, null, null, { 'Retry-After': '1' });
    throw error;
  }
}
