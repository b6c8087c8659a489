import { useEffect, useRef, useState } from 'react';
import { PAYMENT_FAILED } from '~/contract/payments';
import { ApiRequestError } from '~/lib/api/errors';
import { paymentDetail } from '~/lib/api/payments';
import { failureMessage } from '~/lib/auth/request-errors';
import { classLinkOf, gatewaySaysPaid, returnDecision, returnQuery } from '~/lib/payments/return-page';
import { $session } from '~/stores/session';
import { appClient } from '../shared/app-client';
import { IslandBoundary } from '../shared/IslandBoundary';
import { type CallbackOutcome, callbackTitle } from './callback-outcome';
import '../shared/forms.css';
import './payments.css';

type Outcome = CallbackOutcome;

/** The way back from a failed payment. */
function Failed({ classHref }: { classHref: string | undefined }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    // Focus moves to the heading, which reads the outcome: not also an alert, so it is heard once.
    <div className="form-alert pay-return">
      <h2 ref={heading} tabIndex={-1}>
        {PAYMENT_FAILED}
      </h2>
      <p>Pembayaran tidak selesai atau dibatalkan, dan kelas belum terdaftar untuk Anda. Tidak ada biaya yang ditagihkan dua kali.</p>
      <p>
        {classHref ? (
          <a href={classHref}>Kembali ke halaman kelas untuk mencoba lagi</a>
        ) : (
          <span aria-busy="true">Mencari halaman kelas…</span>
        )}{' '}
        atau <a href="/Class">lihat semua kelas</a>.
      </p>
    </div>
  );
}

/**
 * /CallbackPayment: the gateway's return (`resultCode`, `merchantOrderId`, `reference`). Anything but
 * "00" is 'Pembayaran Gagal' at once, with a way back to the class (found through the invoice when the
 * learner is signed in). With "00" the invoice decides: paid → /Payment-Status/Success, still
 * pending → back to the payment page, anything else → /Payment-Status/Error. This page only shows
 * where the payment stands; the server grants the class on the gateway's signed callback.
 */
function CallbackPayment() {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);
  const title = useRef<string>(undefined);

  // The tab's title follows the outcome ('Pembayaran gagal - Situs'), from the title the page was served with.
  useEffect(() => {
    title.current ??= document.title;
    document.title = callbackTitle(title.current, outcome);
  }, [outcome]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's way to run the check again.
  useEffect(() => {
    let live = true;
    const query = returnQuery(location.search);
    const paid = gatewaySaysPaid(query);
    if (!paid) setOutcome({ kind: 'failed', classHref: undefined });
    (async () => {
      const client = await appClient();
      const signedIn = Boolean($session.get());
      if (!paid) {
        // The way back: the class of this order when the API can say, else the class list.
        const detail =
          signedIn && query.merchantOrderId
            ? await paymentDetail(client, { merchantOrderId: query.merchantOrderId }, { progress: false }).catch(() => null)
            : null;
        if (live) setOutcome({ kind: 'failed', classHref: classLinkOf(detail) });
        return;
      }
      if (!signedIn) {
        if (live) setOutcome({ kind: 'sign-in', href: `/Login?redirect=${encodeURIComponent(location.pathname + location.search)}` });
        return;
      }
      let detail = null;
      if (query.merchantOrderId) {
        try {
          detail = await paymentDetail(client, { merchantOrderId: query.merchantOrderId });
        } catch (error) {
          // Not this learner's order, or none such: the error page. Anything else may pass: offer a retry.
          const notFound = error instanceof ApiRequestError && [400, 403, 404].includes(error.statusCode);
          if (!notFound) {
            if (live) setOutcome({ kind: 'trouble', message: failureMessage(error) });
            return;
          }
        }
      }
      const decision = returnDecision(query, detail);
      if (!live) return;
      if (decision.kind === 'redirect-to-payment') {
        setOutcome({
          kind: 'leaving',
          heading: 'Pembayaran belum selesai',
          text: 'Pembayaran belum selesai. Membuka kembali halaman pembayaran…',
        });
        location.replace(decision.url);
      } else if (decision.kind === 'success') {
        setOutcome({ kind: 'leaving', heading: 'Pembayaran diterima', text: 'Pembayaran diterima. Membuka halaman status…' });
        location.replace(decision.href);
      } else if (decision.kind === 'error') {
        setOutcome({ kind: 'leaving', heading: 'Pembayaran belum selesai', text: 'Pembayaran belum selesai. Membuka halaman status…' });
        location.replace(decision.href);
      }
    })();
    return () => {
      live = false;
    };
  }, [attempt]);

  if (outcome.kind === 'failed') return <Failed classHref={outcome.classHref} />;
  if (outcome.kind === 'sign-in') {
    return (
      <div className="form-note" role="status">
        <p>Masuk dengan akun yang membuat tagihan untuk melihat status pembayaran ini.</p>
        <p>
          <a className="btn btn--primary" href={outcome.href}>
            Masuk
          </a>
        </p>
      </div>
    );
  }
  if (outcome.kind === 'trouble') {
    return (
      <div className="form-alert" role="alert">
        <p>Status pembayaran belum dapat diperiksa. {outcome.message}</p>
        <button className="btn btn--secondary" type="button" onClick={() => setAttempt(attempt + 1)}>
          Coba lagi
        </button>
      </div>
    );
  }
  return <p role="status">{outcome.kind === 'leaving' ? outcome.text : 'Memeriksa status pembayaran…'}</p>;
}

/** The /CallbackPayment island (`client:load`: the page exists only to run it). */
export default function CallbackPaymentIsland() {
  return (
    <IslandBoundary source="CallbackPayment">
      <CallbackPayment />
    </IslandBoundary>
  );
}
