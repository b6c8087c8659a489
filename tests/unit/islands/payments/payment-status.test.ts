import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '~/contract/payments';
import { PaymentStatusView } from '~/islands/payments/PaymentStatusView';
import {
  NEUTRAL_TITLE,
  orderIdOf,
  type PaymentStatusStep,
  paymentOutcome,
  statusLine,
  stepBeforeAsking,
  stepOfFailure,
  titleFor,
} from '~/islands/payments/payment-status';
import { ApiRequestError } from '~/lib/api/errors';

/**
 * /Payment-Status/Success and /Payment-Status/Error say only what the learner's own invoice says:
 * success only when it is paid, failure only when it failed or expired, and that nothing was found
 * without an order of theirs.
 */

const NOW = Date.parse('2026-05-04T08:00:00Z');
const HERE = '/Payment-Status/Success?merchantOrderId=INV-1';
const invoice = (changes: Partial<Invoice> = {}): Invoice => ({
  merchantOrderId: 'INV-1',
  classCode: 'JS-DASAR-11',
  classSlug: 'javascript-dasar-untuk-pemula',
  className: 'JavaScript Dasar untuk Pemula',
  amount: 350_000,
  vat: 38_500,
  total: 388_500,
  status: 'paid',
  paymentUrl: null,
  reference: 'DK-REF-77',
  createdAt: '2026-05-04T07:00:00Z',
  expiresAt: '2026-05-05T07:00:00Z',
  expiryHours: 24,
  paidAt: '2026-05-04T07:30:00Z',
  enrolled: true,
  ...changes,
});

const render = (step: PaymentStatusStep) =>
  renderToStaticMarkup(
    createElement(PaymentStatusView, {
      step,
      contact: { email: 'halo@contoh.id', whatsapp: '6281234567890' },
      onRetry: () => {},
      now: NOW,
    }),
  );
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('what the page asks before the API', () => {
  it('reads the order id /CallbackPayment puts in the address, and drops one that could not be ours', () => {
    expect(orderIdOf('?merchantOrderId=INV-1')).toBe('INV-1');
    expect(orderIdOf('?merchantOrderId=%3Cscript%3E')).toBeNull();
    expect(orderIdOf('')).toBeNull();
  });

  it('finds nothing without an order id, signed in or not', () => {
    expect(stepBeforeAsking(null, true, HERE)).toEqual({ kind: 'not-found' });
    expect(stepBeforeAsking(null, false, '/Payment-Status/Success')).toEqual({ kind: 'not-found' });
  });

  it('asks a visitor who is not signed in to sign in and come back to this very address', () => {
    expect(stepBeforeAsking('INV-1', false, HERE)).toEqual({
      kind: 'sign-in',
      href: '/Login?redirect=%2FPayment-Status%2FSuccess%3FmerchantOrderId%3DINV-1',
    });
    expect(stepBeforeAsking('INV-1', true, HERE)).toBeUndefined();
  });

  it('takes an order that is not the learner’s (or none such) as not found, an ended sign-in as a new sign-in, the rest as a retry', () => {
    expect(stepOfFailure(new ApiRequestError(404, 'Tagihan tidak ditemukan'), HERE, 'x')).toEqual({ kind: 'not-found' });
    expect(stepOfFailure(new ApiRequestError(403, 'Akses ditolak'), HERE, 'x')).toEqual({ kind: 'not-found' });
    expect(stepOfFailure(new ApiRequestError(400, 'merchantOrderId tidak valid'), HERE, 'x')).toEqual({ kind: 'not-found' });
    expect(stepOfFailure(new ApiRequestError(401, 'Sesi berakhir'), HERE, 'x')).toMatchObject({ kind: 'sign-in' });
    expect(stepOfFailure(new ApiRequestError(503, 'Sibuk'), HERE, 'Server sedang sibuk.')).toEqual({
      kind: 'trouble',
      message: 'Server sedang sibuk.',
    });
  });
});

describe('the outcome of the learner’s invoice', () => {
  it('says "Pembayaran berhasil" only of a paid invoice with its enrolment', () => {
    const headings = (['pending', 'paid', 'expired', 'failed', 'cancelled', 'refunded'] as const).map(
      (status) => paymentOutcome(invoice({ status }), NOW).heading,
    );
    expect(headings.filter((heading) => heading === 'Pembayaran berhasil')).toHaveLength(1);
    expect(paymentOutcome(invoice(), NOW)).toMatchObject({ tone: 'success', heading: 'Pembayaran berhasil' });
    expect(paymentOutcome(invoice({ enrolled: false }), NOW)).toMatchObject({
      tone: 'notice',
      heading: 'Pembayaran diterima, kelas belum terdaftar',
    });
  });

  it('says failure only of an invoice that failed, expired or was cancelled; a payable one is waiting', () => {
    expect(paymentOutcome(invoice({ status: 'failed', paidAt: null, enrolled: false }), NOW)).toMatchObject({
      tone: 'error',
      heading: 'Pembayaran gagal',
    });
    expect(paymentOutcome(invoice({ status: 'expired', paidAt: null, enrolled: false }), NOW)).toMatchObject({
      tone: 'error',
      heading: 'Tagihan kedaluwarsa',
    });
    expect(paymentOutcome(invoice({ status: 'cancelled', paidAt: null, enrolled: false }), NOW)).toMatchObject({ tone: 'error' });
    const pending = invoice({ status: 'pending', paidAt: null, enrolled: false, paymentUrl: 'https://pay.example/R1' });
    expect(paymentOutcome(pending, NOW)).toMatchObject({ tone: 'waiting', heading: 'Menunggu pembayaran' });
    expect(paymentOutcome(pending, Date.parse('2026-05-05T07:00:01Z'))).toMatchObject({ tone: 'error', heading: 'Tagihan kedaluwarsa' });
  });

  it('puts the outcome in the tab’s title in place of the neutral one', () => {
    const page = `${NEUTRAL_TITLE} | Akademi Demo`;
    expect(titleFor(page, { kind: 'checking' })).toBe(page);
    expect(titleFor(page, { kind: 'found', invoice: invoice() }, NOW)).toBe('Pembayaran berhasil | Akademi Demo');
    expect(titleFor(page, { kind: 'not-found' })).toBe('Pembayaran tidak ditemukan | Akademi Demo');
    expect(titleFor(page, { kind: 'found', invoice: invoice({ status: 'failed', enrolled: false }) }, NOW)).toBe(
      'Pembayaran gagal | Akademi Demo',
    );
  });
});

describe('the page for each step', () => {
  it('shows a paid invoice: class, amounts, PPN, total, status and reference, with success wording and the way to the account', () => {
    const html = render({ kind: 'found', invoice: invoice() });
    const shown = text(html);
    expect(shown).toContain('Pembayaran berhasil');
    for (const fact of [
      'JavaScript Dasar untuk Pemula',
      'INV-1',
      'Rp350.000',
      'PPN Rp38.500',
      'Total Rp388.500',
      'Status Lunas',
      'Referensi DK-REF-77',
    ])
      expect(shown).toContain(fact);
    expect(html).toContain('href="/Class/JS-DASAR-11"');
    expect(html).toContain('href="/Akun"');
    expect(html).toMatch(/data-status="success"/);
  });

  it('never says success of an expired invoice, and leads back to the class', () => {
    const html = render({ kind: 'found', invoice: invoice({ status: 'expired', paidAt: null, enrolled: false, reference: null }) });
    const shown = text(html);
    expect(shown).not.toContain('berhasil');
    expect(shown).toContain('Tagihan kedaluwarsa');
    expect(shown).toContain('Status Kedaluwarsa');
    expect(shown).toContain('Referensi Belum ada');
    expect(html).toContain('>Kembali ke halaman kelas</a>');
    expect(html).toMatch(/data-status="error"/);
  });

  it('says plainly that no payment was found, with the account page and the class list', () => {
    const html = render({ kind: 'not-found' });
    const shown = text(html);
    expect(shown).toContain('Kami tidak menemukan pembayaran ini di akun Anda');
    expect(shown).not.toContain('berhasil');
    expect(html).toContain('href="/Akun"');
    expect(html).toContain('href="/Class"');
  });

  it('asks to sign in with the way back, and says nothing of the payment', () => {
    const html = render({ kind: 'sign-in', href: '/Login?redirect=%2FPayment-Status%2FSuccess' });
    expect(html).toContain('href="/Login?redirect=%2FPayment-Status%2FSuccess"');
    expect(text(html)).not.toContain('berhasil');
  });

  it('keeps one status line: shown while checking, for screen readers once the outcome is in', () => {
    expect(render({ kind: 'checking' })).toContain('<p class="pay-status__checking" role="status">Memeriksa status pembayaran…</p>');
    expect(render({ kind: 'found', invoice: invoice() })).toContain('<p class="visually-hidden" role="status">Pembayaran berhasil.</p>');
    expect(statusLine({ kind: 'not-found' })).toBe('Pembayaran tidak ditemukan.');
  });
});
