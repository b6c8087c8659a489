import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The one error shape every API failure answers with (SPEC §8: statusCode and message). */
export interface ApiError {
  statusCode: number;
  message: string;
}

/** Answers with the error shape; the message is safe to show, never a stack trace. */
export function errorResponse(c: Context, statusCode: ContentfulStatusCode, message: string) {
  return c.json({ statusCode, message } satisfies ApiError, statusCode);
}
