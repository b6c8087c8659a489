import { eq } from 'drizzle-orm';
import { CALLBACK_FIELDS, RESULT_SUCCESS } from '~/contract/payments';
import type { Db } from '../db/client';
import { invoices, paymentCallbacks } from '../db/schema';
import { DomainError } from '../platform/errors';
import { type PaymentsDeps, paymentAccountOf } from './accounts';
import { verifyCallbackSignature } from './duitku';
import { GatewayError, type TransactionStatus } from './gateway';
import { applyStatus, settlePaid } from './invoices';

/*
 * The gateway's callback (POST v1/class/payment/callback, form-encoded; docs/design.md "Payment gateway").
 * In order: the order must exist, the merchant code must be the invoice's, the md5 signature must
 * verify (in constant time), the amount must be the invoice's total; then the gateway's own
 * transaction status decides (a callback alone never marks anything paid). A repeated or late
 * callback changes nothing and answers success; a paid invoice never moves back. Every callback,
 * accepted or refused, is recorded with what was done.
 */

/** accepted, duplicate, ignored (pending news), refused (by a check), error (our fault: the gateway retries). */
export type CallbackOutcome = 'accepted' | 'duplicate' | 'ignored' | 'refused' | 'error';

export interface CallbackAnswer {
  status: 200 | 400 | 401 | 404 | 409 | 503;
  message: string;
  outcome: CallbackOutcome;
}

const answer = (status: CallbackAnswer['status'], outcome: CallbackOutcome, message: string): CallbackAnswer => ({
  status,
  outcome,
  message,
});

/** Rupiah as the gateway writes it: "10000" or "10000.00". */
export function callbackAmount(text: string | undefined): number | undefined {
  const match = /^(\d{1,12})(?:\.0{1,2})?$/.exec(text?.trim() ?? '');
  return match ? Number(match[1]) : undefined;
}

/** Handles one callback and records it; never throws for anything the sender did. */
export async function handleCallback(
  db: Db,
  deps: PaymentsDeps,
  fields: Record<string, string>,
  meta: { method: string; remoteAddress: string },
): Promise<CallbackAnswer> {
  let invoiceId: number | null = null;
  let lmsId: string | null = null;
  const decide = async (): Promise<CallbackAnswer> => {
    const orderId = fields.merchantOrderId?.trim();
    if (!orderId) return answer(400, 'refused', 'merchantOrderId wajib dikirim');
    const [invoice] = await db.select().from(invoices).where(eq(invoices.merchantOrderId, orderId));
    if (!invoice) return answer(404, 'refused', 'Tagihan tidak dikenal');
    invoiceId = invoice.id;
    lmsId = invoice.lmsId;
    const account = await paymentAccountOf(db, deps, invoice.lmsId);
    if (fields.merchantCode !== invoice.merchantCode) return answer(400, 'refused', 'merchantCode tidak sesuai');
    if (!verifyCallbackSignature(fields, account.apiKey)) return answer(401, 'refused', 'Signature tidak valid');
    const amount = callbackAmount(fields.amount);
    if (amount !== invoice.total) return answer(400, 'refused', `amount tidak sesuai tagihan (${fields.amount ?? ''})`);
    const result = fields.resultCode?.trim();
    if (result !== '00' && result !== '01' && result !== '02') return answer(400, 'refused', 'resultCode tidak dikenal');
    if (invoice.status === 'paid') return answer(200, 'duplicate', 'OK: tagihan sudah lunas');
    if (result === '01') return answer(200, 'ignored', 'OK: pembayaran masih diproses');

    // The gateway's own word decides, whatever the callback says.
    let status: TransactionStatus;
    try {
      status = await deps.gateway.transactionStatus(account, invoice.merchantOrderId);
    } catch (error) {
      if (error instanceof GatewayError) return answer(503, 'refused', `Status transaksi tidak dapat dicek: ${error.message}`);
      throw error;
    }
    if (status.statusCode === '00') {
      if (status.amount !== invoice.total) return answer(409, 'refused', `Status transaksi: jumlah ${status.amount} tidak sesuai`);
      const paid = await settlePaid(db, deps, invoice.id, status, 'gateway', `Callback ${result}, status transaksi 00`);
      return paid ? answer(200, 'accepted', 'OK') : answer(200, 'duplicate', 'OK: tagihan sudah lunas');
    }
    if (result === RESULT_SUCCESS)
      // The callback says paid, the gateway does not (yet): not accepted; the gateway sends it again.
      return answer(409, 'refused', `Callback 00 tetapi status transaksi ${status.statusCode}`);
    if (status.statusCode === '02')
      return (await applyStatus(db, deps, invoice, status, 'gateway'))
        ? answer(200, 'accepted', 'OK')
        : answer(200, 'duplicate', 'OK: tidak ada perubahan');
    return answer(200, 'ignored', 'OK: pembayaran masih diproses');
  };

  let result: CallbackAnswer;
  let failure: unknown;
  try {
    result = await decide();
  } catch (error) {
    // A tenant without a gateway account, the database down, a lock timeout: the gateway tries again later.
    failure = error;
    result = answer(
      503,
      error instanceof DomainError ? 'refused' : 'error',
      error instanceof DomainError ? error.message : 'Gagal memproses callback; coba lagi',
    );
  }
  try {
    await recordCallback(db, fields, meta, result, { lmsId, invoiceId });
  } catch (error) {
    // Recording is best effort when the database itself is what failed; the answer still goes out.
    if (!failure) throw error;
  }
  if (failure && !(failure instanceof DomainError))
    console.error(`[payments] callback ${fields.merchantOrderId ?? '?'}: ${String(failure)}`);
  return result;
}

/** Longest value kept of a callback field, and most fields kept. */
const FIELD_MAX = 500;
const FIELDS_MAX = 40;

/** The fields as recorded: the protocol's first, then others, each cut to FIELD_MAX characters. */
export function recordedFields(fields: Record<string, unknown>): Record<string, string> {
  const recorded: Record<string, string> = {};
  for (const name of [...CALLBACK_FIELDS, ...Object.keys(fields)]) {
    if (!(name in fields) || name in recorded || Object.keys(recorded).length >= FIELDS_MAX) continue;
    recorded[name.slice(0, 100)] = String(fields[name]).slice(0, FIELD_MAX);
  }
  return recorded;
}

async function recordCallback(
  db: Db,
  fields: Record<string, string>,
  meta: { method: string; remoteAddress: string },
  result: CallbackAnswer,
  about: { lmsId: string | null; invoiceId: number | null },
): Promise<void> {
  await db.insert(paymentCallbacks).values({
    lmsId: about.lmsId,
    invoiceId: about.invoiceId,
    method: meta.method,
    fields: recordedFields(fields),
    remoteAddress: meta.remoteAddress,
    outcome: result.outcome,
    reason: result.message.slice(0, FIELD_MAX),
    httpStatus: result.status,
  });
}

/** Records a callback that was refused before it could be read (a GET, an unreadable body). */
export async function recordRefusedCallback(
  db: Db,
  fields: Record<string, string>,
  meta: { method: string; remoteAddress: string },
  status: number,
  reason: string,
): Promise<void> {
  await db.insert(paymentCallbacks).values({
    method: meta.method,
    fields: recordedFields(fields),
    remoteAddress: meta.remoteAddress,
    outcome: 'refused',
    reason,
    httpStatus: status,
  });
}
