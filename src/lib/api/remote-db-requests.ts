import { IDEMPOTENCY_HEADER } from '~/contract/idempotency';
import { z } from '~/contract/mini';
import { REST_API_KEY_HEADER, type RemoteDbTable } from '~/contract/remote-db';
import type { ApiClient, CallOptions } from './client';

/*
 * The requests under `remote-db.ts`: PostgREST's protocol through the client's `send` (no
 * postgrest-js in a page), and what each answer means to a visitor. A create succeeds only on 201,
 * a list only on 200 (SPEC §8); anything else is `status: false` with a message in Indonesian.
 */

/** The client and the tenant's public key (`PageConfig.restApiKey`), sent as `apikey`. */
export interface RemoteDb {
  client: ApiClient;
  apiKey: string;
}

/** A field the server or the schema refused, with the message to show beside it. */
export interface RemoteFieldError {
  field: string;
  message: string;
}

export type RemoteResult<T> =
  | { status: true; message: string; data: T }
  /** `statusCode` 0: no answer (offline, timeout). `fields`: what to mark in the form. */
  | { status: false; message: string; data: null; statusCode: number; fields?: RemoteFieldError[] };

/** The visitor-facing messages of each outcome. */
export const REMOTE_DB_MESSAGES = {
  offline: 'Tidak dapat terhubung ke server. Periksa koneksi internet Anda, lalu coba lagi; isian Anda tetap tersimpan.',
  timeout: 'Server tidak menjawab. Periksa koneksi Anda, lalu coba lagi; isian Anda tetap tersimpan.',
  server: 'Layanan sedang mengalami gangguan. Coba lagi dalam beberapa saat; isian Anda tetap tersimpan.',
  denied: 'Akses ke layanan data ditolak. Muat ulang halaman, lalu coba lagi.',
  tooLarge: 'Isian terlalu panjang. Persingkat, lalu kirim lagi.',
  unexpected: 'Jawaban server tidak seperti yang diharapkan. Muat ulang halaman, lalu coba lagi.',
  invalid: 'Data tidak valid',
} as const;

/** What each call says when it worked. */
export const REMOTE_DB_SUCCESS = {
  createBookReview: 'Ulasan Anda sudah terkirim. Terima kasih!',
  createAspiration: 'Aspirasi Anda sudah terkirim. Terima kasih!',
  createUserDisc: 'Hasil tes DISC Anda sudah tersimpan.',
  createTestimony: 'Testimoni Anda sudah terkirim. Terima kasih!',
  createDonation: 'Donasi Anda sudah tercatat. Terima kasih!',
  list: 'Berhasil memuat data',
} as const;

/**
 * Options of a create: `idempotencyKey`, made once per filled-in form and sent again on a retry, so a
 * double submit or a retry after a lost answer stores one row (sent as `Idempotency-Key`).
 */
export interface CreateOptions {
  idempotencyKey?: string;
}

/** What `list` and `create` check rows with: a contract schema (zod/mini's `safeParse`). */
export interface RowSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

/** A failure with the message a visitor reads (and, for a refused input, its fields). */
export const failed = (statusCode: number, message: string, fields?: RemoteFieldError[]): RemoteResult<never> => ({
  status: false,
  message,
  data: null,
  statusCode,
  ...(fields?.length ? { fields } : {}),
});

/** '30 detik', '5 menit': how long until a rate limit lets the visitor send again. */
function waitText(seconds: number): string {
  return seconds < 60 ? `${Math.max(1, seconds)} detik` : `${Math.ceil(seconds / 60)} menit`;
}

/** The failure a non-success answer means to a visitor; the server's own (Indonesian) message for a refused value. */
async function failureOf(response: Response): Promise<RemoteResult<never>> {
  const status = response.status;
  let message: string | undefined;
  try {
    const body: unknown = JSON.parse(await response.text());
    if (typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string')
      message = (body as { message: string }).message;
  } catch {
    // No JSON body: the status alone says what happened.
  }
  if (status === 429) {
    const wait = Number(response.headers.get('Retry-After'));
    const when = Number.isFinite(wait) && wait > 0 ? ` dalam ${waitText(wait)}` : ' nanti';
    return failed(status, `Terlalu banyak kiriman dari jaringan Anda. Coba lagi${when}; isian Anda tetap tersimpan.`);
  }
  if (status === 401 || status === 403) return failed(status, REMOTE_DB_MESSAGES.denied);
  if (status === 413) return failed(status, REMOTE_DB_MESSAGES.tooLarge);
  if (status >= 500) return failed(status, REMOTE_DB_MESSAGES.server);
  if (status >= 400 && message?.startsWith(REMOTE_DB_MESSAGES.invalid)) return failed(status, message);
  // The submission key was used for other data: the server says what to do (reload the form).
  if (status === 422 && message) return failed(status, message);
  return failed(status, `${REMOTE_DB_MESSAGES.unexpected} (HTTP ${status})`);
}

/** Sends one request; a call that got no answer is a failure with status code 0. */
async function send(db: RemoteDb, table: RemoteDbTable, options: CallOptions, prefer?: string): Promise<Response | RemoteResult<never>> {
  const headers: Record<string, string> = { [REST_API_KEY_HEADER]: db.apiKey, Accept: 'application/json' };
  if (prefer) headers.Prefer = prefer;
  try {
    return await db.client.send('rest', table, { ...options, headers: { ...options.headers, ...headers } });
  } catch (error) {
    const timeout = error instanceof DOMException && error.name === 'TimeoutError';
    return failed(0, timeout ? REMOTE_DB_MESSAGES.timeout : REMOTE_DB_MESSAGES.offline);
  }
}

/** GET `table` with `query`: the rows on 200, anything else a failure. */
export async function list<T>(
  db: RemoteDb,
  table: RemoteDbTable,
  query: NonNullable<CallOptions['query']>,
  schema: RowSchema<T>,
): Promise<RemoteResult<T[]>> {
  const response = await send(db, table, { query });
  if (!(response instanceof Response)) return response;
  if (response.status !== 200) return failureOf(response);
  const rows = await response.json().catch(() => undefined);
  if (!Array.isArray(rows)) return failed(response.status, REMOTE_DB_MESSAGES.unexpected);
  const parsed: T[] = [];
  for (const row of rows) {
    const result = schema.safeParse(row);
    if (!result.success) return failed(response.status, REMOTE_DB_MESSAGES.unexpected);
    parsed.push(result.data);
  }
  return { status: true, message: REMOTE_DB_SUCCESS.list, data: parsed };
}

/**
 * Checks `input` with the insert schema (the one the server checks with), POSTs it asking for the
 * stored row back, and succeeds only on 201 with that row.
 */
export async function create<T>(
  db: RemoteDb,
  table: RemoteDbTable,
  insert: z.ZodMiniType,
  input: unknown,
  schema: RowSchema<T>,
  success: string,
  { idempotencyKey }: CreateOptions = {},
): Promise<RemoteResult<T>> {
  const checked = z.safeParse(insert, input);
  if (!checked.success) {
    const fields = checked.error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || '(body)', message: issue.message }));
    return failed(400, `${REMOTE_DB_MESSAGES.invalid}: ${fields.map((f) => `${f.field}: ${f.message}`).join('; ')}`, fields);
  }
  const headers = idempotencyKey ? { [IDEMPOTENCY_HEADER]: idempotencyKey } : undefined;
  const response = await send(db, table, { method: 'POST', body: checked.data, ...(headers && { headers }) }, 'return=representation');
  if (!(response instanceof Response)) return response;
  if (response.status !== 201) return failureOf(response);
  const rows = await response.json().catch(() => undefined);
  const row = Array.isArray(rows) && rows.length === 1 ? schema.safeParse(rows[0]) : { success: false as const };
  return row.success ? { status: true, message: success, data: row.data } : failed(response.status, REMOTE_DB_MESSAGES.unexpected);
}
