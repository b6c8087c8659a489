import { formatTimeRange } from '~/lib/format/dates';
import { formatRupiah } from '~/lib/format/money';
import { escapeHtml, scriptFreeDocument, scriptFreePolicy, styleSource } from '../../http/script-free-page';
import { type SimTransaction, standing } from './transactions';

/**
 * The simulator's payment page: self-contained HTML, no script, one small style sheet allowed by
 * its hash (as `identity/account-login-page.ts`). It says plainly that it is a simulator, fits 320 px,
 * and offers the three outcomes a tester needs: pay, fail, let it expire.
 */

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f4f5f7}
header{background:#7c2d12;color:#fff;padding:.75rem 1rem}header p{max-width:28rem;margin:0 auto;font-weight:600}
main{max-width:28rem;margin:1.5rem auto;padding:1.5rem 1rem;background:#fff;border-radius:.5rem}
h1{font-size:1.4rem;line-height:1.3;margin:0 0 1rem}h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
dl{margin:0}dt{font-weight:600;color:#374151;font-size:.9rem}dd{margin:0 0 .75rem;overflow-wrap:anywhere}
.amount{font-size:1.5rem;font-weight:700}form{margin:.75rem 0 0}
button{width:100%;padding:.7rem;font:inherit;font-weight:600;border:2px solid transparent;border-radius:.375rem;cursor:pointer}
.pay{color:#fff;background:#1d4ed8}.fail{color:#fff;background:#9f1239}.expire{color:#1f2937;background:#fff;border-color:#4b5563}
button:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.state{padding:.6rem;border:1px solid;border-radius:.375rem;margin:0 0 1rem}
.paid{color:#14532d;background:#f0fdf4;border-color:#14532d}.failed{color:#9f1239;background:#fff1f2;border-color:#9f1239}
.note{color:#4b5563;font-size:.9rem}a{color:#1d4ed8;overflow-wrap:anywhere}`;
const STYLE_SOURCE = styleSource(STYLE);

/** The page's Content-Security-Policy: its own style only; forms post here and the answer may redirect to the merchant. */
export function payPagePolicy(returnOrigin?: string): string {
  return scriptFreePolicy(STYLE_SOURCE, returnOrigin);
}

function shell(title: string, body: string): string {
  return scriptFreeDocument({
    title,
    style: STYLE,
    main: body,
    banner: '<p>Simulator Duitku: halaman uji, tidak ada uang sungguhan yang berpindah</p>',
  });
}

/** Where the gateway sends the payer back: returnUrl with merchantOrderId, resultCode and reference. */
export function returnAddress(tx: SimTransaction): string {
  const url = new URL(tx.returnUrl);
  url.searchParams.set('merchantOrderId', tx.merchantOrderId);
  url.searchParams.set('resultCode', standing(tx).statusCode);
  url.searchParams.set('reference', tx.reference);
  return url.href;
}

const OUTCOMES = {
  '00': { heading: 'pembayaran berhasil', className: 'paid', text: 'Pembayaran ini sudah lunas.' },
  '02': { heading: 'pembayaran tidak berhasil', className: 'failed', text: '' },
} as const;

/** The payment page of a transaction: the three choices while it is pending, else its outcome and the way back. */
export function payPage(tx: SimTransaction, merchantName: string, notice?: string): string {
  const { statusCode, statusMessage } = standing(tx);
  const amount = formatRupiah(tx.amount);
  const expires = tx.expiresAt.toISOString();
  const details = `<dl>
<dt>Merchant</dt><dd>${escapeHtml(merchantName || tx.merchantCode)}</dd>
<dt>Nomor pesanan</dt><dd>${escapeHtml(tx.merchantOrderId)}</dd>
<dt>Produk</dt><dd>${escapeHtml(tx.productDetails || '-')}</dd>
<dt>Jumlah</dt><dd class="amount">${amount}</dd>
<dt>Referensi</dt><dd>${escapeHtml(tx.reference)}</dd>
<dt>${statusCode === '01' ? 'Berlaku sampai' : 'Batas waktu'}</dt><dd><time datetime="${expires}">${escapeHtml(formatTimeRange(expires))}</time></dd>
</dl>`;
  const alert = notice ? `<p class="state failed" role="alert">${escapeHtml(notice)}</p>\n` : '';
  if (statusCode === '01') {
    const button = (action: string, className: string, label: string) =>
      `<form method="post"><button type="submit" name="action" value="${action}" class="${className}">${label}</button></form>`;
    return shell(
      `Simulator Duitku: bayar ${amount}`,
      `<h1>Simulator Duitku: pembayaran</h1>
${alert}${details}
<section aria-labelledby="choices">
<h2 id="choices">Pilih hasil pembayaran</h2>
<p class="note">Setiap pilihan mengirim hasilnya ke merchant seperti gateway sungguhan, lalu membawa Anda kembali ke situs merchant.</p>
${button('pay', 'pay', 'Bayar')}
${button('fail', 'fail', 'Gagalkan pembayaran')}
${button('expire', 'expire', 'Biarkan kedaluwarsa')}
</section>`,
    );
  }
  const outcome = OUTCOMES[statusCode];
  const text =
    outcome.text || (statusMessage === 'EXPIRED' ? 'Batas waktu pembayaran ini sudah lewat.' : 'Pembayaran ini dibatalkan atau gagal.');
  return shell(
    `Simulator Duitku: ${outcome.heading}`,
    `<h1>Simulator Duitku: ${outcome.heading}</h1>
${alert}<p class="state ${outcome.className}" role="status">${text}</p>
${details}
<p><a href="${escapeHtml(returnAddress(tx))}">Kembali ke ${escapeHtml(merchantName || tx.merchantCode)}</a></p>`,
  );
}

/** A page for a reference the simulator does not know, or a request it cannot serve. */
export function refusalPage(title: string, message: string): string {
  return shell(
    `Simulator Duitku: ${title}`,
    `<h1>Simulator Duitku: ${escapeHtml(title)}</h1>\n<p class="state failed" role="alert">${escapeHtml(message)}</p>`,
  );
}
