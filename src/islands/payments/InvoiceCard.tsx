import { type RefObject, useId } from 'react';
import { type Invoice, PAY_NOW } from '~/contract/payments';
import { formatRupiah } from '~/lib/format/money';
import { countdownText, momentText, remainingMs, validityText } from '~/lib/payments/countdown';
import { safePaymentUrl } from '~/lib/payments/return-page';

interface Props {
  invoice: Invoice;
  now: number;
  /** The heading takes the focus when the invoice has just been made. */
  headingRef?: RefObject<HTMLHeadingElement | null> | undefined;
}

/**
 * A pending invoice (docs/design.md "Facts about the original platform"): class, price, PPN, total, when it
 * was made and until when it can be paid with a live countdown, and 'Bayar sekarang' to the
 * gateway's payment page. The countdown is a `timer` (not announced every second).
 */
export function InvoiceCard({ invoice, now, headingRef }: Props) {
  const id = useId();
  const left = remainingMs(invoice.expiresAt, now);
  const payUrl = left > 0 ? safePaymentUrl(invoice.paymentUrl) : undefined;
  const rows: [string, string][] = [
    ['Kelas', invoice.className],
    ['Nomor tagihan', invoice.merchantOrderId],
    ['Harga kelas', formatRupiah(invoice.amount)],
    ['PPN', formatRupiah(invoice.vat)],
  ];
  return (
    <section className="invoice" aria-labelledby={`${id}-title`} data-order={invoice.merchantOrderId}>
      <h2 className="invoice__title" id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        Tagihan pembayaran
      </h2>
      <dl className="invoice__rows">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="invoice__total">
          <dt>Total</dt>
          <dd>{formatRupiah(invoice.total)}</dd>
        </div>
        <div>
          <dt>Dibuat</dt>
          <dd>{momentText(invoice.createdAt)}</dd>
        </div>
        <div>
          <dt>Berlaku hingga</dt>
          <dd>
            {momentText(invoice.expiresAt)}
            <span className="pay-sub">Berlaku {validityText(invoice.expiryHours)} sejak dibuat</span>
          </dd>
        </div>
        <div>
          <dt>Sisa waktu</dt>
          <dd>
            <span className="invoice__countdown" role="timer" aria-live="off" data-countdown>
              {countdownText(left)}
            </span>
          </dd>
        </div>
      </dl>
      {payUrl && (
        <>
          <a className="btn btn--primary" href={payUrl}>
            {PAY_NOW}
          </a>
          <p className="pay-sub">Anda akan dibawa ke halaman pembayaran, lalu kembali ke situs ini setelah membayar.</p>
        </>
      )}
    </section>
  );
}
