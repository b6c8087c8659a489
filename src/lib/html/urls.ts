// URL checks for the HTML sanitiser. Every decision goes through the WHATWG URL parser, the same
// algorithm browsers use, so tricks such as `java\tscript:`, leading control characters or
// `/\evil.example` are judged exactly as a browser would follow them.

import { cleanUrl } from '~/contract/url';

/** Placeholder base that lets relative URLs parse; a URL that keeps this host was relative. */
const BASE = new URL('https://relative.invalid/');
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;

/** Schemes a link may use; images and srcset candidates take only the first two. */
export const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;
export const IMAGE_SCHEMES = ['http', 'https'] as const;

/** Video hosts an iframe may embed from, each with the only path prefix that is a player. */
const EMBED_PATHS = new Map<string, RegExp>([
  ['www.youtube.com', /^\/embed\//],
  ['youtube.com', /^\/embed\//],
  ['www.youtube-nocookie.com', /^\/embed\//],
  ['player.vimeo.com', /^\/video\//],
  ['www.dailymotion.com', /^\/embed\//],
]);

/** Hostnames of the embed allow-list, for sanitize-html's own iframe check. */
export const EMBED_HOSTS = [...EMBED_PATHS.keys()];

/** A URL that passed the checks: what to write back, and whether it leaves the site. */
export interface SafeUrl {
  url: string;
  external: boolean;
}

/** The URL as a browser reads it; the same cleaning as the API's URL fields (`src/contract/url.ts`). */
export { cleanUrl };

function parse(value: string, base?: URL): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

/**
 * A link or image URL when its scheme is allowed, else null. Relative paths, queries and #anchors
 * stay as written; absolute and protocol-relative http(s) URLs come back normalised and marked
 * external; mailto: and tel: stay as written.
 */
export function safeUrl(value: string, schemes: readonly string[]): SafeUrl | null {
  const text = cleanUrl(value);
  const url = text ? parse(text, BASE) : null;
  if (!url || !schemes.includes(url.protocol.slice(0, -1))) return null;
  const sameHost = url.host === BASE.host;
  if (!HAS_SCHEME.test(text)) {
    // No scheme: a path, or a network-path (`//host`, `/\host`) that leaves the site.
    return sameHost ? { url: text, external: false } : { url: url.href, external: true };
  }
  // `https:foo` resolves against the page; too odd for CMS content to be worth keeping.
  if (sameHost) return null;
  const web = url.protocol === 'http:' || url.protocol === 'https:';
  return web ? { url: url.href, external: true } : { url: text, external: false };
}

const DESCRIPTOR = /^(?:\d+w|\d+(?:\.\d+)?x)?$/;

/**
 * A srcset whose every candidate is an http(s) or relative image URL with a width or density
 * descriptor, rewritten with the checked URLs; null when any candidate fails, since a partial
 * srcset would show a different picture than the author chose.
 */
export function safeSrcset(value: string): string | null {
  const candidates: string[] = [];
  let i = 0;
  while (i < value.length) {
    while (i < value.length && /[\s,]/.test(value.charAt(i))) i++;
    if (i >= value.length) break;
    const urlStart = i;
    while (i < value.length && !/\s/.test(value.charAt(i))) i++;
    let url = value.slice(urlStart, i);
    let descriptor = '';
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      const end = value.indexOf(',', i);
      descriptor = value.slice(i, end === -1 ? value.length : end).trim();
      i = end === -1 ? value.length : end + 1;
    }
    const safe = safeUrl(url, IMAGE_SCHEMES);
    if (!safe || !DESCRIPTOR.test(descriptor)) return null;
    candidates.push(descriptor ? `${safe.url} ${descriptor}` : safe.url);
  }
  return candidates.length ? candidates.join(', ') : null;
}

/**
 * The iframe src of an allow-listed video player over https, normalised; null otherwise.
 * Protocol-relative embed codes (`//www.youtube.com/embed/…`) are read as https, which is what
 * they mean on our https pages; plain http embeds are refused.
 */
export function embedSrc(value: string): string | null {
  const text = cleanUrl(value);
  const url = parse(text.startsWith('//') ? `https:${text}` : text);
  if (url?.protocol !== 'https:' || url.username || url.password || url.port) return null;
  return EMBED_PATHS.get(url.hostname)?.test(url.pathname) ? url.href : null;
}
