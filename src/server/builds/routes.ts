import { Hono } from 'hono';
import { BuildHistoryQuerySchema, RollbackRequestSchema } from '~/contract/builds';
import { API_BASES } from '~/contract/common';
import type { ApiDeps, ApiEnv, BuildsDeps } from '../context';
import { fieldErrors } from '../http/errors';
import { ownAppCode } from '../http/own-app';
import { accepted, ok } from '../http/respond';
import { readJson, readQuery } from '../http/validate';
import { requireAppToken, requireRole, requireUser } from '../identity';
import { recordAudit } from '../platform/audit';
import { fail } from '../platform/errors';
import type { TenantRecord } from '../platform/tenants';
import { enqueue } from './queue';
import { history } from './queue-history';
import { progress } from './queue-progress';
import { acceptMessageId, forgetMessageId, verifyWebhook, WebhookBodySchema, webhookSecretOf } from './webhooks';

/** Jobs the progress shows: enough to see the one a publish waits for behind a running one. */
const PROGRESS_JOBS = 5;
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
 * - Writers, admins and superadmins of the tenant: `GET {code}/progress` `{live, jobs}`, the live
 *   build and the latest 5 jobs without logs or errors, for the console to wait until a publish is
 *   live. Shapes: `src/contract/builds.ts`.
 */
export function buildsRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();

  const ownCode = ownAppCode(deps);
  const admins = [requireAppToken(deps), ownCode, requireUser(deps), requireRole('admin', 'superadmin')] as const;
  const writers = [requireAppToken(deps), ownCode, requireUser(deps), requireRole('writer', 'admin', 'superadmin')] as const;

  /** Queues through the process's build service, or straight into the table for a builder elsewhere. */
  const queue: BuildsDeps['enqueue'] = (event, trigger, options) =>
    deps.builds ? deps.builds.enqueue(event, trigger, options) : enqueue(deps.db, event, trigger, options);

  const tenantOf = async (code: string): Promise<TenantRecord> => {
    const tenant = await deps.tenants.byAppCode(code);
    if (!tenant) throw fail('appNotFound', { code });
    return tenant;
  };

  app.post('/:code/webhook', async (c) => {
    const tenant = await tenantOf(c.req.param('code'));
    const secret = await webhookSecretOf(deps.db, tenant.lmsId, { create: false });
    if (!secret) throw fail('appNotFound', { code: tenant.appCode });
    const body = await c.req.text();
    if (Buffer.byteLength(body) > MAX_WEBHOOK_BODY) throw fail('webhookTooLarge');
    const id = c.req.header('webhook-id')?.trim();
    const check = verifyWebhook(
      secret,
      { id, timestamp: c.req.header('webhook-timestamp')?.trim(), signature: c.req.header('webhook-signature')?.trim() },
      body,
    );
    if (!check.ok) {
      if (check.reason === 'missing') throw fail('webhookHeadersMissing');
      if (check.reason === 'stale') throw fail('webhookStale');
      throw fail('webhookSignatureInvalid');
    }
    if (!id || id.length > 200) throw fail('invalid', { fields: [{ field: 'webhook-id', message: 'maksimal 200 karakter' }] });
    const parsed = WebhookBodySchema.safeParse(parseJson(body));
    if (!parsed.success) throw fail('invalid', { fields: fieldErrors(parsed.error) });
    const { type, tenant: named, ids } = parsed.data;
    if (named !== tenant.code && named !== tenant.appCode)
      throw fail('invalid', { fields: [{ field: 'tenant', message: `harus ${tenant.code}, tenant endpoint ini` }] });
    if (!(await acceptMessageId(deps.db, id, tenant.code))) throw fail('webhookReplayed', { id });
    try {
      const job = await queue({ type, tenant: tenant.code, ids }, 'webhook');
      return accepted(c, { jobId: job.id }, 'Build dijadwalkan');
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
    return ok(c, { path, secret, tenant: tenant.code });
  });

  app.get('/:code/progress', ...writers, async (c) => {
    const { code } = c.get('tenant');
    const publisher = deps.builds?.publisher;
    const [jobs, live, builds] = await Promise.all([
      progress(deps.db, code, PROGRESS_JOBS),
      publisher ? publisher.live(code) : undefined,
      publisher ? publisher.list(code) : [],
    ]);
    // `live()` names only the build; its entry among the kept builds has its build.json's time.
    const builtAt = isoOrNull(builds.find((build) => build.id === live)?.builtAt);
    return ok(c, { live: live ? { id: live, builtAt } : null, jobs });
  });

  app.get('/:code', ...admins, async (c) => {
    const { limit } = readQuery(c, BuildHistoryQuerySchema);
    const { code } = c.get('tenant');
    const publisher = deps.builds?.publisher;
    const [jobs, builds, live] = await Promise.all([
      history(deps.db, code, limit),
      publisher ? publisher.list(code) : [],
      publisher ? publisher.live(code) : undefined,
    ]);
    return ok(c, { tenant: code, live: live ?? null, builds, jobs });
  });

  app.post('/:code', ...admins, async (c) => {
    const { code } = c.get('tenant');
    // An operator's request: no coalescing window to wait for.
    const job = await queue({ type: 'build.requested', tenant: code, ids: [] }, 'api', { full: true, delayMs: 0 });
    deps.builds?.kick?.();
    await recordAudit(deps.db, {
      lmsId: c.get('tenant').lmsId,
      actor: c.get('user'),
      action: 'build.request',
      target: `build-job:${job.id}`,
      after: { full: true },
    });
    return accepted(c, { jobId: job.id }, 'Build penuh dijadwalkan');
  });

  app.post('/:code/rollback', ...admins, async (c) => {
    const { buildId } = await readJson(c, RollbackRequestSchema);
    const { code } = c.get('tenant');
    const publisher = deps.builds?.publisher;
    if (!publisher) throw fail('buildsDisabled');
    if (!(await publisher.list(code)).some((build) => build.id === buildId)) throw fail('buildNotKept', { buildId });
    const before = await publisher.live(code);
    await publisher.rollback(code, buildId);
    await recordAudit(deps.db, {
      lmsId: c.get('tenant').lmsId,
      actor: c.get('user'),
      action: 'build.rollback',
      target: `build:${buildId}`,
      before: { live: before ?? null },
      after: { live: buildId },
    });
    // Every process drops the pages it cached from the build that was live.
    await deps.siteEvents.publish({ tenant: code, reason: 'build' }).catch((error: unknown) => {
      console.error(`[api] rollback tenant ${code} tidak dapat diumumkan:`, error);
    });
    return ok(c, { live: buildId }, `Build ${buildId} sekarang live`);
  });

  return app;
}

/** A time as ISO 8601 in UTC, or null when there is none or it is not a time. */
function isoOrNull(value: string | undefined): string | null {
  const time = value ? new Date(value) : undefined;
  return time && !Number.isNaN(time.getTime()) ? time.toISOString() : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw fail('webhookInvalidJson');
  }
}
