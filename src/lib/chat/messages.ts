import { RESPONSE_STREAM_ERROR } from '~/contract/chat';
import { ApiRequestError } from '~/lib/api/errors';
import { isNetworkFailure, retryAtText } from '~/lib/auth/request-errors';

/** An answer that stopped before its end: the part that came stays on screen. */
export const CHAT_BROKEN_OFF = 'Jawaban terputus sebelum selesai. Bagian yang sudah diterima tetap ditampilkan; silakan tanyakan lagi.';
/** No answer at all: offline or the service cannot be reached. */
export const CHAT_OFFLINE = 'Tidak dapat terhubung ke asisten. Periksa koneksi internet Anda, lalu coba lagi.';
/** A 5xx, or an answer the contract does not describe. */
export const CHAT_TROUBLE = 'Asisten sedang mengalami gangguan. Coba lagi dalam beberapa saat.';

/**
 * What the visitor reads when a question failed (SPEC §8): 'Response stream error' for an answer
 * without a body (SPEC §5), the API's own Indonesian message for a refusal (a 429 with the time to
 * ask again), offline when nothing answered; anything else broke the answer off.
 */
export function chatFailureText(
  error: unknown,
  answered: boolean,
  { now = new Date(), online = typeof navigator === 'undefined' || navigator.onLine !== false } = {},
): string {
  if (error instanceof Error && error.message === RESPONSE_STREAM_ERROR) return RESPONSE_STREAM_ERROR;
  if (!answered && isNetworkFailure(error, online)) return CHAT_OFFLINE;
  if (error instanceof ApiRequestError) {
    if (error.statusCode >= 500) return CHAT_TROUBLE;
    if (error.statusCode === 429 && error.retryAfterSeconds !== undefined) {
      return `${error.message.replace(/\.?\s*$/, '.')} ${retryAtText(error.retryAfterSeconds, now)}.`;
    }
    return error.message;
  }
  return CHAT_BROKEN_OFF;
}
