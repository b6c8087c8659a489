import { Hono } from 'hono';
import { z } from 'zod';
import { API_BASES } from '~/contract/common';
import type { ApiDeps, ApiEnv, BuildsDeps } from '../context';
import { fieldErrors, HttpError, invalidInput } from '../http/errors';
import { ownAppCode } from '../http/own-app';
import { readJson, readQuery } from '../http/validate';
import { requireAppToken, requireRole, requireUser } from '../identity';
import type { TenantRecord } from '../platform/tenants';
import { enqueue } from './queue';
import { history } from './queue-history';
import { acceptMessageId, forgetMessageId, verifyWebhook, WebhookBodySchema, webhookSecretOf } from './webhooks';

const HistoryQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
const RollbackSchema = z.object({ buildId: z.string().trim().min(1).max(100) });
const MAX_WEBHOOK_BODY = 64 * 1024;

/**
 * Site builds of a tenant, `{code}` being its app code (mounted under the main base, `/api/v1/builds`):
 *
 * - `POST {code}/webhook`: an external CMS says what changed, signed per Standard Webhooks with the
 *   tenant's secret (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`; body
 *   `{type, tenant, ids?}`, tenant = its code or app code). 202 `{data: {jobId}}`; 401 forged or stale,
 *   409 replayed, 400 malformed; a refused call queues nothing.
 * - Admins of the tenant (app token + admin/superadmin user), as the settings writes:
 *   `GET {code}?limit=` history `{tenant, live, builds, jobs}`; `POST {code}` queues a full build (202);
 *   `POST {code}/rollback` `{buildId}` makes a kept build live (404 when it is not one);
 *   `GET {code}/webhook` `{path, secret, tenant}` to set the CMS up.
 */
export function buildsRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();

  const ownCode = ownAppCode(deps);
  const admins = [requireAppToken(deps), ownCode, requireUser(deps), requireRole('admin', 'superadmin')] as const;

  /** Queues through the process's build service, or straight into the table for a builder elsewhere. */
  const queue: BuildsDeps['enqueue'] = (event, trigger, options) =>
    deps.builds ? deps.builds.enqueue(event, trigger, options) : enqueue(deps.db, event, trigger, options);

  const tenantOf = async (code: string): Promise<TenantRecord> => {
    const tenant = await deps.tenants.byAppCode(code);
    if (!tenant) throw new HttpError(404, `Aplikasi ${code} tidak ditemukan`);
    return tenant;
  };

  app.post('/:code/webhook', async (c) => {
    const tenant = await tenantOf(c.req.param('code'));
    const secret = await webhookSecretOf(deps.db, tenant.lmsId, { create: false });
    if (!secret) throw new HttpError(404, `Aplikasi ${tenant.appCode} tidak ditemukan`);
    const body = await c.req.text();
    if (Buffer.byteLength(body) > MAX_WEBHOOK_BODY) throw new HttpError(413, 'Isi webhook terlalu besar');
    const id = c.req.header('webhook-id')?.trim();
    const check = verifyWebhook(
      secret,
      { id, timestamp: c.req.header('webhook-timestamp')?.trim(), signature: c.req.header('webhook-signature')?.trim() },
      body,
    );
    if (!check.ok) {
      if (check.reason === 'missing') throw new HttpError(401, 'Header webhook-id, webhook-timestamp dan webhook-signature wajib dikirim');
      if (check.reason === 'stale') throw new HttpError(401, 'webhook-timestamp di luar toleransi 5 menit; periksa jam pengirim');
      throw new HttpError(401, 'Tanda tangan webhook tidak valid');
    }
    if (!id || id.length > 200) throw invalidInput([{ field: 'webhook-id', message: 'maksimal 200 karakter' }]);
    const parsed = WebhookBodySchema.safeParse(parseJson(body));
    if (!parsed.success) throw invalidInput(fieldErrors(parsed.error));
    const { type, tenant: named, ids } = parsed.data;
    if (named !== tenant.code && named !== tenant.appCode)
      throw invalidInput([{ field: 'tenant', message: `harus ${tenant.code}, tenant endpoint ini` }]);
    if (!(await acceptMessageId(deps.db, id, tenant.code))) throw new HttpError(409, `Webhook ${id} sudah pernah diterima`);
    try {
      const job = await queue({ type, tenant: tenant.code, ids }, 'webhook');
      return c.json({ statusCode: 202, message: 'Build dijadwalkan', data: { jobId: job.id } }, 202);
    } catch (error) {
      // Not queued: the sender's retry of this id must not be taken for a replay.
      await forgetMessageId(deps.db, id, tenant.code).catch(() => {});
      throw error;
    }
  });

  app.get('/:code/webhook', ...admins, async (c) => {
    const tenant = c.get('tenant');
    const secret = await webhookSecretOf(deps.db, tenant.lmsId);
    const path = `${API_BASES.main}v1/builds/${tenant.appCode}/webhook`;
    return c.json({ statusCode: 200, message: 'OK', data: { path, secret, tenant: tenant.code } });
  });

  app.get('/:code', ...admins, async (c) => {
    const { limit } = readQuery(c, HistoryQuerySchema);
    const { code } = c.get('tenant');
    const publisher = deps.builds?.publisher;
    const [jobs, builds, live] = await Promise.all([
      history(deps.db, code, limit),
      publisher ? publisher.list(code) : [],
      publisher ? publisher.live(code) : undefined,
    ]);
    return c.json({ statusCode: 200, message: 'OK', data: { tenant: code, live: live ?? null, builds, jobs } });
  });

  app.post('/:code', ...admins, async (c) => {
    const { code } = c.get('tenant');
    // An operator's request: no coalescing window to wait for.
    const job = await queue({ type: 'build.requested', tenant: code, ids: [] }, 'api', { full: true, delayMs: 0 });
    deps.builds?.kick?.();
    return c.json({ statusCode: 202, message: 'Build penuh dijadwalkan', data: { jobId: job.id } }, 202);
  });

  app.post('/:code/rollback', ...admins, async (c) => {
    const { buildId } = await readJson(c, RollbackSchema);
    const { code } = c.get('tenant');
    const publisher = deps.builds?.publisher;
    if (!publisher) throw new HttpError(503, 'Build situs tidak diaktifkan di server ini');
    if (!(await publisher.list(code)).some((build) => build.id === buildId))
      throw new HttpError(404, `Build ${buildId} tidak ada di antara build yang disimpan`);
    await publisher.rollback(code, buildId);
    // Every process drops the pages it cached from the build that was live.
    await deps.siteEvents.publish({ tenant: code, reason: 'build' }).catch((error: unknown) => {
      console.error(`[api] rollback tenant ${code} tidak dapat diumumkan:`, error);
    });
    return c.json({ statusCode: 200, message: `Build ${buildId} sekarang live`, data: { live: buildId } });
  });

  return app;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'JSON tidak valid: periksa format isi webhook');
  }
}
