import { describe, expect, it } from 'vitest';
import { callbackHeading, callbackTitle } from '~/islands/payments/callback-outcome';

/** /CallbackPayment: the tab's title follows the outcome, never staying on the neutral one after a failure. */
describe('the callback page’s title', () => {
  const served = 'Status pembayaran - Situs Belajar';

  it('stays neutral while checking', () => {
    expect(callbackTitle(served, { kind: 'checking' })).toBe(served);
    expect(callbackTitle('Hasil bayar - Situs', { kind: 'checking' })).toBe('Hasil bayar - Situs');
  });

  it('says a failure', () => {
    expect(callbackTitle(served, { kind: 'failed', classHref: undefined })).toBe('Pembayaran gagal - Situs Belajar');
  });

  it('follows every other outcome', () => {
    expect(callbackTitle(served, { kind: 'leaving', heading: 'Pembayaran diterima', text: '…' })).toBe(
      'Pembayaran diterima - Situs Belajar',
    );
    expect(callbackTitle(served, { kind: 'trouble', message: 'x' })).toBe('Status pembayaran belum dapat diperiksa - Situs Belajar');
    expect(callbackHeading({ kind: 'sign-in', href: '/Login' })).toBe('Masuk untuk melihat status pembayaran');
  });

  it('keeps a tenant’s site suffix when its page title is its own', () => {
    expect(callbackTitle('Hasil bayar - Situs', { kind: 'failed', classHref: '/Class' })).toBe('Pembayaran gagal - Situs');
    expect(callbackTitle('Hasil bayar', { kind: 'failed', classHref: '/Class' })).toBe('Pembayaran gagal');
  });
});
