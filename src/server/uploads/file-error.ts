import { HttpError } from '../http/errors';

/** A refusal of the `file` field: 400 (missing, empty, broken), 413 (too large), 415 (a type not taken). */
export function fileError(statusCode: 400 | 413 | 415, message: string): HttpError {
  return new HttpError(statusCode, `Berkas ditolak: ${message}`, [{ field: 'file', message }]);
}
