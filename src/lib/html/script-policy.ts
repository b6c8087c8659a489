import { createHash } from 'node:crypto';

/**
 * The script policy of every rendered page: scripts of this site by `'self'`, and inline
 * scripts only when they are the compile's own (the inline scripts Astro compiled from our
 * components, its island runtime and directives, the speculation rules): a fixed set of SHA-256
 * hashes known before any content is read, so a script that reaches a page through content (past
 * the sanitiser) gets no hash and does not run. No `unsafe-inline`, no event-handler attributes.
 * The policy travels in the page itself, as a `<meta>` at the top of `<head>`; what a meta cannot
 * carry (`frame-ancestors`) and what every answer shares (`object-src`, `base-uri`) are the server's
 * header (site-server.ts); a browser enforces both.
 */

/** `<script …>body</script>`; attributes and body as written. */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Data blocks a browser never runs (JSON-LD and the like) need no hash. */
const DATA_BLOCK = /\btype\s*=\s*["']?(?:application\/(?:ld\+)?json|text\/plain|text\/template)\b/i;
const HAS_SRC = /\bsrc\s*=/i;

/** The CSP source of a script body: `'sha256-…'`. */
export function scriptHash(body: string): string {
  return `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
}

/** The hashes of the inline scripts a browser would run in `html`, each once, in page order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (HAS_SRC.test(attributes) || DATA_BLOCK.test(attributes)) continue;
    hashes.add(scriptHash(body));
  }
  return [...hashes];
}

/** The policy of the compile's trusted inline scripts, and a way to find any other inline script in a page. */
export interface ScriptPolicy {
  /** The `<meta>` every page carries. */
  meta: string;
  /** Inline scripts of `html` the policy does not allow (they will not run): their hashes. */
  untrusted(html: string): string[];
}

/** The policy allowing exactly these inline script bodies. */
export function scriptPolicy(trustedBodies: Iterable<string>): ScriptPolicy {
  const trusted = new Set([...trustedBodies].map(scriptHash));
  const content = `script-src 'self'${[...trusted].map((hash) => ` ${hash}`).join('')}; script-src-attr 'none'`;
  return {
    meta: `<meta http-equiv="Content-Security-Policy" content="${content}">`,
    untrusted: (html) => inlineScriptHashes(html).filter((hash) => !trusted.has(hash)),
  };
}

/**
 * The page with the policy's `<meta>` as the first element of `<head>` (after `<meta charset>` when
 * that comes first), before any script it governs; a document without `<head>` is left as it is.
 */
export function withScriptPolicy(html: string, policy: ScriptPolicy): string {
  const head = /<head\b[^>]*>/i.exec(html);
  if (!head) return html;
  const at = head.index + head[0].length;
  const charset = /^\s*<meta\s+charset=[^>]*>/i.exec(html.slice(at));
  const insertAt = at + (charset ? charset[0].length : 0);
  return html.slice(0, insertAt) + policy.meta + html.slice(insertAt);
}
