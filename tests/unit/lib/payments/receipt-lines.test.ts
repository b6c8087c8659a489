import { describe, expect, it } from 'vitest';
import { priceBreakdown } from '~/contract/tax';
import { receiptLines } from '~/lib/payments/receipt-lines';

describe('the price lines of an invoice and its receipt', () => {
  it('names PPN added on top with its rate', () => {
    const rule = { vatBps: 1100, included: false };
    expect(receiptLines(priceBreakdown(350_000, rule), rule)).toEqual([
      { label: 'Subtotal (harga sebelum PPN)', amount: 350_000, text: 'Rp350.000' },
      { label: 'PPN 11%', amount: 38_500, text: 'Rp38.500' },
      { label: 'Total', amount: 388_500, text: 'Rp388.500', total: true },
    ]);
  });

  it('says when PPN is inside the published price, and when none is charged', () => {
    const inside = { vatBps: 1100, included: true };
    expect(receiptLines(priceBreakdown(111_000, inside), inside).map((line) => [line.label, line.amount])).toEqual([
      ['Subtotal (harga sebelum PPN)', 100_000],
      ['PPN 11% (sudah termasuk dalam harga)', 11_000],
      ['Total', 111_000],
    ]);
    const none = { vatBps: 0, included: false };
    expect(receiptLines(priceBreakdown(50_000, none), none)[1]).toMatchObject({ label: 'PPN (tidak dikenakan)', amount: 0 });
  });
});
