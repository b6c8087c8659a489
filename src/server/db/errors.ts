/**
 * Which database failures mean "the database cannot serve now" (an outage: try again later, 503)
 * rather than a fault in a query or the data (500). One place for the API, readiness and the site
 * server's pages.
 */

/** What visitors and API callers read while the database is out of reach. */
export const DATABASE_UNAVAILABLE = 'Basis data sedang tidak dapat dihubungi, coba lagi sebentar lagi';

/** Seconds a caller is told to wait (Retry-After) before trying again during an outage. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Node socket errors: the server cannot be reached or dropped the connection. */
const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  ECONNABORTED: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'host unreachable',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
};

/** SQLSTATEs of a server that is stopping, starting, full or cancelled a statement for taking too long. */
const SQLSTATES: Record<string, string> = {
  '57P01': 'server shutting down',
  '57P02': 'server crashed',
  '57P03': 'server starting up',
  '57P05': 'idle session timeout',
  '57014': 'statement timeout',
  '25P03': 'idle in transaction timeout',
  '53300': 'too many connections',
};

/** Messages of node-postgres and pg-pool (they carry no code), checked in this order. */
const DRIVER_MESSAGES: [RegExp, string][] = [
  [/^timeout exceeded when trying to connect$/, 'connect timeout'],
  [/^Connection terminated due to connection timeout$/, 'connect timeout'],
  [/^timeout expired$/, 'connect timeout'],
  [/^Query read timeout$/, 'query timeout'],
  [/^Connection terminated/, 'connection lost'],
  [/^Client has encountered a connection error and is not queryable$/, 'connection lost'],
  [/^Cannot use a pool after calling end on the pool$/, 'closing'],
];

/**
 * Why the database cannot serve now (`connection refused`, `connect timeout`, `query timeout`,
 * `statement timeout`, `server shutting down`, …), or undefined when `error` is not an outage.
 * Looks through Drizzle's `cause` and the `errors` of an AggregateError (a host with several addresses).
 */
export function databaseUnavailableCause(error: unknown): string | undefined {
  const pending = [error];
  const seen = new Set<unknown>();
  while (pending.length && seen.size < 16) {
    const link = pending.shift();
    if (!link || typeof link !== 'object' || seen.has(link)) continue;
    seen.add(link);
    const cause = causeOf(link as { code?: unknown; message?: unknown });
    if (cause) return cause;
    pending.push((link as { cause?: unknown }).cause);
    if (link instanceof AggregateError) pending.push(...link.errors);
  }
  return undefined;
}

/**
 * Whether `error` (thrown by a query through the platform's `db`) means the database is out of reach
 * or timed out: answer 503 with Retry-After and `DATABASE_UNAVAILABLE`, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseUnavailableCause(error) !== undefined;
}

function causeOf(link: { code?: unknown; message?: unknown }): string | undefined {
  const code = typeof link.code === 'string' ? link.code : undefined;
  if (code) {
    const known = NETWORK_CODES[code] ?? SQLSTATES[code];
    if (known) return known;
    // Class 08: connection exception (the server refused or lost the session).
    if (/^08[0-9A-Z]{3}$/.test(code)) return `connection failure (${code})`;
  }
  const message = typeof link.message === 'string' ? link.message : '';
  return DRIVER_MESSAGES.find(([pattern]) => pattern.test(message))?.[1];
}

/** A short, safe line for a report: the outage's cause, or the SQLSTATE of another failure; never the raw message. */
export function databaseFailureSummary(error: unknown): string {
  const cause = databaseUnavailableCause(error);
  if (cause) return `unavailable: ${cause}`;
  const code = sqlState(error);
  return code ? `error ${code}` : 'error';
}

/** The SQLSTATE of a database error, possibly wrapped by Drizzle in `cause`. */
export function sqlState(error: unknown, depth = 0): string | undefined {
  if (!error || typeof error !== 'object' || depth > 3) return undefined;
  const code = (error as { code?: unknown }).code;
  // Five characters, at least one a digit (`EPIPE` is a socket error, not a SQLSTATE).
  if (typeof code === 'string' && /^(?=.*[0-9])[0-9A-Z]{5}$/.test(code)) return code;
  return sqlState((error as { cause?: unknown }).cause, depth + 1);
}

/** The constraint a database error names (a unique index on 23505), possibly wrapped by Drizzle in `cause`. */
export function violatedConstraint(error: unknown, depth = 0): string | undefined {
  if (!error || typeof error !== 'object' || depth > 3) return undefined;
  const constraint = (error as { constraint?: unknown }).constraint;
  if (typeof constraint === 'string' && constraint) return constraint;
  return violatedConstraint((error as { cause?: unknown }).cause, depth + 1);
}

/** SQLSTATE of a unique violation. */
export const UNIQUE_VIOLATION = '23505';
