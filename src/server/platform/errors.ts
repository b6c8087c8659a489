/**
 * Every failure the platform reports to a caller, defined once: what kind of failure it is and its
 * Indonesian message (safe to show a visitor). Services and routes throw `fail(name, params)`; only
 * `http/errors.ts` knows which HTTP status each kind becomes, so services never touch HTTP.
 *
 * Adding an error: one entry in `ERRORS` below (kind + message, a function when it names a value).
 *
 * @example
 *   throw fail('postNotFound');
 *   throw fail('appNotFound', { code });
 *   throw fail('invalid', { fields: [{ field: 'email', message: 'alamat email tidak valid' }] });
 */

/** What went wrong, as a caller must react to it (http/errors.ts maps each to a status). */
export type ErrorKind =
  | 'invalid' // the input is wrong: fix it and send again
  | 'unauthenticated' // no or a bad credential: sign in / get a token
  | 'forbidden' // the credential is good but may not do this
  | 'not-found'
  | 'method-not-allowed'
  | 'conflict' // the state changed or the thing exists: reload and decide
  | 'gone' // it existed and no longer may be used
  | 'too-large'
  | 'unsupported-media'
  | 'unprocessable' // understood, but cannot be done in this state
  | 'too-many' // rate limited: try again after `retryAfterSeconds`
  | 'busy' // the server is saturated: try again soon
  | 'unavailable' // a dependency is down: try again later
  | 'upstream' // an outside service (payment gateway) answered wrongly
  | 'internal';

/** One field's complaint, for forms to mark the field. */
export interface FieldError {
  field: string;
  message: string;
}

/** Extra facts an error may carry to the caller. */
export interface ErrorDetails {
  fields?: FieldError[] | undefined;
  /** Seconds until a retry can succeed (`Retry-After`). */
  retryAfterSeconds?: number | undefined;
  /** Other headers the answer must carry (e.g. `Allow`). */
  headers?: Record<string, string> | undefined;
}

interface ErrorDef {
  kind: ErrorKind;
  // biome-ignore lint/suspicious/noExplicitAny: each entry types its own parameters; `Params` reads them back.
  message: string | ((params: any) => string);
}

/** The catalogue: every error a caller can get, by name. Keep names in camelCase, grouped by feature. */
export const ERRORS = {
  // Any feature
  invalid: {
    kind: 'invalid',
    message: (p: { fields: FieldError[] }) => `Data tidak valid: ${p.fields.map((f) => `${f.field}: ${f.message}`).join('; ')}`,
  },
  endpointNotFound: { kind: 'not-found', message: 'Endpoint tidak ditemukan' },
  bodyTooLarge: { kind: 'too-large', message: (p: { maxKb: number }) => `Isi permintaan terlalu besar (maksimal ${p.maxKb} KB)` },
  /** `what`: what there were too many of (`permintaan`, `percobaan masuk`); give `retryAfterSeconds` too. */
  tooMany: {
    kind: 'too-many',
    message: (p: { what?: string; seconds: number }) => `Terlalu banyak ${p.what ?? 'permintaan'}; coba lagi dalam ${p.seconds} detik`,
  },
  databaseUnavailable: { kind: 'unavailable', message: 'Basis data sedang tidak dapat dihubungi, coba lagi sebentar lagi' },
  internal: { kind: 'internal', message: 'Terjadi kesalahan pada server' },
} as const satisfies Record<string, ErrorDef>;

export type ErrorName = keyof typeof ERRORS;
type Params<N extends ErrorName> = (typeof ERRORS)[N]['message'] extends (params: infer P) => string ? [params: P] : [];

/** A failure of the platform, by catalogue name; `http/errors.ts` turns it into the API's error answer. */
export class DomainError extends Error {
  constructor(
    readonly name: ErrorName,
    readonly kind: ErrorKind,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
  }
}

/** The catalogue's error `name`; `details` adds fields, a retry time or headers. */
export function fail<N extends ErrorName>(name: N, ...args: [...Params<N>, details?: ErrorDetails]): DomainError {
  const def: ErrorDef = ERRORS[name];
  const params = typeof def.message === 'function' ? args[0] : undefined;
  const details = (typeof def.message === 'function' ? args[1] : args[0]) as ErrorDetails | undefined;
  const message = typeof def.message === 'function' ? def.message(params) : def.message;
  const fields = details?.fields ?? (params as { fields?: FieldError[] } | undefined)?.fields;
  return new DomainError(name, def.kind, message, { ...details, fields });
}

/** Whether `error` is the catalogue's `name` (tests, and code that turns one failure into another). */
export function isError(error: unknown, name: ErrorName): error is DomainError {
  return error instanceof DomainError && error.name === name;
}
