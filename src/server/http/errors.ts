import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { ApiErrorBody } from '~/contract/common';

export type ApiError = ApiErrorBody;
type FieldError = NonNullable<ApiErrorBody['fields']>[number];

/** Answers with the error shape; the message is safe to show, never a stack trace. */
export function errorResponse(c: Context, statusCode: ContentfulStatusCode, message: string, fields?: FieldError[]) {
  return c.json({ statusCode, message, ...(fields?.length ? { fields } : {}) } satisfies ApiError, statusCode);
}

/** A failure a route or middleware throws; the app's error handler turns it into the error shape. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: ContentfulStatusCode,
    message: string,
    readonly fields?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Field errors of a zod failure, each naming its field path (`scopes.0`, `css.clr_primary`). */
export function fieldErrors(error: z.core.$ZodError): FieldError[] {
  return error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ field: [...issue.path, key].join('.'), message: 'field tidak dikenal' }))
      : [{ field: issue.path.join('.') || '(body)', message: issue.message }],
  );
}

/** A 400 whose message names every bad field, e.g. `Data tidak valid: email: alamat email tidak valid`. */
export function invalidInput(fields: FieldError[]): HttpError {
  return new HttpError(400, `Data tidak valid: ${fields.map((f) => `${f.field}: ${f.message}`).join('; ')}`, fields);
}
