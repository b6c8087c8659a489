import { describe, expect, it } from 'vitest';
import { receiptRefOf } from '~/islands/payments/receipt-ref';

describe('the receipt page’s order id', () => {
  it('reads ?ref=, #ref= and a bare #fragment', () => {
    expect(receiptRefOf('?ref=INV-20261201-AB12', '')).toBe('INV-20261201-AB12');
    expect(receiptRefOf('', '#ref=INV-1')).toBe('INV-1');
    expect(receiptRefOf('', '#INV-2')).toBe('INV-2');
    expect(receiptRefOf('?ref=INV-3', '#INV-4')).toBe('INV-3');
  });

  it('gives nothing for an absent or malformed one', () => {
    expect(receiptRefOf('', '')).toBeUndefined();
    expect(receiptRefOf('?ref=', '')).toBeUndefined();
    expect(receiptRefOf('?ref=%3Cscript%3E', '')).toBeUndefined();
    expect(receiptRefOf('', `#${'x'.repeat(51)}`)).toBeUndefined();
  });
});
