import { describe, expect, it } from 'vitest';
import type { Invoice } from '~/contract/payments';
import { classLinkOf, returnDecision, returnQuery, safePaymentUrl, statusPagePath } from '~/lib/payments/return-page';

const ORDER = 'INV-demo-7f3a9c';
const invoice = (changes: Partial<Invoice> = {}): Invoice => ({
  merchantOrderId: ORDER,
  classCode: 'FWD-2026-B3',
  classSlug: 'bootcamp-fullstack-web-batch-3',
  className: 'Bootcamp Fullstack Web Batch 3',
  amount: 4_500_000,
  vat: 495_000,
  total: 4_995_000,
  status: 'pending',
  paymentUrl: 'https://sandbox.duitku.com/topup/v2/TopUpCreditCardPayment.aspx?reference=DS1234',
  reference: 'DS1234',
  createdAt: '2026-05-04T07:00:00.000Z',
  expiresAt: '2026-05-05T07:00:00.000Z',
  expiryHours: 24,
  paidAt: null,
  enrolled: false,
  ...changes,
});
const query = (resultCode: string | null, merchantOrderId: string | null = ORDER) => ({ resultCode, merchantOrderId, reference: 'DS1234' });

describe('returnDecision', () => {
  it('takes any resultCode but "00" as a failure, whatever the invoice says', () => {
    for (const code of ['01', '02', '', null, '000', ' 00x']) {
      expect(returnDecision(query(code), invoice({ status: 'paid', enrolled: true }))).toEqual({ kind: 'failed' });
    }
  });

  it('sends a paid order to the success page with its order id', () => {
    expect(returnDecision(query('00'), invoice({ status: 'paid', enrolled: true }))).toEqual({
      kind: 'success',
      href: `/Payment-Status/Success?merchantOrderId=${ORDER}`,
    });
  });

  it('sends a still pending order back to its payment page', () => {
    expect(returnDecision(query('00'), invoice())).toEqual({
      kind: 'redirect-to-payment',
      url: 'https://sandbox.duitku.com/topup/v2/TopUpCreditCardPayment.aspx?reference=DS1234',
    });
  });

  it('sends expired, failed, unpayable, missing and mismatched orders to the error page', () => {
    const error = { kind: 'error', href: `/Payment-Status/Error?merchantOrderId=${ORDER}` };
    expect(returnDecision(query('00'), invoice({ status: 'expired', paymentUrl: null }))).toEqual(error);
    expect(returnDecision(query('00'), invoice({ status: 'failed' }))).toEqual(error);
    expect(returnDecision(query('00'), invoice({ paymentUrl: null }))).toEqual(error);
    expect(returnDecision(query('00'), invoice({ paymentUrl: 'javascript:alert(1)' }))).toEqual(error);
    expect(returnDecision(query('00'), null)).toEqual(error);
    expect(returnDecision(query('00'))).toEqual(error);
    expect(returnDecision(query('00'), invoice({ merchantOrderId: 'INV-other' }))).toEqual(error);
    expect(returnDecision(query('00', null), invoice())).toEqual({ kind: 'error', href: '/Payment-Status/Error' });
  });
});

describe('returnQuery', () => {
  it('reads the three parameters, trimmed, and drops an order id that cannot be ours', () => {
    expect(returnQuery(`?merchantOrderId=${ORDER}&resultCode=00&reference=DS1234`)).toEqual(query('00'));
    expect(returnQuery('?merchantOrderId=%3Cscript%3E&resultCode=%2000%20')).toEqual({
      resultCode: '00',
      merchantOrderId: null,
      reference: null,
    });
    expect(returnQuery('')).toEqual({ resultCode: null, merchantOrderId: null, reference: null });
  });
});

describe('statusPagePath, safePaymentUrl and classLinkOf', () => {
  it('encode the order id, accept only http(s) payment pages and lead back to the class or the list', () => {
    expect(statusPagePath('success', 'a b')).toBe('/Payment-Status/Success?merchantOrderId=a%20b');
    expect(statusPagePath('error', null)).toBe('/Payment-Status/Error');
    expect(safePaymentUrl('http://localhost:4500/api/sim/duitku/pay/R1')).toBe('http://localhost:4500/api/sim/duitku/pay/R1');
    expect(safePaymentUrl('data:text/html,x')).toBeUndefined();
    expect(safePaymentUrl('/relative')).toBeUndefined();
    expect(safePaymentUrl(null)).toBeUndefined();
    expect(classLinkOf(invoice())).toBe('/Class/FWD-2026-B3');
    expect(classLinkOf(null)).toBe('/Class');
  });
});
