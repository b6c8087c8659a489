import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE, databaseUnavailableCause, sqlState } from '../db/errors';

/**
 * PostgREST's error body and codes (its `Error.hs`): `{ code, message, details, hint }`, PGRST1xx for
 * the request, PGRST2xx for the schema, PGRST3xx for the key, and SQLSTATEs for what the database
 * refused. The codes and statuses are PostgREST's exactly; messages a visitor may read (which field
 * is wrong) are Indonesian, protocol messages stay PostgREST's English. `routes.ts` answers them
 * (`onRestError`), and the platform's own failures in the same body.
 */
export interface PostgrestErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

/** A failure of the REST API, answered as PostgREST answers it: with `status` (an HTTP status with a body). */
export class PostgrestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): PostgrestErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** PGRST100: a query parameter that cannot be parsed (`failed to parse filter (…)`). */
export const queryParamError = (message: string, details: string) => new PostgrestError(400, 'PGRST100', message, details);

/** 416 PGRST103 for a range that holds no rows though `limit=0` was not asked for (PostgREST's `NegativeLimit`). */
export const negativeLimit = () =>
  new PostgrestError(416, 'PGRST103', 'Requested range not satisfiable', 'Limit should be greater than or equal to zero.');

/** PGRST102: a body that is not JSON, or not rows. */
export const invalidBody = (message: string, details: string | null = null) => new PostgrestError(400, 'PGRST102', message, details);

/** PGRST127: a part of PostgREST's language this server does not speak (embedding, casts, JSON paths, …). */
export const notImplemented = (details: string) => new PostgrestError(400, 'PGRST127', 'Feature not implemented', details);

/** PGRST205 (404): no such table. */
export const tableNotFound = (name: string, hint: string | null) =>
  new PostgrestError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`, null, hint);

/** PGRST204: a body names a column the table does not have. */
export const columnNotFound = (table: string, column: string) =>
  new PostgrestError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);

/** 42703: a query (select, filter, order) names a column the table does not have. */
export const undefinedColumn = (table: string, column: string) =>
  new PostgrestError(400, '42703', `column ${table}.${column} does not exist`);

/**
 * 42501, as PostgREST answers an anonymous caller without the privilege: 401 (403 is for signed-in
 * roles, which this API has none of). `details` says in Indonesian what anonymous callers may do.
 */
export const permissionDenied = (table: string, details: string | null = null) =>
  new PostgrestError(401, '42501', `permission denied for table ${table}`, details, null, { 'WWW-Authenticate': 'Bearer' });

/** What a database error becomes (PostgREST's `pgErrorStatus`): 23505 and 23503 → 409, 42883 → 404, other 22/23 → 400. */
function statusOfSqlState(code: string): number {
  if (code === '23505' || code === '23503') return 409;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '42501') return 401;
  if (code.startsWith('22') || code.startsWith('23') || code.startsWith('42')) return 400;
  if (code.startsWith('53') || code.startsWith('08')) return 503;
  return 500;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The database's own error (inside Drizzle's wrapper), for its message and detail. */
function databaseError(error: unknown, depth = 0): Record<string, unknown> | undefined {
  if (!isRecord(error) || depth > 3) return undefined;
  if (typeof error.code === 'string' && sqlState(error) === error.code) return error;
  return databaseError(error.cause, depth + 1);
}

/** The error a failed query answers with; undefined for a failure that is not the database's (a bug: 500). */
export function fromDatabaseError(error: unknown): PostgrestError | undefined {
  const outage = databaseUnavailableCause(error);
  if (outage)
    return new PostgrestError(503, 'PGRST000', DATABASE_UNAVAILABLE, outage, null, { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) });
  const cause = databaseError(error);
  const code = cause && typeof cause.code === 'string' ? cause.code : undefined;
  if (!code) return undefined;
  const status = statusOfSqlState(code);
  if (status === 500) return undefined;
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  return new PostgrestError(status, code, text(cause?.message) ?? code, text(cause?.detail), text(cause?.hint));
}
