import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { ApiErrorBody } from '~/contract/common';
import { DomainError, type ErrorKind } from '../platform/errors';

export type ApiError = ApiErrorBody;
type FieldError = NonNullable<ApiErrorBody['fields']>[number];

/** Answers with the error shape; the message is safe to show, never a stack trace. */
export function errorResponse(c: Context, statusCode: ContentfulStatusCode, message: string, fields?: FieldError[]) {
  return c.json({ statusCode, message, ...(fields?.length ? { fields } : {}) } satisfies ApiError, statusCode);
}

/** Field errors of a zod failure, each naming its field path (`scopes.0`, `css.clr_primary`). */
export function fieldErrors(error: z.core.$ZodError): FieldError[] {
  return error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ field: [...issue.path, key].join('.'), message: 'field tidak dikenal' }))
      : [{ field: issue.path.join('.') || '(body)', message: issue.message }],
  );
}

/** The one place a kind of failure becomes an HTTP status. */
export const STATUS_OF: Record<ErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  'method-not-allowed': 405,
  conflict: 409,
  gone: 410,
  'too-large': 413,
  'unsupported-media': 415,
  unprocessable: 422,
  'too-many': 429,
  internal: 500,
  upstream: 502,
  unavailable: 503,
  busy: 503,
};

/** The error answer of a catalogue error (platform/errors.ts): its status, headers, message and fields. */
export function domainErrorResponse(c: Context, error: DomainError) {
  const { fields, retryAfterSeconds, headers } = error.details;
  for (const [name, value] of Object.entries(headers ?? {})) c.header(name, value);
  if (retryAfterSeconds !== undefined) c.header('Retry-After', String(retryAfterSeconds));
  return errorResponse(c, STATUS_OF[error.kind], error.message, fields);
}

export { DomainError };
