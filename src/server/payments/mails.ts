import { bankName, maskAccount } from '~/contract/payments';
import { formatRupiah } from '~/lib/format/money';
import type { MailMessage } from '../mail';

/*
 * The mail payments send: the learner's receipt, the staff's notice of a payout request and the
 * mentor's answer. Plain text; account numbers only ever masked.
 */

const jakarta = (at: Date) => `${at.toLocaleString('id-ID', { timeZone: 'Asia/Jakarta', dateStyle: 'long', timeStyle: 'short' })} WIB`;

/** The receipt of a paid invoice (kind `payment-receipt`). */
export function receiptMail(
  invoice: { merchantOrderId: string; amount: number; vat: number; total: number; reference: string | null },
  learner: { email: string; name: string; className: string; classCode: string },
  paidAt = new Date(),
): MailMessage {
  return {
    kind: 'payment-receipt',
    to: [learner.email],
    subject: `Kuitansi pembayaran ${learner.className}`,
    text: [
      `Halo ${learner.name.split(/\s+/)[0] ?? ''},`,
      '',
      `Pembayaran Anda untuk kelas ${learner.className} (${learner.classCode}) sudah kami terima, dan Anda kini terdaftar di kelas tersebut.`,
      '',
      `Nomor tagihan : ${invoice.merchantOrderId}`,
      `Referensi     : ${invoice.reference ?? '-'}`,
      `Harga kelas   : ${formatRupiah(invoice.amount)}`,
      `PPN           : ${formatRupiah(invoice.vat)}`,
      `Total dibayar : ${formatRupiah(invoice.total)}`,
      `Waktu         : ${jakarta(paidAt)}`,
      '',
      'Simpan email ini sebagai bukti pembayaran.',
    ].join('\n'),
  };
}

interface PayoutMailFields {
  id: number;
  name: string;
  bank: string;
  accountNumber: string;
  amount: number;
}

/** To the tenant's staff: a mentor asked for a payout (kind `payout-requested`). */
export function payoutRequestedMail(to: string[], payout: PayoutMailFields, mentorName: string): MailMessage {
  return {
    kind: 'payout-requested',
    to,
    subject: `Permintaan pencairan dana #${payout.id} dari ${mentorName}`,
    text: [
      `${mentorName} meminta pencairan ${formatRupiah(payout.amount)}.`,
      `Penerima: ${payout.name}, ${bankName(payout.bank)} ${maskAccount(payout.accountNumber)}.`,
      '',
      'Setujui atau tolak di halaman Persetujuan Pencairan (/Akun/Pencairan/Persetujuan).',
    ].join('\n'),
  };
}

/** To the mentor: their payout was approved or rejected (kind `payout-decided`). */
export function payoutDecidedMail(to: string[], payout: PayoutMailFields, approved: boolean, reason: string | null): MailMessage {
  return {
    kind: 'payout-decided',
    to,
    subject: approved ? `Pencairan dana #${payout.id} disetujui` : `Pencairan dana #${payout.id} ditolak`,
    text: approved
      ? `Permintaan pencairan ${formatRupiah(payout.amount)} ke ${bankName(payout.bank)} ${maskAccount(payout.accountNumber)} atas nama ${payout.name} disetujui dan sedang ditransfer.`
      : `Permintaan pencairan ${formatRupiah(payout.amount)} ditolak.\nAlasan: ${reason ?? '-'}\n\nSaldo tersebut kembali tersedia dan dapat Anda ajukan lagi.`,
  };
}

interface RefundFields {
  merchantOrderId: string;
  total: number;
  reference: string | null;
}

/** To the staff: money came in that the class could not take (kind `payment-refund-due`). */
export function refundNoticeMail(
  to: string[],
  invoice: RefundFields,
  learner: { email: string; name: string; className: string; classCode: string },
  reason: string,
): MailMessage {
  return {
    kind: 'payment-refund-due',
    to,
    replyTo: learner.email,
    subject: `Perlu refund: ${formatRupiah(invoice.total)} untuk ${invoice.merchantOrderId}`,
    text: [
      `${learner.name} (${learner.email}) membayar ${formatRupiah(invoice.total)} untuk kelas ${learner.className} (${learner.classCode}), tetapi pembayaran ini tidak dapat dipakai: ${reason}.`,
      `Nomor tagihan: ${invoice.merchantOrderId}; referensi gateway: ${invoice.reference ?? '-'}.`,
      '',
      'Dana tercatat sebagai utang refund (akun refund-due). Kembalikan lewat dasbor gateway, lalu kabari peserta.',
    ].join('\n'),
  };
}

/** To the learner: their payment will be returned (kind `payment-refund`). */
export function refundLearnerMail(invoice: RefundFields, learner: { email: string; name: string; className: string }): MailMessage {
  return {
    kind: 'payment-refund',
    to: [learner.email],
    subject: `Pembayaran ${invoice.merchantOrderId} akan dikembalikan`,
    text: [
      `Halo ${learner.name.split(/\s+/)[0] ?? ''},`,
      '',
      `Kami menerima pembayaran ${formatRupiah(invoice.total)} (tagihan ${invoice.merchantOrderId}) untuk kelas ${learner.className}, tetapi pembayaran ini tidak dapat dipakai: Anda sudah terdaftar atau kuota kelas sudah penuh.`,
      'Dana akan kami kembalikan sepenuhnya. Tim kami akan menghubungi Anda melalui email ini.',
    ].join('\n'),
  };
}

/** To the learner: staff refunded a paid class (kind `payment-refunded`); the seat and its perks end. */
export function refundedMail(
  invoice: RefundFields,
  learner: { email: string; name: string; className: string },
  reason: string,
  /** Whether the payment held the seat (false: a double payment, owed back already, that never had one). */
  options: { hadSeat: boolean },
): MailMessage {
  return {
    kind: 'payment-refunded',
    to: [learner.email],
    subject: `Refund ${invoice.merchantOrderId}: ${formatRupiah(invoice.total)}`,
    text: [
      `Halo ${learner.name.split(/\s+/)[0] ?? ''},`,
      '',
      `Pembayaran ${formatRupiah(invoice.total)} (tagihan ${invoice.merchantOrderId}) untuk kelas ${learner.className} kami kembalikan. Alasan: ${reason}.`,
      ...(options.hadSeat
        ? ['Pendaftaran Anda di kelas ini dan fasilitasnya (termasuk akses kursus premium dari kelas ini) sudah kami akhiri.']
        : ['Pembayaran ini tidak memberi kursi tambahan; pendaftaran Anda yang lain tidak berubah.']),
      'Dana dikirim ke metode pembayaran semula; tim kami akan mengabari Anda bila sudah terkirim.',
    ].join('\n'),
  };
}
