// Type-only: this module runs on every page, which carries no schema library (islands README).
import type { ApiErrorBody } from '~/contract/common';

type FieldError = NonNullable<ApiErrorBody['fields']>[number];

/** A failed API call in the one shape callers handle (SPEC §8): a status code, a message and, on a 400, the bad fields. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly statusCode: number;
  readonly fields: FieldError[] | undefined;
  /** Seconds to wait before asking again, from a 429's or 503's `Retry-After` (seconds or an HTTP date). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    statusCode: number,
    message: string,
    fields?: FieldError[],
    options?: { cause?: unknown; retryAfterSeconds?: number | undefined },
  ) {
    super(message, options);
    this.statusCode = statusCode;
    this.fields = fields;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }

  /** The error as the API's own error body, e.g. to keep it in a store. */
  toJSON(): ApiErrorBody {
    return { statusCode: this.statusCode, message: this.message, ...(this.fields ? { fields: this.fields } : {}) };
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** An HTTP status in a number or a numeric string; anything else (e.g. `status: "error"`) is not one. */
function statusOf(value: unknown): number | undefined {
  const status = typeof value === 'string' && /^\d{3}$/.test(value.trim()) ? Number(value) : value;
  return typeof status === 'number' && Number.isInteger(status) && status >= 100 && status <= 599 ? status : undefined;
}

/** `fields` of an error body (`ApiErrorSchema`), when it is a list of field and message pairs. */
function fieldsOf(value: unknown): FieldError[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const valid = value.every((item) => isRecord(item) && typeof item.field === 'string' && typeof item.message === 'string');
  return valid ? value.map((item: FieldError) => ({ field: item.field, message: item.message })) : undefined;
}

function dump(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    // Circular or BigInt-holding values cannot be dumped; their string form is the best left.
    return String(value);
  }
}

/** A `Retry-After` value as seconds from `now`: a whole number of seconds or an HTTP date; undefined otherwise. */
export function retryAfterSeconds(value: unknown, now = Date.now()): number | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * The response body of a failure: the client puts it on `data`; a value thrown that is not an Error
 * (e.g. an error body rethrown by a caller) is taken as the body itself.
 */
function bodyOf(error: unknown): unknown {
  if (!isRecord(error)) return error;
  if (error.data !== undefined) return error.data;
  const response = error.response;
  if (isRecord(response) && response._data !== undefined) return response._data;
  return error instanceof Error ? undefined : error;
}

/**
 * Turns anything a call can throw into an `ApiRequestError` (SPEC §8 "Error normalising"). The
 * status code comes from the body's `statusCode`, else its `status`, else the HTTP response status,
 * else 500. The message is the body's `message`; else a text body as it is; else a JSON dump of
 * the body; with no body at all, the error's own message (an Error dumps to `{}`, which says nothing).
 */
export function normalizeError(error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  const body = bodyOf(error);
  const record = isRecord(body) ? body : {};
  const response = isRecord(error) && isRecord(error.response) ? error.response : {};
  const statusCode = statusOf(record.statusCode) ?? statusOf(record.status) ?? statusOf(response.status) ?? 500;

  let message: string;
  if (typeof record.message === 'string' && record.message.trim()) message = record.message;
  else if (typeof body === 'string' && body.trim()) message = body.trim();
  else if (body !== undefined && body !== '') message = dump(body);
  else if (error instanceof Error) message = error.message || error.name;
  else message = dump(error);

  return new ApiRequestError(statusCode, message, fieldsOf(record.fields), {
    cause: error,
    retryAfterSeconds: retryAfterSeconds(response.retryAfter),
  });
}
