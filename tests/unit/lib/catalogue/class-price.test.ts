import { describe, expect, it } from 'vitest';
import { DEFAULT_TAX_RULE, type TaxRule } from '~/contract/tax';
import { classCardPrice, classPriceView } from '~/lib/catalogue/class-price';

const ADDED: TaxRule = DEFAULT_TAX_RULE;
const INCLUDED: TaxRule = { vatBps: 1100, included: true };
const NONE: TaxRule = { vatBps: 0, included: false };

describe('a class price under the tenant’s PPN rule', () => {
  it('shows what the learner pays with PPN added on top, its parts and the rule on the class page', () => {
    expect(classPriceView(350_000, ADDED)).toEqual({
      total: 'Rp388.500',
      breakdown: 'Harga kelas Rp350.000 + PPN 11% Rp38.500',
      note: 'Harga belum termasuk PPN 11%; PPN ditambahkan saat pembayaran.',
    });
    expect(classCardPrice(350_000, ADDED)).toBe('Rp388.500 (termasuk PPN)');
  });

  it('shows the published price when PPN is already in it, and says so', () => {
    expect(classPriceView(350_000, INCLUDED)).toEqual({
      total: 'Rp350.000',
      breakdown: undefined,
      note: 'Harga sudah termasuk PPN 11%.',
    });
    expect(classCardPrice(350_000, INCLUDED)).toBe('Rp350.000 (termasuk PPN)');
  });

  it('shows the price alone for a tenant without PPN', () => {
    expect(classPriceView(350_000, NONE)).toEqual({
      total: 'Rp350.000',
      breakdown: undefined,
      note: 'Harga yang tertera adalah jumlah yang dibayar, tanpa PPN.',
    });
    expect(classCardPrice(350_000, NONE)).toBe('Rp350.000');
  });

  it('keeps a free class "Gratis" under any rule', () => {
    for (const rule of [ADDED, INCLUDED, NONE]) {
      expect(classPriceView(0, rule)).toEqual({ total: 'Gratis', breakdown: undefined, note: '' });
      expect(classCardPrice(0, rule)).toBe('Gratis');
    }
  });
});
