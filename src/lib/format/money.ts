/** Rupiah as Indonesian readers write it (id-ID): `Rp50.000.000`, no decimals. */
const rupiah = new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', maximumFractionDigits: 0 });

/** `Rp50.000.000` (whole rupiah; Intl puts a no-break space after the symbol, the house style has none). */
export function formatRupiah(amount: number): string {
  return rupiah
    .formatToParts(amount)
    .filter((part) => part.type !== 'literal' || !/^\s+$/.test(part.value))
    .map((part) => part.value)
    .join('');
}

/**
 * Rupiah written any other way than `formatRupiah` writes it: `Rp 4.500.000`, `Rp. 50,000,000`,
 * `IDR 50.000`, `Rp50,000`. Tenant copy is checked against it so prose and data read the same.
 */
export const FOREIGN_RUPIAH = /\b(?:Rp\.?[\s\u00a0]+\d|Rp\.?\d{1,3}(?:,\d{3})+\b|IDR[\s\u00a0]*\d|Rp\.\d)/;

/**
 * Rupiah as typed ('Rp 150.000', '150000', '150.000,00'): dots group thousands, a comma starts the
 * sen. Zero sen are dropped; any other sen give a fraction, which the schema refuses (whole rupiah).
 * NaN when there are no digits.
 */
export function rupiahOf(typed: string): number {
  const [whole = '', sen = ''] = typed.split(',');
  if (!/\d/.test(whole)) return Number.NaN;
  const rupiah = Number(whole.replace(/\D/g, ''));
  const cents = sen.replace(/\D/g, '');
  return /^0*$/.test(cents) ? rupiah : rupiah + Number(`0.${cents}`);
}
