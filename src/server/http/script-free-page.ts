import { createHash } from 'node:crypto';

/*
 * Pages the server writes itself, outside any tenant's build (the account login page, the gateway
 * simulator's payment page): one self-contained document, no script, one small style sheet allowed
 * by its hash, `lang="id"`, noindex.
 */

/** Text made safe for HTML content and attribute values. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** The CSP source that allows one inline style sheet (compute it once per page, not per request). */
export const styleSource = (style: string) => `'sha256-${createHash('sha256').update(style).digest('base64')}'`;

/** A script-free page's Content-Security-Policy: its own style only; forms post here and, when given, to `formOrigin`. */
export function scriptFreePolicy(styleSrc: string, formOrigin?: string): string {
  return [
    "default-src 'none'",
    `style-src ${styleSrc}`,
    "script-src 'none'",
    "img-src 'self'",
    `form-action 'self'${formOrigin ? ` ${formOrigin}` : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/** The document around `main` (HTML already escaped), with an optional banner (HTML) above it. */
export function scriptFreeDocument(page: { title: string; style: string; main: string; banner?: string }): string {
  return `<!doctype html>
<html lang="id">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)}</title>
<style>${page.style}</style>
</head>
<body>
${page.banner ? `<header>${page.banner}</header>\n` : ''}<main>
${page.main}
</main>
</body>
</html>`;
}
