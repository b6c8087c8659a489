import { Hono } from 'hono';
import { ClickLogRequestSchema, LogSummaryQuerySchema } from '~/contract/logger';
import type { ApiDeps, ApiEnv } from '../context';
import { enforceLimit, rateLimit } from '../http/rate-limit';
import { ok } from '../http/respond';
import { readJson, readQuery } from '../http/validate';
import { requireAppToken, requireRole, requireUser } from '../identity';
import { fail } from '../platform/errors';
import { daysBetween, recordClick, SUMMARY_MAX_DAYS, summarise } from './click-logs';

/** Logs per address and minute: a busy visitor clicks far less; a script is cut off. */
const LOGS_PER_ADDRESS = { name: 'click-log-address', limit: 120, windowMs: 60_000 };
/** Logs per tenant and minute: bounds what many addresses together can write into one tenant's table. */
const LOGS_PER_TENANT = { name: 'click-log-tenant', limit: 6000, windowMs: 60_000 };

/**
 * Logging (SPEC §7 "Logging"): the page script's page loads and link clicks, and the counts admins
 * read. The log call takes the app token from the AppToken header or, as `navigator.sendBeacon`
 * sends it, from the client token cookie (then only from the tenant's own site), and JSON as
 * `application/json` or `text/plain`.
 */
export function loggerRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();

  app.post('/log/click', rateLimit(deps, LOGS_PER_ADDRESS), requireAppToken(deps), async (c) => {
    const tenant = c.get('tenant');
    await enforceLimit(deps, LOGS_PER_TENANT, tenant.lmsId);
    const log = await readJson(c, ClickLogRequestSchema, { textPlain: true });
    await recordClick(deps.db, tenant, log, c.req.header('Host'));
    return c.body(null, 204);
  });

  app.get('/log/summary', requireAppToken(deps), requireUser(deps), requireRole('admin', 'superadmin'), async (c) => {
    const query = readQuery(c, LogSummaryQuerySchema);
    const days = daysBetween(query.from, query.to);
    if (days < 1) throw fail('invalid', { fields: [{ field: 'to', message: 'tidak boleh sebelum from' }] });
    if (days > SUMMARY_MAX_DAYS)
      throw fail('invalid', { fields: [{ field: 'to', message: `rentang paling lama ${SUMMARY_MAX_DAYS} hari` }] });
    return ok(c, await summarise(deps.db, c.get('user').lmsId, query));
  });

  return app;
}
