import type { Receipt } from '~/contract/learner';
import { type TaxRule, vatRateLabel } from '~/contract/tax';
import { formatRupiah } from '~/lib/format/money';
import { momentText } from './countdown';

/**
 * The price lines of an invoice or its receipt (Kuitansi), the same on /Akun, the printable receipt
 * page and the PDF: the price before PPN, the PPN line as the invoice's own rule names it (added on
 * top, or already inside the published price), and the total paid. Figures and rule are both the
 * invoice's, stored when it was issued, so a later change of the tenant's rule changes neither.
 * `receiptFacts` is everything a receipt states, for the page and the PDF alike.
 */

export interface PriceLine {
  label: string;
  /** Whole rupiah. */
  amount: number;
  /** `Rp350.000`. */
  text: string;
  /** The last line: what was paid. */
  total?: boolean;
}

/** Subtotal, PPN and total of an invoice, the PPN line named by the rule it was split under. */
export function receiptLines(invoice: { amount: number; vat: number; total: number; tax: TaxRule }): PriceLine[] {
  const line = (label: string, amount: number, total = false): PriceLine => ({
    label,
    amount,
    text: formatRupiah(amount),
    ...(total && { total }),
  });
  const rate = vatRateLabel(invoice.tax);
  const vat =
    invoice.vat === 0 ? 'PPN (tidak dikenakan)' : invoice.tax.included ? `PPN ${rate} (sudah termasuk dalam harga)` : `PPN ${rate}`;
  return [line('Subtotal (harga sebelum PPN)', invoice.amount), line(vat, invoice.vat), line('Total', invoice.total, true)];
}

/** A paid invoice's state on its receipt. */
export const PAID_LABEL = 'Lunas';

/** One stated fact of a receipt; the state and the total are set in bold. */
export interface ReceiptFact {
  label: string;
  value: string;
  emphasis?: 'state' | 'total';
}

/** What a receipt states, in order: groups of facts (a rule between them on paper) and the closing note. */
export interface ReceiptFacts {
  /** The payment (numbers, date, state), the buyer and class, then the price lines. */
  groups: ReceiptFact[][];
  note: string;
}

/** The facts of a receipt as both the printable page and the PDF show them. */
export function receiptFacts(receipt: Receipt): ReceiptFacts {
  return {
    groups: [
      [
        { label: 'Nomor kuitansi', value: receipt.merchantOrderId },
        { label: 'Referensi pembayaran', value: receipt.reference ?? '—' },
        { label: 'Tanggal dibayar', value: momentText(receipt.paidAt) },
        { label: 'Status', value: PAID_LABEL, emphasis: 'state' },
      ],
      [
        { label: 'Nama pembeli', value: receipt.buyer.name },
        { label: 'Email', value: receipt.buyer.email },
        { label: 'Kelas', value: `${receipt.className} (${receipt.classCode})` },
      ],
      receiptLines(receipt).map((line) => ({ label: line.label, value: line.text, ...(line.total && { emphasis: 'total' as const }) })),
    ],
    note: `Kuitansi ini dibuat oleh sistem ${receipt.brand} dan sah tanpa tanda tangan.`,
  };
}
