import { describe, expect, it } from 'vitest';
import { FOREIGN_RUPIAH, formatRupiah, rupiahOf } from '~/lib/format/money';

describe('formatRupiah', () => {
  it('writes whole rupiah the Indonesian way, without a space after Rp', () => {
    expect(formatRupiah(50_000_000)).toBe('Rp50.000.000');
    expect(formatRupiah(4_500_000)).toBe('Rp4.500.000');
    expect(formatRupiah(10_000)).toBe('Rp10.000');
    expect(formatRupiah(0)).toBe('Rp0');
  });

  it('rounds to whole rupiah', () => {
    expect(formatRupiah(1_250_000.6)).toBe('Rp1.250.001');
  });
});

describe('FOREIGN_RUPIAH', () => {
  it.each(['Rp. 50,000,000', 'Rp 4.500.000', 'Rp50,000', 'IDR 25.000', 'Rp.4.500.000', 'biaya Rp 0'])('flags %s', (text) => {
    expect(FOREIGN_RUPIAH.test(text)).toBe(true);
  });

  it.each(['Rp50.000.000', 'Rp4.500.000 per peserta', 'Rupiah', 'RPL 2', 'Rp0'])('accepts %s', (text) => {
    expect(FOREIGN_RUPIAH.test(text)).toBe(false);
  });
});

describe('rupiahOf', () => {
  it('reads rupiah as Indonesians type them: dots group thousands, a comma starts the sen', () => {
    expect(rupiahOf('150.000')).toBe(150_000);
    expect(rupiahOf('Rp 150.000')).toBe(150_000);
    expect(rupiahOf('150000')).toBe(150_000);
    expect(rupiahOf('150.000,00')).toBe(150_000);
    expect(rupiahOf('1.250.000,-')).toBe(1_250_000);
  });

  it('keeps sen as a fraction (which the schema refuses) and has no number without digits', () => {
    expect(rupiahOf('150.000,50')).toBe(150_000.5);
    expect(rupiahOf('')).toBeNaN();
    expect(rupiahOf('Rp')).toBeNaN();
  });
});
