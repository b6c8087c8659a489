import type { LearnerInvoice } from '~/contract/learner';
import { downloadReceiptPdf } from '~/lib/api/learner';
import { classPath } from '~/lib/catalogue/paths';
import { momentText, remainingMs } from '~/lib/payments/countdown';
import { receiptLines } from '~/lib/payments/receipt-lines';
import { DownloadButton } from '../payments/DownloadButton';
import { INVOICE_STATE_LABELS } from '../payments/payment-status';

/** Where a receipt is shown to print: /Akun/Kuitansi?ref={order}. */
export const receiptPagePath = (ref: string) => `/Akun/Kuitansi?ref=${encodeURIComponent(ref)}`;

/** One invoice: the class, its number, its price lines, its state, and what can be done with it. */
function InvoiceItem({ invoice, now }: { invoice: LearnerInvoice; now: number }) {
  const open = invoice.status === 'pending' && remainingMs(invoice.expiresAt, now) > 0;
  return (
    <article className="home-card" data-order={invoice.merchantOrderId} data-status={invoice.status}>
      <h3 className="home-card__title">
        <a href={classPath({ code: invoice.classCode })}>{invoice.className}</a>
      </h3>
      <dl className="home-card__facts">
        <div>
          <dt>Nomor tagihan</dt>
          <dd className="home-card__code">{invoice.merchantOrderId}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <strong>{open || invoice.status !== 'pending' ? INVOICE_STATE_LABELS[invoice.status] : INVOICE_STATE_LABELS.expired}</strong>
          </dd>
        </div>
        <div>
          <dt>{invoice.paidAt ? 'Dibayar' : 'Dibuat'}</dt>
          <dd>{momentText(invoice.paidAt ?? invoice.createdAt)}</dd>
        </div>
        {receiptLines(invoice).map((line) => (
          <div key={line.label} className={line.total ? 'home-card__total' : undefined}>
            <dt>{line.label}</dt>
            <dd>{line.text}</dd>
          </div>
        ))}
      </dl>
      {invoice.status === 'paid' && (
        <div className="home-card__actions">
          <a className="btn btn--primary" href={receiptPagePath(invoice.merchantOrderId)}>
            Kuitansi<span className="visually-hidden"> {invoice.merchantOrderId}</span>
          </a>
          <DownloadButton
            label={
              <>
                Unduh PDF<span className="visually-hidden"> kuitansi {invoice.merchantOrderId}</span>
              </>
            }
            fetchFile={(client) => downloadReceiptPdf(client, invoice.merchantOrderId)}
          />
        </div>
      )}
      {open && (
        <div className="home-card__actions">
          <a className="btn btn--primary" href={`${classPath({ code: invoice.classCode })}#daftar`}>
            Bayar<span className="visually-hidden"> tagihan {invoice.className}</span>
          </a>
          <p className="home-card__note">Berlaku hingga {momentText(invoice.expiresAt)}. Pembayaran dilanjutkan di halaman kelas.</p>
        </div>
      )}
    </article>
  );
}

/** 'Tagihan': the learner's invoices in this tenant, newest first. */
export function HomeInvoices({ invoices, now }: { invoices: LearnerInvoice[]; now: number }) {
  if (!invoices.length) return <p>Belum ada tagihan. Tagihan muncul di sini setelah Anda mendaftar ke kelas berbayar.</p>;
  return (
    <ul className="home-list">
      {invoices.map((invoice) => (
        <li key={invoice.merchantOrderId}>
          <InvoiceItem invoice={invoice} now={now} />
        </li>
      ))}
    </ul>
  );
}
