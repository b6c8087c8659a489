import { type TaxRule, vatRateLabel } from '~/contract/tax';
import { formatRupiah } from '~/lib/format/money';

/**
 * The price lines of an invoice or its receipt (Kuitansi), the same on /Akun, the printable receipt
 * page and the PDF: the price before PPN, the PPN line as the tenant's rule names it (added on top,
 * or already inside the published price), and the total paid. The figures are the invoice's own (split
 * by `contract/tax.ts` `priceBreakdown` when it was issued); the rule only names the PPN line.
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

/** Subtotal, PPN and total of an invoice under the tenant's PPN rule. */
export function receiptLines(invoice: { amount: number; vat: number; total: number }, rule: TaxRule): PriceLine[] {
  const line = (label: string, amount: number, total = false): PriceLine => ({
    label,
    amount,
    text: formatRupiah(amount),
    ...(total && { total }),
  });
  const vat =
    invoice.vat === 0
      ? 'PPN (tidak dikenakan)'
      : rule.included
        ? `PPN ${vatRateLabel(rule)} (sudah termasuk dalam harga)`
        : `PPN ${vatRateLabel(rule)}`;
  return [line('Subtotal (harga sebelum PPN)', invoice.amount), line(vat, invoice.vat), line('Total', invoice.total, true)];
}

/** A paid invoice's state on its receipt. */
export const PAID_LABEL = 'Lunas';
