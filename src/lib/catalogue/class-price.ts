import { priceBreakdown, type TaxRule, taxNote, vatRateLabel } from '~/contract/tax';
import { formatRupiah } from '~/lib/format/money';

/**
 * A class's price as learners read it, under the tenant's PPN rule (contract/tax.ts): every place
 * that shows a price (the class card, the class page, the payment box) shows what the learner pays,
 * `priceBreakdown(price, tax).total`, and free classes stay 'Gratis'.
 */

/** The class page's price: what is paid, its parts when PPN is added on top, and the rule in one sentence. */
export interface ClassPriceView {
  /** What the learner pays: `Rp388.500`, or 'Gratis'. */
  total: string;
  /** `Harga kelas Rp350.000 + PPN 11% Rp38.500` when PPN is added to the price; undefined otherwise (included, no PPN, free). */
  breakdown: string | undefined;
  /** taxNote's sentence; empty for a free class. */
  note: string;
}

/** The class page's price (its facts, and the payment box before an invoice exists). */
export function classPriceView(price: number, tax: TaxRule): ClassPriceView {
  if (price <= 0) return { total: 'Gratis', breakdown: undefined, note: '' };
  const { amount, vat, total } = priceBreakdown(price, tax);
  const breakdown =
    vat > 0 && !tax.included ? `Harga kelas ${formatRupiah(amount)} + PPN ${vatRateLabel(tax)} ${formatRupiah(vat)}` : undefined;
  return { total: formatRupiah(total), breakdown, note: taxNote(tax) };
}

/** A card's price: `Rp388.500 (termasuk PPN)` when PPN is in what is paid, `Rp350.000` without PPN, 'Gratis'. */
export function classCardPrice(price: number, tax: TaxRule): string {
  if (price <= 0) return 'Gratis';
  const { vat, total } = priceBreakdown(price, tax);
  return vat > 0 ? `${formatRupiah(total)} (termasuk PPN)` : formatRupiah(total);
}
