import { z } from './mini';

/**
 * A tenant's one tax rule (PPN): its rate, and whether the prices it publishes already include it
 * or it is added at checkout. Every place that shows or charges money (/Pricing, class cards, the
 * class page, the invoice, the receipt) goes through `priceBreakdown`, so they always agree.
 */
export const TaxRuleSchema = z.object({
  /** PPN in basis points (1100 = 11%). */
  vatBps: z.number().check(z.int(), z.minimum(0), z.maximum(10_000)),
  /** true: a published price is what the learner pays, PPN inside it; false: PPN is added on top. */
  included: z.boolean(),
});
export type TaxRule = z.infer<typeof TaxRuleSchema>;

/** Indonesia's PPN for services (11%), prices shown before tax: the rule of a tenant that set none. */
export const DEFAULT_TAX_RULE: TaxRule = { vatBps: 1100, included: false };

/** What a published price becomes: the price before tax, the PPN, and what the learner pays. */
export interface PriceBreakdown {
  amount: number;
  vat: number;
  total: number;
}

/**
 * Splits a published price (whole rupiah) under a rule. Added: PPN is the rate of the price, rounded
 * half up. Included: the price is the total, and the PPN inside it is total × rate / (1 + rate),
 * rounded half up, so amount + vat = total always.
 */
export function priceBreakdown(price: number, rule: TaxRule): PriceBreakdown {
  if (price <= 0 || rule.vatBps === 0) return { amount: Math.max(price, 0), vat: 0, total: Math.max(price, 0) };
  if (!rule.included) {
    const vat = Math.floor((price * rule.vatBps + 5000) / 10_000);
    return { amount: price, vat, total: price + vat };
  }
  const vat = Math.floor((price * rule.vatBps * 2 + (10_000 + rule.vatBps)) / (2 * (10_000 + rule.vatBps)));
  return { amount: price - vat, vat, total: price };
}

/** `11%`, `1,5%`: the rate as Indonesian readers write it. */
export function vatRateLabel(rule: TaxRule): string {
  return `${(rule.vatBps / 100).toLocaleString('id-ID', { maximumFractionDigits: 2 })}%`;
}

/** One sentence on how prices and PPN relate, for every page that shows a price. */
export function taxNote(rule: TaxRule): string {
  if (rule.vatBps === 0) return 'Harga yang tertera adalah jumlah yang dibayar, tanpa PPN.';
  return rule.included
    ? `Harga sudah termasuk PPN ${vatRateLabel(rule)}.`
    : `Harga belum termasuk PPN ${vatRateLabel(rule)}; PPN ditambahkan saat pembayaran.`;
}
