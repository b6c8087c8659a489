import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { type Invoice, PAY_AGAIN } from '~/contract/payments';
import type { ApiClient } from '~/lib/api/client';
import { ApiRequestError } from '~/lib/api/errors';
import { createInvoice, paymentDetail, repayInvoice } from '~/lib/api/payments';
import { failureMessage } from '~/lib/auth/request-errors';
import { formatRupiah } from '~/lib/format/money';
import { classPaymentView } from '~/lib/payments/class-payment';
import { remainingMs } from '~/lib/payments/countdown';
import { safePaymentUrl } from '~/lib/payments/return-page';
import { IslandBoundary } from '../shared/IslandBoundary';
import { InvoiceCard } from './InvoiceCard';
import { useNow } from './use-now';
import { useSignedIn } from './use-signed-in';
import '../shared/forms.css';
import './payments.css';

interface Props {
  /** The class's slug: the invoice calls name the class by it. */
  slug: string;
  price: number;
  /** Today's sign-in link with the way back here (`/Login?redirect=/Class/{code}`). */
  registerHref: string;
}

export const ENROLLED_TEXT = 'Anda sudah terdaftar di kelas ini';

type Load = { state: 'checking' } | { state: 'ready'; invoice: Invoice | null } | { state: 'failed'; message: string; signedOut: boolean };

/** The server-rendered markup and what a visitor who is not signed in keeps: today's link to sign in first. */
function SignInFirst({ href }: { href: string }) {
  return (
    <div className="class-pay">
      <a className="btn btn--primary" href={href}>
        Daftar Sekarang
      </a>
      <span className="pay-sub">Anda akan diminta masuk atau membuat akun terlebih dahulu.</span>
    </div>
  );
}

/**
 * A paid class's call to register (class page, `#daftar`): signed in, the learner's latest invoice
 * for the class decides what shows: 'Daftar & bayar', the pending invoice with its countdown and
 * 'Bayar sekarang', 'Bayar ulang' for an expired one, a new invoice after a failed one, or that
 * they are enrolled. The status is asked again when the tab is shown again (the learner may have
 * paid in another tab) and when the countdown runs out.
 */
function ClassPayment({ slug, price, registerHref }: Props) {
  const signIn = useSignedIn();
  const client = signIn.state === 'signed-in' ? signIn.client : undefined;
  const [load, setLoad] = useState<Load>({ state: 'checking' });
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const focusInvoice = useRef(false);
  // One key per attempt to make an invoice: a retry after a lost answer is the same request.
  const attempt = useRef<string>(undefined);
  const rechecked = useRef<string>(undefined);

  const check = useCallback(
    async (api: ApiClient, quiet = false) => {
      if (!quiet) setLoad({ state: 'checking' });
      try {
        setLoad({ state: 'ready', invoice: await paymentDetail(api, { slug }, { progress: !quiet }) });
      } catch (error) {
        // A quiet re-check that fails keeps what is shown; the next one may work.
        // 401: the sign-in this browser holds has ended; signing in again is the way on.
        const signedOut = error instanceof ApiRequestError && error.statusCode === 401;
        if (!quiet) setLoad({ state: 'failed', message: failureMessage(error), signedOut });
      }
    },
    [slug],
  );

  useEffect(() => {
    if (!client) return;
    void check(client);
    const onShow = () => document.visibilityState === 'visible' && void check(client, true);
    // Back from the gateway's page, the browser may show this page from its cache as it was left.
    const onRestore = (event: PageTransitionEvent) => event.persisted && void check(client, true);
    document.addEventListener('visibilitychange', onShow);
    window.addEventListener('pageshow', onRestore);
    return () => {
      document.removeEventListener('visibilitychange', onShow);
      window.removeEventListener('pageshow', onRestore);
    };
  }, [client, check]);

  const invoice = load.state === 'ready' ? load.invoice : null;
  const pending = invoice?.status === 'pending';
  const now = useNow(pending);
  const view = load.state === 'ready' ? classPaymentView(invoice, now) : undefined;

  // The countdown ran out: ask once per invoice where it stands (paid at the last moment, or expired).
  useEffect(() => {
    if (!client || !invoice || !pending || remainingMs(invoice.expiresAt, now) > 0) return;
    if (rechecked.current === invoice.merchantOrderId) return;
    rechecked.current = invoice.merchantOrderId;
    void check(client, true);
  }, [client, invoice, pending, now, check]);

  useEffect(() => {
    if (view !== 'pending' || !focusInvoice.current) return;
    focusInvoice.current = false;
    heading.current?.focus();
  }, [view]);

  if (!client) return <SignInFirst href={registerHref} />;

  const act = async (kind: 'create' | 'repay') => {
    if (busy) return;
    setBusy(true);
    setAlert(undefined);
    attempt.current ??= crypto.randomUUID();
    try {
      const made =
        kind === 'create' ? await createInvoice(client, slug, { idempotencyKey: attempt.current }) : await repayInvoice(client, slug);
      attempt.current = undefined;
      focusInvoice.current = true;
      setLoad({ state: 'ready', invoice: made });
    } catch (error) {
      setAlert(failureMessage(error));
      // Refused for a reason the server knows (already enrolled, closed, nothing to repay): show where things stand.
      if (error instanceof ApiRequestError && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 429) {
        attempt.current = undefined;
        await check(client, true);
      }
    } finally {
      setBusy(false);
    }
  };

  const button = (kind: 'create' | 'repay', label: string) => (
    <button className="btn btn--primary" type="button" disabled={busy} aria-busy={busy || undefined} onClick={() => act(kind)}>
      {busy ? 'Memproses…' : label}
    </button>
  );

  let status: string;
  let body: ReactNode = null;
  if (load.state === 'checking') status = 'Memeriksa status pendaftaran Anda…';
  else if (load.state === 'failed') {
    status = 'Status pendaftaran belum dapat dimuat.';
    body = load.signedOut ? (
      <SignInFirst href={registerHref} />
    ) : (
      <div className="form-alert" role="alert">
        <p>{load.message}</p>
        <button className="btn btn--secondary" type="button" onClick={() => check(client)}>
          Coba lagi
        </button>
      </div>
    );
  } else if (view === 'enrolled') {
    status = `${ENROLLED_TEXT}.`;
    body = (
      <p>
        Lihat kelas Anda di <a href="/Akun">halaman Akun</a>.
      </p>
    );
  } else if (view === 'refund') {
    status = 'Pembayaran Anda diterima, tetapi tidak dapat dipakai untuk kelas ini.';
    body = (
      <p>
        Kuota kelas sudah penuh atau Anda sudah membayar lewat tagihan lain. Dana Anda akan dikembalikan sepenuhnya; tim kami menghubungi
        Anda lewat email.
      </p>
    );
  } else if (view === 'pending' && invoice) {
    status = 'Tagihan Anda menunggu pembayaran.';
    body = (
      <>
        <InvoiceCard invoice={invoice} now={now} headingRef={heading} />
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
    status = `Biaya kelas ${formatRupiah(price)}, belum termasuk PPN.`;
    body = (
      <>
        {button('create', 'Daftar & bayar')}
        <span className="pay-sub">Tagihan dibuat lebih dulu; Anda membayar di halaman berikutnya.</span>
      </>
    );
  }

  return (
    <div className="class-pay" data-view={load.state === 'ready' ? view : load.state}>
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

/** The class page's payment island (`client:signedin`), for classes with a price. */
export default function ClassPaymentIsland(props: Props) {
  return (
    <IslandBoundary source="ClassPayment">
      <ClassPayment {...props} />
    </IslandBoundary>
  );
}
