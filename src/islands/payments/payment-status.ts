import type { Invoice, InvoiceState } from '~/contract/payments';
import { ApiRequestError } from '~/lib/api/errors';
import { momentText, remainingMs } from '~/lib/payments/countdown';
import { returnQuery } from '~/lib/payments/return-page';

/*
 * What /Payment-Status/Success and /Payment-Status/Error show (PaymentStatus.tsx): never what the
 * address says, only the invoice its `merchantOrderId` names as the signed-in learner's account
 * sees it (POST v1/class/payment/detail). Success is said only of an invoice that is paid, failure
 * only of one that failed, expired or was cancelled.
 */

/** The page's neutral title and heading, until (and unless) an invoice says more. */
export const NEUTRAL_TITLE = 'Status pembayaran';
export const NOT_FOUND_HEADING = 'Pembayaran tidak ditemukan';
export const NOT_FOUND_TEXT = 'Kami tidak menemukan pembayaran ini di akun Anda';

/** Where the page stands. */
export type PaymentStatusStep =
  | { kind: 'checking' }
  /** No order id in the address, none of this learner's, or none at all: nothing to show. */
  | { kind: 'not-found' }
  | { kind: 'sign-in'; href: string }
  | { kind: 'trouble'; message: string }
  | { kind: 'found'; invoice: Invoice };

/** The order id of the address (`?merchantOrderId=`, as /CallbackPayment sends it), or null when there is none that could be ours. */
export const orderIdOf = (search: string): string | null => returnQuery(search).merchantOrderId;

/**
 * The step before asking the API: not found without an order id; the sign-in link (back to this
 * very address) for a visitor who is not signed in; undefined when the invoice is to be asked for.
 */
export function stepBeforeAsking(orderId: string | null, signedIn: boolean, here: string): PaymentStatusStep | undefined {
  if (!orderId) return { kind: 'not-found' };
  if (!signedIn) return { kind: 'sign-in', href: `/Login?redirect=${encodeURIComponent(here)}` };
  return undefined;
}

/**
 * The step after the API refused: 401 (the sign-in ended) asks to sign in again; 400, 403 and 404 (an
 * id that is malformed, or no invoice of this learner's by it) are not found; anything else may pass
 * and is offered again (`message` as failureMessage words it).
 */
export function stepOfFailure(error: unknown, here: string, message: string): PaymentStatusStep {
  if (error instanceof ApiRequestError && error.statusCode === 401)
    return { kind: 'sign-in', href: `/Login?redirect=${encodeURIComponent(here)}` };
  if (error instanceof ApiRequestError && [400, 403, 404].includes(error.statusCode)) return { kind: 'not-found' };
  return { kind: 'trouble', message };
}

/** An invoice's state as the learner reads it. */
export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = {
  pending: 'Menunggu pembayaran',
  paid: 'Lunas',
  expired: 'Kedaluwarsa',
  failed: 'Gagal',
  cancelled: 'Dibatalkan',
  refunded: 'Dikembalikan (refund)',
};

/** What the invoice says: a tone (the box's edge colour), the heading (also the tab's title) and one paragraph. */
export interface PaymentOutcome {
  tone: 'success' | 'waiting' | 'notice' | 'error';
  heading: string;
  lead: string;
}

/** The outcome of an invoice at `now` (a pending invoice past its expiry reads as expired, as on the class page). */
export function paymentOutcome(invoice: Invoice, now: number = Date.now()): PaymentOutcome {
  const { className } = invoice;
  switch (invoice.status) {
    case 'paid':
      return invoice.enrolled
        ? {
            tone: 'success',
            heading: 'Pembayaran berhasil',
            lead: `Pembayaran Anda sudah kami terima dan Anda terdaftar di kelas ${className}. Bukti pembayaran dikirim ke email akun Anda.`,
          }
        : {
            tone: 'notice',
            heading: 'Pembayaran diterima, kelas belum terdaftar',
            lead: `Pembayaran ini tidak dapat dipakai untuk kelas ${className}: kuota kelas sudah penuh atau kelas ini sudah dibayar lewat tagihan lain. Dana Anda akan dikembalikan sepenuhnya dan tim kami menghubungi Anda lewat email.`,
          };
    case 'pending':
      if (remainingMs(invoice.expiresAt, now) > 0) {
        return {
          tone: 'waiting',
          heading: 'Menunggu pembayaran',
          lead: `Tagihan ini belum dibayar. Selesaikan pembayaran sebelum ${momentText(invoice.expiresAt)}; setelah itu tagihan kedaluwarsa.`,
        };
      }
      return expired(className);
    case 'expired':
      return expired(className);
    case 'failed':
      return {
        tone: 'error',
        heading: 'Pembayaran gagal',
        lead: `Pembayaran ditolak atau dibatalkan, jadi kelas ${className} belum terdaftar untuk Anda. Tidak ada biaya yang ditagihkan; Anda dapat membuat tagihan baru di halaman kelas.`,
      };
    case 'cancelled':
      return {
        tone: 'error',
        heading: 'Tagihan dibatalkan',
        lead: invoice.enrolled
          ? `Tagihan ini dibatalkan dan tidak akan ditagihkan: Anda sudah terdaftar di kelas ${className} lewat tagihan lain.`
          : `Tagihan ini dibatalkan dan tidak akan ditagihkan, jadi kelas ${className} belum terdaftar untuk Anda. Anda dapat membuat tagihan baru di halaman kelas.`,
      };
    case 'refunded':
      return {
        tone: 'notice',
        heading: 'Pembayaran dikembalikan',
        lead: `Pembayaran tagihan ini sudah dikembalikan kepada Anda, jadi kelas ${className} tidak terdaftar di akun Anda. Anda dapat mendaftar lagi dari halaman kelas.`,
      };
  }
}

const expired = (className: string): PaymentOutcome => ({
  tone: 'error',
  heading: 'Tagihan kedaluwarsa',
  lead: `Tagihan ini melewati batas waktunya sebelum dibayar, jadi kelas ${className} belum terdaftar dan tidak ada biaya yang ditagihkan. Buat tagihan baru dengan "Bayar ulang" di halaman kelas.`,
});

/** The step in a few words: the status line while checking, what a screen reader hears once the step changes, and the tab's title. */
export function statusLine(step: PaymentStatusStep, now: number = Date.now()): string {
  switch (step.kind) {
    case 'checking':
      return 'Memeriksa status pembayaran…';
    case 'sign-in':
      return 'Masuk untuk melihat pembayaran ini.';
    case 'not-found':
      return `${NOT_FOUND_HEADING}.`;
    case 'trouble':
      return 'Status pembayaran belum dapat diperiksa.';
    case 'found':
      return `${paymentOutcome(step.invoice, now).heading}.`;
  }
}

/** The tab's title for a step: the page's own (neutral) title with the outcome's heading in its place once an invoice or its absence is known. */
export function titleFor(original: string, step: PaymentStatusStep, now: number = Date.now()): string {
  const heading =
    step.kind === 'found' ? paymentOutcome(step.invoice, now).heading : step.kind === 'not-found' ? NOT_FOUND_HEADING : NEUTRAL_TITLE;
  return original.replace(NEUTRAL_TITLE, heading);
}
