import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '~/contract/idempotency';
import { REST_API_KEY_HEADER } from '~/contract/remote-db';
import type { ApiDeps } from '../context';
import { clientAddress } from '../http/credentials';
import { STATUS_OF } from '../http/errors';
import { enforceLimit, rateLimit } from '../http/rate-limit';
import { DomainError } from '../platform/errors';
import type { RateLimitRule } from '../platform/rate-limit';
import { type RestEnv, tenantOfApiKey } from './api-key';
import { fromDatabaseError, PostgrestError, permissionDenied, tableNotFound } from './errors';
import { idempotencyKeyOf, insertOnce } from './idempotency';
import { bodyRows, checkRows } from './insert';
import { contentRange, OBJECT_MEDIA, parsePrefer, preferenceApplied, requestedRange, wantsObject } from './protocol';
import { parseQuery } from './query';
import { nearestTable, type RestTable, restTable } from './registry';
import { selectFields } from './sql';
import { countRows, insertRows, readPlan, readRows } from './statements';

/** How much anonymous callers may do (per client address, per tenant). */
export interface RestLimits {
  /** Any call, per address: reads of a busy page and a class of forms behind one school address fit. */
  callsPerAddress: RateLimitRule;
  /** Rows inserted per address: a class of 40 taking the DISC test at once behind one address fits. */
  rowsPerAddress: RateLimitRule;
  /** Rows inserted per tenant: bounds what many addresses together can write into one tenant's tables. */
  rowsPerTenant: RateLimitRule;
}

export const REST_LIMITS: RestLimits = {
  callsPerAddress: { name: 'rest-calls-address', limit: 300, windowMs: 60_000 },
  rowsPerAddress: { name: 'rest-rows-address', limit: 60, windowMs: 10 * 60_000 },
  rowsPerTenant: { name: 'rest-rows-tenant', limit: 3000, windowMs: 60 * 60_000 },
};

const JSON_UTF8 = 'application/json; charset=utf-8';

function tableOf(c: Context): RestTable {
  const name = c.req.param('table') ?? '';
  const table = restTable(name);
  if (table) return table;
  const near = nearestTable(name);
  throw tableNotFound(name, near ? `Perhaps you meant the table 'public.${near}'` : null);
}

/** 406 PGRST116 unless there is exactly one row. */
function assertSingle(rows: number): void {
  if (rows !== 1)
    throw new PostgrestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`);
}

/** Answers with the error's body, status and headers. */
function errorResponse(c: Context, error: PostgrestError) {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return c.json(error.body(), error.status as ContentfulStatusCode);
}

/**
 * The REST API's error handler: its own errors as they are, the platform's (a 429 of a rate limit)
 * in PostgREST's body, database refusals by SQLSTATE, an outage as PGRST000 (503, Retry-After), and
 * anything else as XX000 (500) without details.
 */
function onRestError(error: Error, c: Context) {
  if (error instanceof PostgrestError) return errorResponse(c, error);
  if (error instanceof DomainError) {
    const status = STATUS_OF[error.kind];
    // PostgREST has no rate limits; Supabase names this one `over_request_rate_limit`.
    const code = status === 429 ? 'over_request_rate_limit' : String(status);
    const { headers, retryAfterSeconds } = error.details;
    const retry = retryAfterSeconds === undefined ? {} : { 'Retry-After': String(retryAfterSeconds) };
    return errorResponse(c, new PostgrestError(status, code, error.message, null, null, { ...headers, ...retry }));
  }
  const known = fromDatabaseError(error);
  if (known) {
    if (known.status === 503) console.error(`[rest] ${c.req.method} ${c.req.path}: basis data tidak tersedia (${known.details})`);
    return errorResponse(c, known);
  }
  console.error(`[rest] ${c.req.method} ${c.req.path}:`, error);
  return errorResponse(c, new PostgrestError(500, 'XX000', 'Terjadi kesalahan pada server'));
}

/** Sets the call's tenant from its `apikey` (see `tenantOfApiKey`: 401 without a key of a tenant here). */
function requireApiKey(deps: Pick<ApiDeps, 'keys' | 'tenants'>) {
  return createMiddleware<RestEnv>(async (c, next) => {
    c.set('tenant', await tenantOfApiKey(deps, c.req.header(REST_API_KEY_HEADER)));
    await next();
  });
}

/**
 * The hosted database REST (SPEC §7), mounted at `/api/rest/v1`: the PostgREST protocol over the
 * tables of `registry.ts`, for the tenant whose key is sent as `apikey`. GET (and HEAD) reads,
 * POST inserts (once per `Idempotency-Key`, see `idempotency.ts`); updates, deletes and upserts are
 * not granted to anonymous callers (42501).
 */
export function restRoutes(deps: ApiDeps, limits: RestLimits = REST_LIMITS) {
  const app = new Hono<RestEnv>();
  app.onError(onRestError);

  app.use('*', rateLimit(deps, limits.callsPerAddress));
  app.all('/rpc/:name', requireApiKey(deps), (c) => {
    const name = c.req.param('name');
    throw new PostgrestError(404, 'PGRST202', `Could not find the function public.${name} without parameters in the schema cache`);
  });
  app.use('/:table', requireApiKey(deps));

  app.get('/:table', async (c) => {
    const table = tableOf(c);
    if (!table.read) throw permissionDenied(table.name, table.allowed);
    const query = parseQuery(new URL(c.req.url).searchParams);
    const prefs = parsePrefer(c.req.header('Prefer'));
    const single = wantsObject(c.req.header('Accept'));
    const range = requestedRange(c.req.header('Range'), query.limit, query.offset);
    const plan = readPlan(table, table.read, c.get('tenant').lmsId, query);
    // The count first: a range past the end is refused without reading rows.
    const total = prefs.count ? await countRows(deps.db, table, plan) : undefined;
    const rows = total !== undefined && range.lower > total ? [] : await readRows(deps.db, table, plan, range);
    const { status, header } = contentRange(range.lower, rows.length, total);
    c.header('Content-Range', header);
    const applied = preferenceApplied(prefs, ['count']);
    if (applied) c.header('Preference-Applied', applied);
    if (status === 416)
      throw new PostgrestError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${range.lower} was requested, but there are only ${total} rows.`,
      );
    if (single) {
      assertSingle(rows.length);
      return c.body(JSON.stringify(rows[0]), 200, { 'Content-Type': `${OBJECT_MEDIA}; charset=utf-8` });
    }
    return c.body(JSON.stringify(rows), status, { 'Content-Type': JSON_UTF8 });
  });

  app.post('/:table', async (c) => {
    const table = tableOf(c);
    const key = idempotencyKeyOf(c.req.header(IDEMPOTENCY_HEADER));
    const url = new URL(c.req.url);
    const query = parseQuery(url.searchParams);
    const prefs = parsePrefer(c.req.header('Prefer'));
    if (prefs.resolution || query.onConflict) throw permissionDenied(table.name, `upsert memerlukan hak mengubah: ${table.allowed}`);
    const type = (c.req.header('Content-Type') ?? 'application/json').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') throw new PostgrestError(400, 'PGRST102', `Content-Type not acceptable: ${type}`);
    const representation = prefs.return === 'representation';
    const single = representation && wantsObject(c.req.header('Accept'));
    const rows = checkRows(table, bodyRows(await c.req.text()), query.columns, prefs.missing === 'default');
    if (single) assertSingle(rows.length);
    // The columns to answer with, checked before anything is counted or written.
    const fields = representation ? selectFields(table, table.returning, query.select) : undefined;
    const applied = preferenceApplied(prefs, ['return', 'count', 'missing']);

    const address = clientAddress(c, deps.trustProxyHops);
    const lmsId = c.get('tenant').lmsId;
    // A replay must ask for what was inserted and in the same shape: the rows, the query and the preferences.
    const request = { rows, query: [...url.searchParams].sort(), prefer: applied ?? '', single };
    const answer = await insertOnce(deps.db, { lmsId, table: table.name, key, request }, async (tx) => {
      // Only rows that are written count (a replay runs none of this); a refused body costs the sender nothing but its call.
      for (let n = 0; n < rows.length; n++) {
        await enforceLimit(deps, limits.rowsPerAddress, address);
        await enforceLimit(deps, limits.rowsPerTenant, lmsId);
      }
      const created = await insertRows(tx, table, lmsId, rows, fields);
      const headers: Record<string, string> = { 'Content-Range': `*/${prefs.count ? rows.length : '*'}` };
      if (applied) headers['Preference-Applied'] = applied;
      if (!representation) return { body: null, headers };
      if (single) return { body: JSON.stringify(created[0]), headers: { ...headers, 'Content-Type': `${OBJECT_MEDIA}; charset=utf-8` } };
      return { body: JSON.stringify(created), headers: { ...headers, 'Content-Type': JSON_UTF8 } };
    });
    if (answer.replayed) c.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return answer.body === null ? c.body(null, 201, answer.headers) : c.body(answer.body, 201, answer.headers);
  });

  // Anonymous callers hold no UPDATE or DELETE grant: PostgreSQL's refusal, as PostgREST relays it.
  app.on(['PATCH', 'PUT', 'DELETE'], '/:table', (c) => {
    const table = tableOf(c);
    throw permissionDenied(table.name, table.allowed);
  });
  app.all('/:table', (c) => {
    throw new PostgrestError(405, 'PGRST117', `Unsupported HTTP method: ${c.req.method}`);
  });
  // The root would be the OpenAPI description, which this server does not publish; deeper paths are nothing.
  app.all('*', (c) => {
    const root = /\/rest\/v1\/?$/.test(c.req.path);
    throw root
      ? new PostgrestError(404, 'PGRST126', 'Root endpoint metadata is disabled')
      : new PostgrestError(404, 'PGRST125', 'Invalid path specified in request URL');
  });

  return app;
}
