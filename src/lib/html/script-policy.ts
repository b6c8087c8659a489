import { createHash } from 'node:crypto';

/**
 * The script policy of a rendered page (issue 12): its inline scripts are allowed by their SHA-256
 * hashes, scripts of this site by `'self'`, nothing else: no `unsafe-inline`, no event-handler
 * attributes. The policy travels in the page itself, as a `<meta>` at the top of `<head>`, so a built
 * page carries the hashes computed when it was built, and a page rendered on demand its own. The
 * policy a meta cannot carry (`frame-ancestors`) and what every answer shares (`object-src`,
 * `base-uri`) are the server's header (site-server.ts); a browser enforces both.
 */

/** `<script …>body</script>`; attributes and body as written. */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Data blocks a browser never runs (JSON-LD and the like) need no hash. */
const DATA_BLOCK = /\btype\s*=\s*["']?(?:application\/(?:ld\+)?json|text\/plain|text\/template)\b/i;
const HAS_SRC = /\bsrc\s*=/i;

/** The `'sha256-…'` sources of the inline scripts a browser would run, each once, in page order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (HAS_SRC.test(attributes) || DATA_BLOCK.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The `script-src` policy of a page with these inline scripts. */
export function scriptPolicy(html: string): string {
  return `${["script-src 'self'", ...inlineScriptHashes(html)].join(' ')}; script-src-attr 'none'`;
}

/**
 * The page with its script policy as the first element of `<head>` (before any script it governs);
 * a document without a `<head>` (not a page of ours) is left as it is.
 */
export function withScriptPolicy(html: string): string {
  const head = /<head\b[^>]*>/i.exec(html);
  if (!head) return html;
  const at = head.index + head[0].length;
  // After <meta charset>, when it comes first: the encoding stays declared at the very top.
  const charset = /^\s*<meta\s+charset=[^>]*>/i.exec(html.slice(at));
  const insertAt = at + (charset ? charset[0].length : 0);
  const meta = `<meta http-equiv="Content-Security-Policy" content="${scriptPolicy(html)}">`;
  return html.slice(0, insertAt) + meta + html.slice(insertAt);
}
