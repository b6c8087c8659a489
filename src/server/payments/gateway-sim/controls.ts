import { asc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { gatewaySimCallbacks } from '../../db/schema';
import { callbackFields } from './callback-fields';
import { queueCallbacks } from './callbacks';
import { findSimMerchant } from './merchants';
import { jsonBody } from './protocol';
import { findTransaction, forceTransactionState, type SimTransaction, standing } from './transactions';

const StatusCode = z.enum(['00', '01', '02']);
const ExtraCallbacksSchema = z.object({
  reference: z.string().min(1).max(100),
  resultCode: StatusCode,
  copies: z.number().int().min(1).max(10).default(1),
  delayMs: z.number().int().min(0).max(600_000).default(0),
});
const ForceStateSchema = z.object({ statusCode: StatusCode });

const notFound = (c: Context) => c.json({ Message: 'Transaction not found' }, 404);
const badRequest = (c: Context, error: z.ZodError) =>
  c.json({ Message: error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ') }, 400);

/** A transaction as the tester reads it: the row and where it stands at the gateway. */
const view = (tx: SimTransaction) => ({ ...tx, ...standing(tx), storedStatusCode: tx.statusCode });

export interface ControlRoutesOptions {
  db: Db;
  fee: (amount: number) => number;
  queued: () => void;
}

/**
 * What only the simulator offers, for tests: extra signed callbacks (duplicates, out of order,
 * late), the gateway's state changed without a callback (one lost on the way), and a transaction's
 * row with its callbacks. Unauthenticated: the simulator never runs where real money moves.
 */
export function controlRoutes({ db, fee, queued }: ControlRoutesOptions) {
  const app = new Hono();

  app.post('/sim/callbacks', async (c) => {
    const parsed = ExtraCallbacksSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return badRequest(c, parsed.error);
    const { reference, resultCode, copies, delayMs } = parsed.data;
    const tx = await findTransaction(db, reference);
    if (!tx) return notFound(c);
    const merchant = await findSimMerchant(db, tx.merchantCode);
    if (!merchant) return c.json({ Message: 'Merchant not found' }, 404);
    const ids = await queueCallbacks(db, {
      reference,
      url: tx.callbackUrl,
      fields: callbackFields(tx, resultCode, merchant.apiKey),
      copies,
      delayMs,
    });
    queued();
    return c.json({ reference, resultCode, queued: ids }, 202);
  });

  app.post('/sim/transactions/:reference', async (c) => {
    const parsed = ForceStateSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return badRequest(c, parsed.error);
    const reference = c.req.param('reference');
    const found = await findTransaction(db, reference);
    if (!found) return notFound(c);
    const tx = await forceTransactionState(db, reference, parsed.data.statusCode, found.fee || fee(found.amount));
    return tx ? c.json({ transaction: view(tx) }) : notFound(c);
  });

  app.get('/sim/transactions/:reference', async (c) => {
    const reference = c.req.param('reference');
    const tx = await findTransaction(db, reference);
    if (!tx) return notFound(c);
    const callbacks = await db
      .select()
      .from(gatewaySimCallbacks)
      .where(eq(gatewaySimCallbacks.reference, reference))
      .orderBy(asc(gatewaySimCallbacks.id));
    return c.json({
      transaction: view(tx),
      callbacks: callbacks.map((row) => ({
        id: row.id,
        resultCode: (row.fields as Record<string, string>).resultCode ?? '',
        url: row.url,
        fields: row.fields,
        attempts: row.attempts,
        lastStatus: row.lastStatus,
        lastError: row.lastError,
        nextAttemptAt: row.nextAttemptAt,
        deliveredAt: row.deliveredAt,
        abandonedAt: row.abandonedAt,
        createdAt: row.createdAt,
      })),
    });
  });

  return app;
}
