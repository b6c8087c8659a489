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
