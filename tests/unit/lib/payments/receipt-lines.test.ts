import { describe, expect, it } from 'vitest';
import type { Receipt } from '~/contract/learner';
import { priceBreakdown, type TaxRule } from '~/contract/tax';
import { receiptFacts, receiptLines } from '~/lib/payments/receipt-lines';

const invoiceUnder = (price: number, tax: TaxRule) => ({ ...priceBreakdown(price, tax), tax });

/** A paid receipt as the API answers it, its figures split under `tax`. */
const receiptUnder = (price: number, tax: TaxRule): Receipt => ({
  merchantOrderId: 'INV-20261201-ABC',
  reference: null,
  brand: 'Nusantara Learning',
  buyer: { name: 'Sari Wulandari', email: 'sari@contoh.id' },
  classCode: 'JS-DASAR-11',
  className: 'JavaScript Dasar',
  ...invoiceUnder(price, tax),
  paidAt: '2026-12-01T05:00:00Z',
});

describe('the price lines of an invoice and its receipt', () => {
  it('names PPN added on top with its rate', () => {
    expect(receiptLines(invoiceUnder(350_000, { vatBps: 1100, included: false }))).toEqual([
      { label: 'Subtotal (harga sebelum PPN)', amount: 350_000, text: 'Rp350.000' },
      { label: 'PPN 11%', amount: 38_500, text: 'Rp38.500' },
      { label: 'Total', amount: 388_500, text: 'Rp388.500', total: true },
    ]);
  });

  it('says when PPN is inside the published price, and when none is charged', () => {
    expect(receiptLines(invoiceUnder(111_000, { vatBps: 1100, included: true })).map((line) => [line.label, line.amount])).toEqual([
      ['Subtotal (harga sebelum PPN)', 100_000],
      ['PPN 11% (sudah termasuk dalam harga)', 11_000],
      ['Total', 111_000],
    ]);
    expect(receiptLines(invoiceUnder(50_000, { vatBps: 0, included: false }))[1]).toMatchObject({
      label: 'PPN (tidak dikenakan)',
      amount: 0,
    });
  });

  it('names PPN by the rule the invoice was made under, whatever the tenant’s rule is now', () => {
    // Issued at 11% on top; the tenant has since moved to 12%, which only new invoices carry.
    const issued = receiptUnder(350_000, { vatBps: 1100, included: false });
    const now = receiptUnder(350_000, { vatBps: 1200, included: false });
    const lines = receiptLines(issued);
    expect(lines.map((line) => line.label)).toEqual(['Subtotal (harga sebelum PPN)', 'PPN 11%', 'Total']);
    // The figures agree with the rate named: 11% of the subtotal, and subtotal + PPN = total.
    expect(lines.map((line) => line.amount)).toEqual([350_000, 38_500, 388_500]);
    expect(receiptLines(now)[1]).toMatchObject({ label: 'PPN 12%', amount: 42_000 });
  });
});

describe('the facts of a receipt', () => {
  it('states the payment, the buyer and class, the price lines, and the seller’s note, for the page and the PDF alike', () => {
    const { groups, note } = receiptFacts(receiptUnder(350_000, { vatBps: 1100, included: false }));
    expect(groups.map((facts) => facts.map((fact) => fact.label))).toEqual([
      ['Nomor kuitansi', 'Referensi pembayaran', 'Tanggal dibayar', 'Status'],
      ['Nama pembeli', 'Email', 'Kelas'],
      ['Subtotal (harga sebelum PPN)', 'PPN 11%', 'Total'],
    ]);
    const facts = groups.flat();
    expect(facts.find((fact) => fact.label === 'Referensi pembayaran')?.value).toBe('—');
    expect(facts.find((fact) => fact.label === 'Status')).toEqual({ label: 'Status', value: 'Lunas', emphasis: 'state' });
    expect(facts.find((fact) => fact.label === 'Kelas')?.value).toBe('JavaScript Dasar (JS-DASAR-11)');
    expect(facts.at(-1)).toEqual({ label: 'Total', value: 'Rp388.500', emphasis: 'total' });
    expect(note).toBe('Kuitansi ini dibuat oleh sistem Nusantara Learning dan sah tanpa tanda tangan.');
  });
});
