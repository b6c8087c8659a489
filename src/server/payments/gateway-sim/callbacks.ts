import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { gatewaySimCallbacks } from '../../db/schema';

const C = gatewaySimCallbacks;

/** The callbacks the simulator owes merchants, in `gateway_sim_callbacks`; `callback-worker.ts` posts them. */

/** `now() + ms` on the database's clock. */
export const fromNow = (ms: number): SQL => sql`now() + (${Math.max(0, Math.round(ms))}::int * interval '1 millisecond')`;

/** Waits after the 1st, 2nd, … failed delivery; the callback is abandoned when the attempt after the last wait fails too. */
export const DEFAULT_CALLBACK_BACKOFF_MS = [10_000, 60_000, 300_000, 1_800_000, 7_200_000];

/** Queues `copies` callbacks of the same fields to `url`, first due `delayMs` from now (on the database's clock). */
export async function queueCallbacks(
  db: Db | Tx,
  callback: { reference: string; url: string; fields: Record<string, string>; copies?: number; delayMs?: number },
): Promise<number[]> {
  const copies = callback.copies ?? 1;
  const due = fromNow(callback.delayMs ?? 0);
  const rows = await db
    .insert(C)
    .values(
      Array.from({ length: copies }, () => ({
        reference: callback.reference,
        url: callback.url,
        fields: callback.fields,
        nextAttemptAt: due,
      })),
    )
    .returning({ id: C.id });
  return rows.map((row) => row.id);
}
