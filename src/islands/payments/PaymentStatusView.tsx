import type { Invoice } from '~/contract/payments';
import { PAY_NOW } from '~/contract/payments';
import { classPath } from '~/lib/catalogue/paths';
import { formatRupiah } from '~/lib/format/money';
import { momentText } from '~/lib/payments/countdown';
import { safePaymentUrl } from '~/lib/payments/return-page';
import {
  INVOICE_STATE_LABELS,
  NOT_FOUND_HEADING,
  NOT_FOUND_TEXT,
  type PaymentOutcome,
  type PaymentStatusStep,
  paymentOutcome,
  statusLine,
} from './payment-status';

/** The tenant's contact for questions about a payment. */
export interface PaymentContact {
  email: string;
  /** The WhatsApp number as wa.me takes it (digits), or '' for none. */
  whatsapp: string;
}

interface Props {
  step: PaymentStatusStep;
  contact: PaymentContact;
  onRetry(): void;
  /** The moment the outcome is read at (tests); now by default. */
  now?: number | undefined;
}

/** The invoice's facts: class, number, amounts, status, reference and, once paid, when. */
function InvoiceFacts({ invoice }: { invoice: Invoice }) {
  const rows: [string, string][] = [
    ['Nomor tagihan', invoice.merchantOrderId],
    ['Harga kelas', formatRupiah(invoice.amount)],
    ['PPN', formatRupiah(invoice.vat)],
  ];
  return (
    <dl className="invoice__rows">
      <div>
        <dt>Kelas</dt>
        <dd>{invoice.classCode ? <a href={classPath({ code: invoice.classCode })}>{invoice.className}</a> : invoice.className}</dd>
      </div>
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
        <dt>Status</dt>
        <dd>{INVOICE_STATE_LABELS[invoice.status]}</dd>
      </div>
      <div>
        <dt>Referensi</dt>
        <dd>{invoice.reference ?? 'Belum ada'}</dd>
      </div>
      {invoice.paidAt && (
        <div>
          <dt>Dibayar</dt>
          <dd>{momentText(invoice.paidAt)}</dd>
        </div>
      )}
    </dl>
  );
}

/** The ways on from an outcome. */
function NextLinks({ invoice, outcome }: { invoice: Invoice; outcome: PaymentOutcome }) {
  const classHref = invoice.classCode ? classPath({ code: invoice.classCode }) : '/Class';
  const payUrl = outcome.tone === 'waiting' ? safePaymentUrl(invoice.paymentUrl) : undefined;
  return (
    <ul className="pay-status__links">
      {payUrl && (
        <li>
          <a className="btn btn--primary" href={payUrl}>
            {PAY_NOW}
          </a>
        </li>
      )}
      <li>
        <a className={outcome.tone === 'success' ? 'btn btn--primary' : undefined} href="/Akun">
          Buka halaman Akun
        </a>
      </li>
      <li>
        <a href={classHref}>{outcome.tone === 'success' ? 'Lihat halaman kelas' : 'Kembali ke halaman kelas'}</a>
      </li>
      <li>
        <a href="/Class">Lihat semua kelas</a>
      </li>
    </ul>
  );
}

/** Who to write to, with the invoice number to name. */
function Help({ contact, invoice, outcome }: { contact: PaymentContact; invoice: Invoice; outcome: PaymentOutcome }) {
  const mail = <a href={`mailto:${contact.email}`}>{contact.email}</a>;
  const whatsapp = contact.whatsapp && (
    <>
      {' '}
      atau{' '}
      <a href={`https://wa.me/${contact.whatsapp}`} rel="noopener noreferrer">
        WhatsApp
      </a>
    </>
  );
  if (outcome.tone === 'success') {
    return (
      <p className="pay-status__help">Bukti pembayaran belum masuk setelah beberapa menit? Periksa folder spam, atau tulis ke {mail}.</p>
    );
  }
  return (
    <p className="pay-status__help">
      {outcome.tone === 'error' ? 'Saldo Anda sudah terpotong tetapi kelas belum terdaftar? ' : 'Ada pertanyaan? '}
      Hubungi kami di {mail}
      {whatsapp} dengan menyebut nomor tagihan {invoice.merchantOrderId}.
    </p>
  );
}

/** The step's content (the status line aside). */
function StepContent({ step, contact, onRetry, now }: Props) {
  if (step.kind === 'checking') return null;
  if (step.kind === 'sign-in') {
    return (
      <div className="pay-status" data-status="notice">
        <h2>Masuk untuk melihat pembayaran ini</h2>
        <p>Masuk dengan akun yang membuat tagihan untuk melihat status pembayarannya.</p>
        <p>
          <a className="btn btn--primary" href={step.href}>
            Masuk
          </a>
        </p>
      </div>
    );
  }
  if (step.kind === 'not-found') {
    return (
      <div className="pay-status" data-status="notice">
        <h2>{NOT_FOUND_HEADING}</h2>
        <p>{NOT_FOUND_TEXT}. Tagihan dan kelas Anda ada di halaman Akun.</p>
        <ul className="pay-status__links">
          <li>
            <a className="btn btn--primary" href="/Akun">
              Buka halaman Akun
            </a>
          </li>
          <li>
            <a href="/Class">Lihat semua kelas</a>
          </li>
        </ul>
      </div>
    );
  }
  if (step.kind === 'trouble') {
    return (
      <div className="form-alert" role="alert">
        <p>Status pembayaran belum dapat diperiksa. {step.message}</p>
        <button className="btn btn--secondary" type="button" onClick={onRetry}>
          Coba lagi
        </button>
      </div>
    );
  }
  const { invoice } = step;
  const outcome = paymentOutcome(invoice, now);
  return (
    <div className="pay-status" data-status={outcome.tone} data-order={invoice.merchantOrderId}>
      <h2>{outcome.heading}</h2>
      <p>{outcome.lead}</p>
      <InvoiceFacts invoice={invoice} />
      <NextLinks invoice={invoice} outcome={outcome} />
      <Help contact={contact} invoice={invoice} outcome={outcome} />
    </div>
  );
}

/**
 * What the payment status pages show for each step (PaymentStatus.tsx holds the state): the
 * invoice with its outcome, the way to sign in, that nothing was found, or a failure to retry. One
 * status line stays throughout, so the outcome is announced when it replaces 'Memeriksa…' (shown
 * while checking, for screen readers only after).
 */
export function PaymentStatusView(props: Props) {
  const { step } = props;
  return (
    <div className="pay-status-page">
      <p className={step.kind === 'checking' ? 'pay-status__checking' : 'visually-hidden'} role="status">
        {statusLine(step, props.now)}
      </p>
      <StepContent {...props} />
    </div>
  );
}
