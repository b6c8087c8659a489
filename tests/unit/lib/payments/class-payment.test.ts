import { describe, expect, it } from 'vitest';
import type { Invoice } from '~/contract/payments';
import { classPaymentView } from '~/lib/payments/class-payment';

const NOW = Date.parse('2026-05-04T08:00:00Z');
const invoice = (changes: Partial<Invoice>): Invoice => ({
  merchantOrderId: 'INV-1',
  classCode: 'JS-DASAR-11',
  classSlug: 'javascript-dasar-untuk-pemula',
  className: 'JavaScript Dasar untuk Pemula',
  amount: 350_000,
  vat: 38_500,
  total: 388_500,
  status: 'pending',
  paymentUrl: 'https://pay.example/R1',
  reference: 'R1',
  createdAt: '2026-05-04T07:00:00Z',
  expiresAt: '2026-05-05T07:00:00Z',
  expiryHours: 24,
  paidAt: null,
  enrolled: false,
  ...changes,
});

describe('classPaymentView', () => {
  it('offers to register and pay when the learner has no invoice for the class', () => {
    expect(classPaymentView(null, NOW)).toBe('none');
  });

  it('shows a payable invoice as pending, and one past its expiry as expired before the server says so', () => {
    expect(classPaymentView(invoice({}), NOW)).toBe('pending');
    expect(classPaymentView(invoice({ expiresAt: '2026-05-04T07:59:59Z' }), NOW)).toBe('expired');
  });

  it('follows the server for expired and failed invoices', () => {
    expect(classPaymentView(invoice({ status: 'expired', paymentUrl: null }), NOW)).toBe('expired');
    expect(classPaymentView(invoice({ status: 'failed' }), NOW)).toBe('failed');
  });

  it('counts a paid invoice, or an enrolment made another way, as enrolled', () => {
    expect(classPaymentView(invoice({ status: 'paid', enrolled: true, paidAt: '2026-05-04T07:30:00Z' }), NOW)).toBe('enrolled');
    expect(classPaymentView(invoice({ status: 'expired', enrolled: true }), NOW)).toBe('enrolled');
  });

  it('says a paid invoice the class could not take (full, or paid twice) is refunded, and offers a new invoice after a cancelled one', () => {
    expect(classPaymentView(invoice({ status: 'paid', enrolled: false, paymentUrl: null }), NOW)).toBe('refund');
    expect(classPaymentView(invoice({ status: 'cancelled', paymentUrl: null }), NOW)).toBe('failed');
  });
});
