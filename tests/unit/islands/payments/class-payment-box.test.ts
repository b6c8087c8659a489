import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '~/contract/payments';
import { DEFAULT_TAX_RULE } from '~/contract/tax';
import {
  ALWAYS_SHOWN,
  ClassPaymentBox,
  type ClassPaymentBoxProps,
  type ClassPaymentLoad,
  refusedAsEnrolled,
} from '~/islands/payments/ClassPaymentBox';
import { ApiRequestError } from '~/lib/api/errors';
import { classPaymentView } from '~/lib/payments/class-payment';

/**
 * The class page's payment box for a signed-in learner: what they read and can press for each
 * state of their latest invoice, rendered as the server would (no browser needed).
 */

const NOW = Date.parse('2026-05-04T08:00:00Z');
const SCHEDULE = 'Jumat, 18 Desember 2026 – Rabu, 27 Januari 2027 · Selasa dan Kamis, 19.00–21.00 WIB';
const invoice = (changes: Partial<Invoice> = {}): Invoice => ({
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

/** The box for a loaded invoice (or none), the view picked as the island picks it. */
function box(found: Invoice | null, changes: Partial<ClassPaymentBoxProps> = {}): string {
  const load: ClassPaymentLoad = { state: 'ready', invoice: found };
  const props: ClassPaymentBoxProps = {
    load,
    view: classPaymentView(found, NOW),
    price: 350_000,
    tax: DEFAULT_TAX_RULE,
    schedule: SCHEDULE,
    registerHref: '/Login?redirect=%2FClass%2FJS-DASAR-11',
    now: NOW,
    busy: false,
    alert: undefined,
    onAct: () => {},
    onRetry: () => {},
    ...changes,
  };
  return renderToStaticMarkup(createElement(ClassPaymentBox, props));
}
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the payment box of an enrolled learner', () => {
  it('says they are enrolled, gives the schedule and the way to the account page, and offers no way to pay', () => {
    const html = box(invoice({ status: 'paid', enrolled: true, paidAt: '2026-05-04T07:30:00Z', paymentUrl: null }));
    expect(text(html)).toContain('Anda sudah terdaftar di kelas ini.');
    expect(text(html)).toContain(`Jadwal kelas: ${SCHEDULE}`);
    expect(html).toContain('<a class="btn btn--primary" href="/Akun">Buka halaman Akun</a>');
    expect(html).not.toContain('<button');
    expect(text(html)).not.toContain('Daftar &amp; bayar');
    expect(html).toMatch(/data-view="enrolled"[^>]* data-always=""/);
  });

  it('shows the enrolled panel when the server refused a new invoice because they are enrolled, though no invoice says so', () => {
    const html = box(null, { view: 'enrolled' });
    expect(text(html)).toContain('Anda sudah terdaftar di kelas ini.');
    expect(html).not.toContain('<button');
    expect(refusedAsEnrolled(new ApiRequestError(409, 'Anda sudah terdaftar di kelas ini'))).toBe(true);
    expect(refusedAsEnrolled(new ApiRequestError(409, 'Kuota kelas ini sudah penuh'))).toBe(false);
    expect(refusedAsEnrolled(new ApiRequestError(400, 'Anda sudah terdaftar di kelas ini'))).toBe(false);
  });

  it('counts an enrolment whatever the state of the latest invoice', () => {
    expect(text(box(invoice({ status: 'expired', enrolled: true, paymentUrl: null })))).toContain('Anda sudah terdaftar di kelas ini.');
  });
});

describe('the payment box before an enrolment', () => {
  it('offers "Daftar & bayar" with what the learner pays under the tenant’s PPN rule', () => {
    const html = box(null);
    expect(text(html)).toContain('Biaya kelas Rp388.500.');
    expect(text(html)).toContain('Harga kelas Rp350.000 + PPN 11% Rp38.500.');
    expect(text(html)).toContain('Harga belum termasuk PPN 11%; PPN ditambahkan saat pembayaran.');
    expect(text(html)).toContain('Daftar &amp; bayar');
    expect(html).not.toContain('data-always');
  });

  it('says a price already includes PPN under such a rule', () => {
    const html = box(null, { tax: { vatBps: 1100, included: true } });
    expect(text(html)).toContain('Biaya kelas Rp350.000.');
    expect(text(html)).toContain('Harga sudah termasuk PPN 11%.');
    expect(text(html)).not.toContain('belum termasuk');
  });

  it('says a refunded payment was returned, and lets the learner register again', () => {
    const html = box(invoice({ status: 'refunded', paymentUrl: null }));
    expect(text(html)).toContain('sudah dikembalikan');
    expect(text(html)).toContain('Daftar &amp; bayar');
  });

  it('keeps a pending invoice in view with its way to pay', () => {
    const html = box(invoice());
    expect(text(html)).toContain('Tagihan Anda menunggu pembayaran.');
    expect(html).toContain('href="https://pay.example/R1"');
    expect(html).toContain('data-always=""');
  });
});

describe('a paid invoice without an enrolment', () => {
  it('says the payment was received but the learner is not in the class, what happens to the money, and offers no way to pay again', () => {
    const html = box(invoice({ status: 'paid', enrolled: false, paidAt: '2026-05-04T07:30:00Z', paymentUrl: null }));
    expect(text(html)).toContain('Pembayaran Anda diterima, tetapi Anda belum terdaftar di kelas ini.');
    expect(text(html)).toContain('INV-1');
    expect(text(html)).toContain('dikembalikan sepenuhnya');
    expect(html).not.toContain('<button');
    expect(html).toContain('data-always=""');
  });
});

describe('which views show once registration is over', () => {
  it('keeps the enrolment, an invoice to pay and a payment to settle; hides every call to register', () => {
    expect([...ALWAYS_SHOWN].sort()).toEqual(['enrolled', 'pending', 'refund']);
  });
});
