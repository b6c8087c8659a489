/*
 * Rupiah typed into a form field: the payout amount is written with dots grouping thousands
 * (10.000), as the contract's schema reads it. Grouping happens when the field is left, never while
 * typing (a caret that jumps past an inserted dot loses digits).
 */

/**
 * '10000' → '10.000', 'Rp 250000' → '250.000', '1.5000' → '15.000'. Text with anything but digits,
 * dots and spaces (after an optional 'Rp') is left as typed for the schema to name what is wrong.
 */
export function groupRupiah(typed: string): string {
  const text = typed.trim().replace(/^Rp\.?\s*/i, '');
  if (!/^[\d.\s]+$/.test(text)) return typed;
  const digits = text.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (!digits) return typed;
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}
