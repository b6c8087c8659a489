import { type Context, Hono } from 'hono';
import { ORDER_REF, ReceiptQuerySchema } from '~/contract/learner';
import type { ApiDeps, ApiEnv } from '../context';
import { ok } from '../http/respond';
import { readQuery } from '../http/validate';
import { requireAppToken, requireUser } from '../identity';
import { fail } from '../platform/errors';
import { type ReceiptViewer, receiptOf, receiptPdf } from './receipts';

/**
 * A paid class's receipt for its owner (app token and the signed-in learner; anyone else, or an
 * invoice not paid, gets 404): `GET v1/class/payment/receipt?ref` as data for the printable page
 * /Akun/Kuitansi, and `GET v1/class/payment/{ref}/receipt.pdf` as a PDF download.
 */
export function receiptRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const token = requireAppToken(deps);
  const user = requireUser(deps);
  const viewerOf = (c: Context<ApiEnv>): ReceiptViewer => {
    const tenant = c.get('tenant');
    return { lmsId: tenant.lmsId, userId: c.get('user').id, brand: tenant.title };
  };

  app.get('/v1/class/payment/receipt', token, user, async (c) => {
    const { ref } = readQuery(c, ReceiptQuerySchema);
    c.header('Cache-Control', 'private, no-store');
    return ok(c, await receiptOf(deps.db, viewerOf(c), ref));
  });

  app.get('/v1/class/payment/:ref/receipt.pdf', token, user, async (c) => {
    const ref = c.req.param('ref');
    if (!ORDER_REF.test(ref)) throw fail('receiptNotFound');
    const pdf = await receiptPdf(await receiptOf(deps.db, viewerOf(c), ref));
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="kuitansi-${ref}.pdf"`,
      'Cache-Control': 'private, no-store',
    });
  });

  return app;
}
