import { useEffect, useState } from 'react';
import type { Receipt as ReceiptData } from '~/contract/learner';
import type { ApiClient } from '~/lib/api/client';
import { ApiRequestError } from '~/lib/api/errors';
import { downloadReceiptPdf, getReceipt } from '~/lib/api/learner';
import { receiptFacts } from '~/lib/payments/receipt-lines';
import { failureText } from '../account/failure-text';
import { IslandBoundary } from '../shared/IslandBoundary';
import { DownloadButton } from './DownloadButton';
import { receiptRefOf } from './receipt-ref';
import { SignInGate } from './SignInGate';
import '../shared/forms.css';
import '../account/account.css';
import './receipt.css';

type View =
  | { kind: 'loading' }
  | { kind: 'ready'; receipt: ReceiptData }
  | { kind: 'missing'; message: string }
  | { kind: 'failed'; message: string };

const PAGE = '/Akun/Kuitansi';

/** The printable receipt: the seller (the API's brand, with the site's logo), `receiptFacts`, and 'Cetak' and the PDF. */
function ReceiptSheet({ receipt, logo }: { receipt: ReceiptData; logo: string }) {
  const { groups, note } = receiptFacts(receipt);
  return (
    <article className="receipt" aria-labelledby="kuitansi-judul" data-order={receipt.merchantOrderId}>
      <header className="receipt__brand">
        {logo && <img src={logo} alt="" width="176" height="40" />}
        <p className="receipt__seller">{receipt.brand}</p>
      </header>
      <h2 id="kuitansi-judul">Kuitansi pembayaran</h2>
      <dl className="home-card__facts receipt__facts">
        {groups.flat().map((fact) => (
          <div key={fact.label} className={fact.emphasis === 'total' ? 'home-card__total receipt__total' : undefined}>
            <dt>{fact.label}</dt>
            <dd>{fact.emphasis === 'state' ? <strong>{fact.value}</strong> : fact.value}</dd>
          </div>
        ))}
      </dl>
      <p className="receipt__note">{note}</p>
      <div className="home-card__actions receipt__actions">
        <button className="btn btn--primary" type="button" onClick={() => window.print()}>
          Cetak
        </button>
        <DownloadButton label="Unduh PDF" fetchFile={(client) => downloadReceiptPdf(client, receipt.merchantOrderId)} />
        <a href="/Akun">Kembali ke Akun</a>
      </div>
    </article>
  );
}

/** The receipt of `?ref=` (or `#ref`) for the signed-in learner: loading, not theirs or not paid, a failure with 'Coba lagi'. */
function ReceiptLoader({ client, logo }: { client: ApiClient; logo: string }) {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's way to ask again.
  useEffect(() => {
    let live = true;
    const ref = receiptRefOf(location.search, location.hash);
    if (!ref) {
      setView({ kind: 'missing', message: 'Alamat ini tidak menyebut nomor kuitansi.' });
      return;
    }
    getReceipt(client, ref).then(
      (receipt) => live && setView({ kind: 'ready', receipt }),
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ApiRequestError && error.statusCode === 404) setView({ kind: 'missing', message: error.message });
        else setView({ kind: 'failed', message: failureText(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [client, attempt]);

  if (view.kind === 'loading') return <p role="status">Memuat kuitansi…</p>;
  if (view.kind === 'ready') return <ReceiptSheet receipt={view.receipt} logo={logo} />;
  if (view.kind === 'missing')
    return (
      <div className="form-note" role="status">
        <p>{view.message}</p>
        <p>
          Kuitansi setiap pembayaran yang lunas ada di bagian Tagihan: <a href="/Akun">Buka halaman Akun</a>.
        </p>
      </div>
    );
  return (
    <div className="form-alert" role="alert">
      <p>Kuitansi belum dapat dimuat. {view.message}</p>
      <button
        className="btn btn--primary"
        type="button"
        onClick={() => {
          setView({ kind: 'loading' });
          setAttempt(attempt + 1);
        }}
      >
        Coba lagi
      </button>
    </div>
  );
}

/**
 * /Akun/Kuitansi (`client:load`, noindex): a paid class's receipt for its owner, to print or save as
 * PDF. `logo`: the site's logo for a light ground (the seller's name is the receipt's own).
 */
export default function ReceiptIsland({ logo }: { logo: string }) {
  // Known after hydration only (the server renders the page without the address's query).
  const [returnTo, setReturnTo] = useState(PAGE);
  useEffect(() => setReturnTo(location.pathname + location.search + location.hash), []);
  return (
    <IslandBoundary source="Receipt">
      <SignInGate returnTo={returnTo} loading="Memuat kuitansi…" prompt="Masuk untuk melihat kuitansi pembayaran Anda.">
        {(_user, client) => <ReceiptLoader client={client} logo={logo} />}
      </SignInGate>
    </IslandBoundary>
  );
}
