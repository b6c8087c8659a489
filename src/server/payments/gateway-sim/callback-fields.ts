import { createHash } from 'node:crypto';
import { callbackSignature } from '../duitku';
import type { GatewayStatusCode } from '../gateway';
import type { SimTransactionRow } from './transactions';

/** `2026-05-12`: the day in Jakarta, as Duitku's settlementDate. */
const jakartaDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The form fields of a callback for `tx` saying `resultCode`, signed with the merchant's key as
 * Duitku signs them: md5(merchantCode + amount + merchantOrderId + apiKey).
 */
export function callbackFields(tx: SimTransactionRow, resultCode: GatewayStatusCode, apiKey: string): Record<string, string> {
  const amount = String(tx.amount);
  return {
    merchantCode: tx.merchantCode,
    amount,
    merchantOrderId: tx.merchantOrderId,
    productDetail: tx.productDetails,
    additionalParam: tx.additionalParam,
    paymentCode: tx.paymentCode || 'VA',
    resultCode,
    merchantUserId: tx.merchantUserInfo,
    reference: tx.reference,
    signature: callbackSignature(tx.merchantCode, amount, tx.merchantOrderId, apiKey),
    // The payment channel's own id of the payment: fixed per transaction, as at the gateway.
    publisherOrderId: `SIM${createHash('sha256').update(tx.reference).digest('hex').slice(0, 17).toUpperCase()}`,
    spUserHash: '',
    settlementDate: resultCode === '00' ? jakartaDay.format(tx.settledAt ?? new Date()) : '',
    issuerCode: '',
  };
}
