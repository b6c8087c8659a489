import { type Invoice, RESULT_SUCCESS } from '~/contract/payments';
import { classPath } from '~/lib/catalogue/paths';

/*
 * The gateway's return to /CallbackPayment (docs/design.md "Facts about the original platform"): the page
 * reads resultCode, merchantOrderId and reference from its address and only shows where the payment
 * stands; nothing is granted here (the server grants on the signed callback and its own check).
 */

/** Where a finished payment's learner is sent. */
export const PAYMENT_SUCCESS_PATH = '/Payment-Status/Success';
export const PAYMENT_ERROR_PATH = '/Payment-Status/Error';

/** The return address's parameters. */
export interface ReturnQuery {
  resultCode: string | null;
  merchantOrderId: string | null;
  reference: string | null;
}

/** What the return page does. */
export type ReturnDecision =
  /** resultCode other than "00": 'Pembayaran Gagal' with a way back. */
  | { kind: 'failed' }
  /** The invoice still waits for payment: back to the gateway's page. */
  | { kind: 'redirect-to-payment'; url: string }
  | { kind: 'success'; href: string }
  | { kind: 'error'; href: string };

const ORDER_ID = /^[A-Za-z0-9_-]{1,50}$/;

/** The return address's parameters, trimmed; an order id that could not be ours is dropped. */
export function returnQuery(search: string): ReturnQuery {
  const params = new URLSearchParams(search);
  const value = (name: string) => params.get(name)?.trim() || null;
  const merchantOrderId = value('merchantOrderId');
  return {
    resultCode: value('resultCode'),
    merchantOrderId: merchantOrderId && ORDER_ID.test(merchantOrderId) ? merchantOrderId : null,
    reference: value('reference'),
  };
}

/** Whether the gateway said the payment succeeded ("00"); anything else is a failure shown without asking the API. */
export const gatewaySaysPaid = (query: Pick<ReturnQuery, 'resultCode'>): boolean => query.resultCode === RESULT_SUCCESS;

/** `/Payment-Status/Success?merchantOrderId=…` or the error page's, with the order id when known. */
export function statusPagePath(kind: 'success' | 'error', merchantOrderId: string | null): string {
  const path = kind === 'success' ? PAYMENT_SUCCESS_PATH : PAYMENT_ERROR_PATH;
  return merchantOrderId ? `${path}?merchantOrderId=${encodeURIComponent(merchantOrderId)}` : path;
}

/** Only the gateway's own web page may be sent to, never a `javascript:` or other scheme. */
export function safePaymentUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The return page's decision: a resultCode other than "00" is a failure whatever else the address
 * says; with "00" the invoice decides (`detail` as the API answered, undefined when not asked or
 * not found): paid → success, still pending with a payment page → back to it, anything else → error.
 */
export function returnDecision(query: ReturnQuery, detail?: Invoice | null): ReturnDecision {
  if (!gatewaySaysPaid(query)) return { kind: 'failed' };
  const error = { kind: 'error', href: statusPagePath('error', query.merchantOrderId) } as const;
  if (!query.merchantOrderId || !detail || detail.merchantOrderId !== query.merchantOrderId) return error;
  if (detail.status === 'paid') return { kind: 'success', href: statusPagePath('success', query.merchantOrderId) };
  const url = detail.status === 'pending' ? safePaymentUrl(detail.paymentUrl) : undefined;
  return url ? { kind: 'redirect-to-payment', url } : error;
}

/** The way back from a failed payment: the class's page when the invoice names it, else the class list. */
export const classLinkOf = (detail: Pick<Invoice, 'classCode'> | null | undefined): string =>
  detail?.classCode ? classPath({ code: detail.classCode }) : '/Class';
