import type { Invoice } from '~/contract/payments';
import { remainingMs } from './countdown';

/*
 * What a class page's payment box shows a signed-in learner, from their latest invoice for the class
 * (POST v1/class/payment/detail by slug). The server is the judge; this only picks the view.
 */

export type ClassPaymentView =
  /** No invoice yet: 'Daftar & bayar'. */
  | 'none'
  /** Waiting for payment: the invoice with its countdown and 'Bayar sekarang'. */
  | 'pending'
  /** Past its expiry unpaid: 'Bayar ulang'. */
  | 'expired'
  /** Refused or cancelled at the gateway: a new invoice may be asked for. */
  | 'failed'
  /** Paid, or enrolled some other way: 'Anda sudah terdaftar di kelas ini'. */
  | 'enrolled'
  /** Paid, but the class could not take it (full, or a second payment): the money is refunded. */
  | 'refund';

/** The view of the learner's latest invoice; a pending one already past its expiry counts as expired. */
export function classPaymentView(invoice: Invoice | null, now: number = Date.now()): ClassPaymentView {
  if (!invoice) return 'none';
  if (invoice.enrolled) return 'enrolled';
  if (invoice.status === 'paid') return 'refund';
  if (invoice.status === 'pending') return remainingMs(invoice.expiresAt, now) > 0 ? 'pending' : 'expired';
  if (invoice.status === 'cancelled') return 'failed';
  // Refunded by staff: the seat is gone; the learner may register again.
  if (invoice.status === 'refunded') return 'none';
  return invoice.status;
}
