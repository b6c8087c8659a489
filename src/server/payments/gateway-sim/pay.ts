import type { Context } from 'hono';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db } from '../../db/client';
import { callbackFields } from './callback-fields';
import { queueCallbacks } from './callbacks';
import { findSimMerchant } from './merchants';
import { payPage, payPagePolicy, refusalPage, returnAddress } from './pay-page';
import { decideTransaction, findTransaction, type PayAction, type SimTransaction } from './transactions';

const ACTIONS: readonly PayAction[] = ['pay', 'fail', 'expire'];

/** An HTML answer under the page's policy; never cached, never framed. */
function html(c: Context, body: string, status: ContentfulStatusCode, returnUrl?: string) {
  let returnOrigin: string | undefined;
  try {
    returnOrigin = returnUrl ? new URL(returnUrl).origin : undefined;
  } catch {
    returnOrigin = undefined;
  }
  c.header('Content-Security-Policy', payPagePolicy(returnOrigin));
  c.header('Cache-Control', 'no-store');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'no-referrer');
  return c.html(body, status);
}

/**
 * A post a browser made from another site is refused (a page elsewhere must not pay or fail a
 * transaction for the visitor); clients that send neither header are not browsers and pass.
 */
function crossSite(c: Context): boolean {
  const site = c.req.header('Sec-Fetch-Site');
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = c.req.header('Origin');
  return Boolean(origin) && origin !== new URL(c.req.url).origin;
}

export interface PayRoutesOptions {
  db: Db;
  fee: (amount: number) => number;
  /** Called after a callback was queued, so the worker posts it at once. */
  queued: () => void;
}

/** The payer's side: the payment page and its three outcomes, each answered with 303 to the merchant's returnUrl. */
export function payRoutes({ db, fee, queued }: PayRoutesOptions) {
  const app = new Hono();
  const merchantName = async (tx: SimTransaction) => (await findSimMerchant(db, tx.merchantCode))?.name ?? '';

  app.get('/pay/:reference', async (c) => {
    const tx = await findTransaction(db, c.req.param('reference'));
    if (!tx) return html(c, refusalPage('transaksi tidak ditemukan', 'Tidak ada transaksi dengan referensi ini.'), 404);
    return html(c, payPage(tx, await merchantName(tx)), 200, tx.returnUrl);
  });

  app.post('/pay/:reference', async (c) => {
    const reference = c.req.param('reference');
    if (crossSite(c)) return html(c, refusalPage('permintaan ditolak', 'Permintaan dari situs lain ditolak.'), 403);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const action = ACTIONS.find((known) => known === form.action);
    const tx = await findTransaction(db, reference);
    if (!tx) return html(c, refusalPage('transaksi tidak ditemukan', 'Tidak ada transaksi dengan referensi ini.'), 404);
    if (!action) return html(c, payPage(tx, await merchantName(tx), 'Pilihan tidak dikenal; pilih salah satu tombol.'), 400, tx.returnUrl);
    const decided = await db.transaction(async (trx) => {
      const changed = await decideTransaction(trx, reference, action, action === 'pay' ? fee(tx.amount) : 0);
      if (!changed || action === 'expire') return changed;
      const merchant = await findSimMerchant(trx, changed.merchantCode);
      if (merchant) {
        const fields = callbackFields(changed, action === 'pay' ? '00' : '02', merchant.apiKey);
        await queueCallbacks(trx, { reference, url: changed.callbackUrl, fields });
      }
      return changed;
    });
    if (!decided) {
      const now = (await findTransaction(db, reference)) ?? tx;
      return html(
        c,
        payPage(now, await merchantName(now), 'Transaksi ini tidak lagi menunggu pembayaran; tidak ada yang diubah.'),
        409,
        now.returnUrl,
      );
    }
    if (action !== 'expire') queued();
    return c.redirect(returnAddress(decided), 303);
  });

  return app;
}
