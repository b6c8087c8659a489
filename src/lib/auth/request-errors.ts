import { ApiRequestError } from '~/lib/api/errors';
import { formatClock } from '~/lib/format/dates';

/*
 * What the sign-in, sign-up and account islands tell a visitor when a call fails: the words of
 * SPEC §8 are "not shown", so these are ours, in Indonesian, never a raw error or a stack trace.
 */

/** No answer at all: the browser is offline or the server cannot be reached. */
export const OFFLINE_MESSAGE =
  'Tidak dapat terhubung ke server. Periksa koneksi internet Anda, lalu coba lagi; isian Anda tetap tersimpan di formulir.';
/** A 5xx, or an answer the contract does not describe. */
export const SERVER_MESSAGE = 'Layanan sedang mengalami gangguan. Coba lagi dalam beberapa saat; isian Anda tetap tersimpan di formulir.';
/** Wrong password and unknown e-mail alike (the server says the same; so do we, whatever it says). */
export const BAD_CREDENTIALS_MESSAGE = 'Email atau password salah';

/**
 * 'Coba lagi pukul 14.32 WIB': the Jakarta clock time `seconds` after `now`, rounded up to the next
 * minute so that trying at the time shown is never too early.
 */
export function retryAtText(seconds: number, now: Date = new Date()): string {
  const at = Math.ceil((now.getTime() + Math.max(0, seconds) * 1000) / 60_000) * 60_000;
  return `Coba lagi pukul ${formatClock(new Date(at).toISOString(), 'WIB')} WIB`;
}

/** Whether a failure means the request never got an answer (fetch's TypeError, an abort, or the browser says offline). */
export function isNetworkFailure(error: unknown, online = typeof navigator === 'undefined' ? true : navigator.onLine): boolean {
  if (!online) return true;
  const cause = error instanceof ApiRequestError ? error.cause : error;
  return cause instanceof TypeError || (cause instanceof Error && cause.name === 'AbortError');
}

/**
 * The form-level message for a failed call: offline, 429 (the server's message with the time to try
 * again), 5xx; other statuses give the server's own message, which the API writes in Indonesian.
 */
export function failureMessage(error: unknown, now: Date = new Date(), online?: boolean): string {
  if (isNetworkFailure(error, online)) return OFFLINE_MESSAGE;
  if (!(error instanceof ApiRequestError) || error.statusCode >= 500) return SERVER_MESSAGE;
  if (error.statusCode === 429) {
    const when = error.retryAfterSeconds === undefined ? '' : ` ${retryAtText(error.retryAfterSeconds, now)}.`;
    return `${error.message.replace(/\.?\s*$/, '.')}${when}`;
  }
  return error.message;
}
