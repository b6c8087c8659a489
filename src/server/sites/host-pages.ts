import { type FlatHeaders, preparedHtml } from './respond';

/**
 * Pages the server answers itself, before any tenant's build is involved: a host no tenant serves
 * (404) and a tenant whose first build is not live yet (503). Self-contained (no build, no fonts, no
 * scripts), readable at 320 px and at WCAG AA.
 */
function page(title: string, heading: string, text: string): string {
  return `<!doctype html>
<html lang="id">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f6f7f9;color:#1f2933;font:1rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:34rem;padding:2rem 1.25rem}
h1{font-size:1.6rem;line-height:1.3;margin:0 0 .75rem}
p{margin:0 0 .75rem;color:#3e4c59}
</style>
</head>
<body>
<main>
<h1>${heading}</h1>
${text}
</main>
</body>
</html>
`;
}

/** The pages below, each carrying the server's security headers (`common`); none runs a script. */
export function hostPages(common: FlatHeaders) {
  common = [...common, 'Content-Security-Policy', "script-src 'none'"];
  return {
    /** A request no page could answer: a NUL byte in the address, a request line that names another host. */
    badRequest: preparedHtml(400, BAD_REQUEST_HTML, [...NOINDEX, ...common]),
    /** A method no page or API call takes (TRACE, …). */
    notAllowed: preparedHtml(405, NOT_ALLOWED_HTML, [...NOINDEX, 'Allow', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS', ...common]),
    /** An address that had more pages rendered than its budget allows (Retry-After is added per answer). */
    tooMany: preparedHtml(429, TOO_MANY_HTML, [...NOINDEX, ...common]),
    /** A host no tenant serves: never another tenant's site. */
    unknownHost: preparedHtml(404, UNKNOWN_HTML, [...UNKNOWN_HEADERS, ...common]),
    /** A tenant whose site has no live build yet (its first build is under way). */
    preparing: preparedHtml(503, PREPARING_HTML, [...PREPARING_HEADERS, ...common]),
  };
}

const NOINDEX = ['X-Robots-Tag', 'noindex'];

const BAD_REQUEST_HTML = page(
  'Permintaan tidak valid',
  'Permintaan tidak valid',
  '<p>Alamat yang diminta berisi karakter yang tidak dapat diproses.</p><p>Periksa kembali alamatnya, atau kembali ke <a href="/">beranda</a>.</p>',
);

const NOT_ALLOWED_HTML = page(
  'Metode tidak diizinkan',
  'Metode tidak diizinkan',
  '<p>Permintaan dengan metode ini tidak dilayani.</p><p>Kembali ke <a href="/">beranda</a>.</p>',
);

const TOO_MANY_HTML = page(
  'Terlalu banyak permintaan',
  'Terlalu banyak permintaan',
  '<p>Terlalu banyak halaman diminta dari alamat Anda dalam waktu singkat.</p><p>Tunggu sebentar, lalu muat ulang halaman ini.</p>',
);

const UNKNOWN_HTML = page(
  'Situs tidak ditemukan',
  'Situs tidak ditemukan',
  '<p>Alamat ini tidak terhubung ke situs mana pun di platform kami.</p><p>Periksa kembali alamat yang Anda ketik, atau hubungi pengelola situs yang Anda cari.</p>',
);
const UNKNOWN_HEADERS = ['X-Robots-Tag', 'noindex'];

/** Seconds a client is asked to wait while a tenant's site is being built. */
const PREPARING_RETRY_AFTER = 30;

const PREPARING_HTML = page(
  'Situs sedang disiapkan',
  'Situs sedang disiapkan',
  '<p>Situs ini sedang dibangun dan akan segera tersedia.</p><p>Silakan muat ulang halaman ini dalam beberapa saat.</p>',
);
const PREPARING_HEADERS = ['Retry-After', String(PREPARING_RETRY_AFTER), 'X-Robots-Tag', 'noindex'];

/** Shown only when even a build's error page cannot be sent (SPEC §8 "Error page failure"). */
export const ERROR_PAGE_FAILURE = preparedHtml(
  500,
  '<!doctype html><html lang="id"><head><meta charset="utf-8"><title>An error occurred while showing the error page</title></head><body><h1>An error occurred while showing the error page</h1><p>Unfortunately an error occurred and while showing the error page another error occurred</p><p><a href="/">Go back to home</a></p></body></html>',
);
