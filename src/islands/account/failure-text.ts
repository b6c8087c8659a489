import { ApiRequestError } from '~/lib/api/errors';
import { isNetworkFailure } from '~/lib/auth/request-errors';

/**
 * What the account home, its downloads and the receipt page say when a call fails: the server's own
 * Indonesian message for a refusal (404 'Kuitansi tidak ditemukan…'), else no answer or an outage in
 * our words. Unlike the forms' messages, nothing is said about typed values: these pages have none.
 */
export function failureText(error: unknown): string {
  if (isNetworkFailure(error)) return 'Tidak dapat terhubung ke server. Periksa koneksi internet Anda, lalu coba lagi.';
  if (!(error instanceof ApiRequestError) || error.statusCode >= 500)
    return 'Layanan sedang mengalami gangguan. Coba lagi dalam beberapa saat.';
  return error.message;
}
