import { type Context, Hono } from 'hono';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENT_REPLAYED_HEADER } from '~/contract/idempotency';
import {
  ClassSlugQuerySchema,
  PAYOUT_BANKS,
  PaymentDetailRequestSchema,
  PaymentRefundRequestSchema,
  PaymentStatusQuerySchema,
  type Payout,
  PayoutApproveSchema,
  PayoutListQuerySchema,
  PayoutRejectSchema,
  PayoutRequestSchema,
} from '~/contract/payments';
import type { ApiDeps, ApiEnv } from '../context';
import type { Tx } from '../db/client';
import { clientAddress } from '../http/credentials';
import { errorResponse } from '../http/errors';
import { enforceLimit } from '../http/rate-limit';
import { created, ok, page } from '../http/respond';
import { publicOrigin, siteOrigin } from '../http/site-origin';
import { readJson, readQuery } from '../http/validate';
import { requireAppToken, requireRole, requireUser } from '../identity';
import { recordAudit } from '../platform/audit';
import { fail } from '../platform/errors';
import { once } from '../platform/idempotency';
import type { PaymentsDeps } from './accounts';
import { handleCallback, recordRefusedCallback } from './callbacks';
import {
  enrolmentOf,
  type InvoiceRequester,
  invoiceDetail,
  openInvoice,
  orderStatus,
  refundInvoice,
  repayInvoice,
  toInvoice,
} from './invoices';
import { balanceOf, decidePayout, isStaff, listPayouts, requestPayout, type Viewer } from './payouts';
import { receiptRoutes } from './receipt-routes';

const HOUR = 3_600_000;

/**
 * Class payments and mentor payouts (SPEC §7 "Payments"): invoice, repay, detail and the gateway's
 * callback (payments/invoices.ts, callbacks.ts), and the payouts of v2/payout (payments/payouts.ts).
 * Every call but the callback needs the app token and a signed-in user; the callback is the
 * gateway's, authenticated by its signature.
 */
export function paymentsRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const token = requireAppToken(deps);
  const user = requireUser(deps);
  const payments = (): PaymentsDeps => {
    if (!deps.payments) throw fail('paymentsUnavailable');
    return deps.payments;
  };
  const perUser = async (c: Context<ApiEnv>, name: string, limit: number, windowMs = HOUR) =>
    enforceLimit(deps, { name, limit, windowMs }, c.get('user').id);

  /** Where the learner pays from (the gateway's return page goes there) and where the gateway calls back. */
  const requester = (c: Context<ApiEnv>): InvoiceRequester => {
    const tenant = c.get('tenant');
    const current = c.get('user');
    return {
      lmsId: tenant.lmsId,
      catalogueLmsId: tenant.catalogueLmsId,
      tax: tenant.tax,
      user: { id: current.id, name: current.name, email: current.email },
      siteOrigin: siteOrigin(c, tenant),
      // The API answers on every host of the tenant: the gateway calls back to its public one.
      callbackOrigin: payments().callbackOrigin() ?? publicOrigin(tenant, new URL(c.req.url).host),
    };
  };

  app.post('/v1/class/payment/invoice', token, user, async (c) => {
    const { slug } = readQuery(c, ClassSlugQuerySchema);
    await perUser(c, 'payment-invoice', 30);
    const opened = await openInvoice(deps.db, payments(), requester(c), slug);
    const data = await toInvoice(deps.db, opened.invoice);
    return opened.created ? created(c, data, 'Tagihan dibuat') : ok(c, data, 'Tagihan yang masih berlaku');
  });

  app.get('/v1/class/repay', token, user, async (c) => {
    const { slug } = readQuery(c, ClassSlugQuerySchema);
    await perUser(c, 'payment-invoice', 30);
    const opened = await repayInvoice(deps.db, payments(), requester(c), slug);
    const data = await toInvoice(deps.db, opened.invoice);
    return opened.created ? created(c, data, 'Tagihan baru dibuat') : ok(c, data, 'Tagihan baru dibuat');
  });

  app.post('/v1/class/payment/detail', token, user, async (c) => {
    const body = await readJson(c, PaymentDetailRequestSchema);
    await perUser(c, 'payment-detail', 240);
    const viewer = c.get('user');
    const data = await invoiceDetail(
      deps.db,
      payments(),
      // A page that shows the learner their own payment asks `ownOnly`: staff get their own orders there too.
      { lmsId: viewer.lmsId, catalogueLmsId: c.get('tenant').catalogueLmsId, id: viewer.id, staff: isStaff(viewer) && !body.ownOnly },
      body,
    );
    c.header('Cache-Control', 'private, no-store');
    return ok(c, data);
  });

  // The receipt (Kuitansi) of a paid class, as data and as PDF (receipt-routes.ts).
  app.route('/', receiptRoutes(deps));

  app.get('/v1/class/enrolment', token, user, async (c) => {
    const { slug } = readQuery(c, ClassSlugQuerySchema);
    c.header('Cache-Control', 'private, no-store');
    return ok(c, await enrolmentOf(deps.db, { catalogueLmsId: c.get('tenant').catalogueLmsId, id: c.get('user').id }, slug));
  });

  // Staff refund a paid class: the seat and its perks are withdrawn, the money is owed back.
  app.post('/v1/class/payment/refund', token, user, requireRole('admin', 'superadmin'), async (c) => {
    const body = await readJson(c, PaymentRefundRequestSchema);
    const viewer = c.get('user');
    const refunded = await refundInvoice(deps.db, viewer.lmsId, body.merchantOrderId, `staff:${viewer.id}`, body.reason);
    // The refund commits in its own transaction (payments/invoices.ts); its entry follows it.
    await recordAudit(deps.db, {
      lmsId: viewer.lmsId,
      actor: viewer,
      action: 'invoice.refund',
      target: `invoice:${body.merchantOrderId}`,
      before: { status: 'paid' },
      after: { status: refunded.status, reason: body.reason },
    });
    deps.mail?.kick();
    return ok(c, await toInvoice(deps.db, refunded), 'Dana dikembalikan; pendaftaran kelas diakhiri');
  });

  // The gateway's callback. Form-encoded, as the gateway sends it; authenticated by its signature.
  app.post('/v1/class/payment/callback', async (c) => {
    const meta = { method: 'POST', remoteAddress: clientAddress(c, deps.trustProxyHops) };
    await enforceLimit(deps, { name: 'payment-callback', limit: 600, windowMs: 60_000 }, meta.remoteAddress);
    const type = c.req.header('Content-Type') ?? '';
    if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
      await recordRefusedCallback(deps.db, {}, meta, 415, `Content-Type ${type.slice(0, 100)}`);
      throw fail('callbackContentType');
    }
    const fields = Object.fromEntries(new URLSearchParams(await c.req.text()));
    const result = await handleCallback(deps.db, payments(), fields, meta);
    // The gateway reads the status; the body is the API's shape without data (JSON drops the undefined `data`).
    return result.status === 200 ? ok(c, undefined, result.message) : errorResponse(c, result.status, result.message);
  });

  // GET answers an order's state and changes nothing, whatever it carries: a callback sent as a GET
  // is refused (and recorded) before anything else, with or without an app token.
  app.get(
    '/v1/class/payment/callback',
    async (c, next) => {
      const query = { ...c.req.query() };
      if (!('signature' in query || 'resultCode' in query)) return next();
      const meta = { method: 'GET', remoteAddress: clientAddress(c, deps.trustProxyHops) };
      await enforceLimit(deps, { name: 'payment-callback', limit: 600, windowMs: 60_000 }, meta.remoteAddress);
      await recordRefusedCallback(deps.db, query, meta, 405, 'Callback lewat GET tidak mengubah apa pun');
      throw fail('callbackByGet', { headers: { Allow: 'POST' } });
    },
    token,
    async (c) => {
      const { merchantOrderId } = readQuery(c, PaymentStatusQuerySchema);
      return ok(c, await orderStatus(deps.db, c.get('tenant').lmsId, merchantOrderId));
    },
  );

  /* ---------- Payouts ---------- */

  const viewerOf = (c: Context<ApiEnv>): Viewer => {
    const current = c.get('user');
    return { lmsId: current.lmsId, id: current.id, name: current.name, email: current.email, role: current.role };
  };
  /** The audit entry of a payout decision, in its transaction (only a requested payout is decided). */
  const auditDecision = (tx: Tx, c: Context<ApiEnv>, decided: Payout) =>
    recordAudit(tx, {
      lmsId: c.get('user').lmsId,
      actor: c.get('user'),
      action: decided.status === 'approved' ? 'payout.approve' : 'payout.reject',
      target: `payout:${decided.id}`,
      before: { status: 'requested' },
      after: { status: decided.status, ...(decided.reason ? { reason: decided.reason } : {}) },
    });
  const mentorOnly = requireRole('mentor');
  const staffOnly = requireRole('admin', 'superadmin');

  app.get('/v2/payout/banks', token, (c) => ok(c, PAYOUT_BANKS));

  app.get('/v2/payout/balance', token, user, mentorOnly, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return ok(c, await balanceOf(deps.db, viewerOf(c)));
  });

  app.get('/v2/payout/list', token, user, requireRole('mentor', 'admin', 'superadmin'), async (c) => {
    const query = readQuery(c, PayoutListQuerySchema);
    c.header('Cache-Control', 'private, no-store');
    return page(c, await listPayouts(deps.db, viewerOf(c), query));
  });

  app.post('/v2/payout/request', token, user, mentorOnly, async (c) => {
    const body = await readJson(c, PayoutRequestSchema);
    await perUser(c, 'payout-request', 20);
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) throw fail('idempotencyKeyInvalid');
    const viewer = viewerOf(c);
    // The stored answer is the payout alone; a replay answers it in the same envelope.
    const answer = await once(deps.db, { lmsId: viewer.lmsId, scope: `payout:${viewer.id}`, key, body }, async (tx) => ({
      status: 201,
      body: await requestPayout(tx, viewer, body),
    }));
    deps.mail?.kick();
    if (answer.replayed) c.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return created(c, answer.body, 'Permintaan pencairan dikirim');
  });

  app.post('/v2/payout/approve', token, user, staffOnly, async (c) => {
    const { id } = await readJson(c, PayoutApproveSchema);
    const data = await deps.db.transaction(async (tx) => {
      const decided = await decidePayout(tx, viewerOf(c), id, { approve: true });
      await auditDecision(tx, c, decided);
      return decided;
    });
    deps.mail?.kick();
    return ok(c, data, 'Pencairan disetujui');
  });

  app.post('/v2/payout/reject', token, user, staffOnly, async (c) => {
    const { id, reason } = await readJson(c, PayoutRejectSchema);
    const data = await deps.db.transaction(async (tx) => {
      const decided = await decidePayout(tx, viewerOf(c), id, { approve: false, reason });
      await auditDecision(tx, c, decided);
      return decided;
    });
    deps.mail?.kick();
    return ok(c, data, 'Pencairan ditolak');
  });

  return app;
}
