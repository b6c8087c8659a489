import type { ReactNode, RefObject } from 'react';
import { type Invoice, PAY_AGAIN } from '~/contract/payments';
import type { TaxRule } from '~/contract/tax';
import { ApiRequestError } from '~/lib/api/errors';
import { classPriceView } from '~/lib/catalogue/class-price';
import type { ClassPaymentView } from '~/lib/payments/class-payment';
import { safePaymentUrl } from '~/lib/payments/return-page';
import { InvoiceCard } from './InvoiceCard';

/** The enrolled learner's status line, and the server's refusal of an invoice for a class they are in (alreadyEnrolled). */
export const ENROLLED_TEXT = 'Anda sudah terdaftar di kelas ini';

/** The server's refusal of an invoice because the learner is already enrolled (an enrolment the latest invoice does not show). */
export const refusedAsEnrolled = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.statusCode === 409 && error.message.replace(/\.$/, '') === ENROLLED_TEXT;

/** Where the learner's invoice for the class stands, as far as the box knows. */
export type ClassPaymentLoad =
  | { state: 'checking' }
  | { state: 'ready'; invoice: Invoice | null }
  | { state: 'failed'; message: string; signedOut: boolean };

/**
 * Views that show whatever the registration's state (the class page shows the box then too): the
 * learner's enrolment, an invoice still to pay, a payment to settle. Every other view is a call to
 * register, shown only while registration is open.
 */
export const ALWAYS_SHOWN: readonly ClassPaymentView[] = ['enrolled', 'pending', 'refund'];

export interface ClassPaymentBoxProps {
  load: ClassPaymentLoad;
  /** The view of the learner's invoice (lib/payments/class-payment.ts), once loaded; 'enrolled' also when the server refused an invoice for it. */
  view: ClassPaymentView | undefined;
  price: number;
  tax: TaxRule;
  /** The class's dates and schedule as the page shows them, for an enrolled learner. */
  schedule: string;
  /** The sign-in link with the way back; undefined once registration is over. */
  registerHref: string | undefined;
  now: number;
  busy: boolean;
  /** A refusal of the last action, as the server said it. */
  alert: string | undefined;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  onAct(kind: 'create' | 'repay'): void;
  onRetry(): void;
}

/** The server-rendered markup and what a visitor who is not signed in keeps: the link to sign in first. */
export function SignInFirst({ href }: { href: string }) {
  return (
    <div className="class-pay">
      <a className="btn btn--primary" href={href}>
        Daftar Sekarang
      </a>
      <span className="pay-sub">Anda akan diminta masuk atau membuat akun terlebih dahulu.</span>
    </div>
  );
}

/** The enrolled learner's panel: no call to pay, what comes next instead. */
function Enrolled({ schedule }: { schedule: string }) {
  return (
    <div className="pay-enrolled">
      <ul>
        <li>
          <strong>Jadwal kelas:</strong> {schedule}
        </li>
        <li>Kelas, materi, dan tagihan Anda ada di halaman Akun.</li>
      </ul>
      <a className="btn btn--primary" href="/Akun">
        Buka halaman Akun
      </a>
    </div>
  );
}

/**
 * What the class page's payment box shows for each view (ClassPayment.tsx holds the state): the
 * price under the tenant's PPN rule and 'Daftar & bayar', the pending invoice, 'Bayar ulang', a new
 * invoice after a failed one, the enrolled panel, or a payment the class could not take.
 */
export function ClassPaymentBox(props: ClassPaymentBoxProps) {
  const { load, view, registerHref, busy, alert } = props;
  const button = (kind: 'create' | 'repay', label: string) => (
    <button className="btn btn--primary" type="button" disabled={busy} aria-busy={busy || undefined} onClick={() => props.onAct(kind)}>
      {busy ? 'Memproses…' : label}
    </button>
  );
  const invoice = load.state === 'ready' ? load.invoice : null;

  let status: string;
  let body: ReactNode = null;
  if (view === 'enrolled') {
    status = `${ENROLLED_TEXT}.`;
    body = <Enrolled schedule={props.schedule} />;
  } else if (load.state === 'checking') status = 'Memeriksa status pendaftaran Anda…';
  else if (load.state === 'failed') {
    status = 'Status pendaftaran belum dapat dimuat.';
    body = load.signedOut ? (
      registerHref && <SignInFirst href={registerHref} />
    ) : (
      <div className="form-alert" role="alert">
        <p>{load.message}</p>
        <button className="btn btn--secondary" type="button" onClick={props.onRetry}>
          Coba lagi
        </button>
      </div>
    );
  } else if (view === 'refund' && invoice) {
    status = 'Pembayaran Anda diterima, tetapi Anda belum terdaftar di kelas ini.';
    body = (
      <p>
        Pembayaran tagihan {invoice.merchantOrderId} tidak dapat dipakai untuk kelas ini: kuota kelas sudah penuh atau kelas ini sudah
        dibayar lewat tagihan lain. Dana Anda akan dikembalikan sepenuhnya dan tim kami menghubungi Anda lewat email; tidak perlu membayar
        lagi.
      </p>
    );
  } else if (view === 'pending' && invoice) {
    status = 'Tagihan Anda menunggu pembayaran.';
    body = (
      <>
        <InvoiceCard invoice={invoice} now={props.now} headingRef={props.headingRef} />
        {/* The gateway did not answer when the invoice was made: asking again gets its payment page. */}
        {!safePaymentUrl(invoice.paymentUrl) && (
          <>
            <p>Tautan pembayaran belum tersedia karena layanan pembayaran belum menjawab.</p>
            {button('create', 'Minta tautan pembayaran')}
          </>
        )}
      </>
    );
  } else if (view === 'expired') {
    status = 'Tagihan Anda untuk kelas ini sudah kedaluwarsa.';
    body = (
      <>
        <p>Buat tagihan baru dengan harga yang sama, lalu selesaikan pembayaran sebelum batas waktunya.</p>
        {button('repay', PAY_AGAIN)}
      </>
    );
  } else if (view === 'failed') {
    status = 'Pembayaran sebelumnya gagal atau dibatalkan.';
    body = (
      <>
        <p>Tidak ada biaya yang ditagihkan untuk pembayaran yang gagal. Anda dapat membuat tagihan baru.</p>
        {button('create', 'Buat tagihan baru')}
      </>
    );
  } else {
    const price = classPriceView(props.price, props.tax);
    status = `Biaya kelas ${price.total}.`;
    body = (
      <>
        <p className="pay-sub">
          {price.breakdown && `${price.breakdown}. `}
          {price.note}
        </p>
        {invoice?.status === 'refunded' && <p>Pembayaran Anda sebelumnya untuk kelas ini sudah dikembalikan. Anda dapat mendaftar lagi.</p>}
        {button('create', 'Daftar & bayar')}
        <span className="pay-sub">Tagihan dibuat lebih dulu; Anda membayar di halaman berikutnya.</span>
      </>
    );
  }

  const shown = load.state === 'ready' || view === 'enrolled' ? view : load.state;
  return (
    <div
      className={view === 'enrolled' ? 'class-pay class-pay--enrolled' : 'class-pay'}
      data-view={shown}
      data-always={view && ALWAYS_SHOWN.includes(view) ? '' : undefined}
    >
      <p className="class-pay__status" role="status">
        {status}
      </p>
      {alert && (
        <div className="form-alert" role="alert">
          <p>{alert}</p>
        </div>
      )}
      {body}
    </div>
  );
}
