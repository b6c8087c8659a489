import { z } from 'zod';

/**
 * The one check for addresses a visitor's browser loads or follows (covers, audio, setting images,
 * page links): an absolute http(s) URL, or a path of this site. It judges the text as a browser
 * reads it, so `java\tscript:`, a leading control character or `/\evil.example` cannot slip past
 * a check that looked at the raw text. Schemas store the cleaned text: what is kept is what a
 * browser would have followed. `src/lib/html/urls.ts` (the HTML sanitiser's checks) reads URLs
 * with the same `cleanUrl`.
 */

/** The URL as a browser reads it: ASCII tab, LF and CR removed anywhere, C0 controls and spaces trimmed at both ends. */
export function cleanUrl(value: string): string {
  const text = value.replace(/[\t\n\r]/g, '');
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return text.slice(start, end);
}

/** A path of this site: one leading `/`; `//host` and `/\host` are network paths to another host. */
export const isSitePath = (text: string) => text.startsWith('/') && text[1] !== '/' && text[1] !== '\\';

/** An absolute URL with a host, whose scheme is one of `schemes` (written `scheme://`, as people write them). */
export function isWebUrl(text: string, schemes: readonly string[] = ['http', 'https']): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text)?.[1]?.toLowerCase();
  if (!scheme || !schemes.includes(scheme)) return false;
  return parsedHost(text, scheme) !== '';
}

/** The host of an absolute URL whose scheme is `scheme`, '' when it does not parse so. */
function parsedHost(text: string, scheme: string): string {
  try {
    const url = new URL(text);
    return url.protocol === `${scheme}:` ? url.hostname : '';
  } catch {
    return '';
  }
}

/** What a URL field may hold, cleaned first: a site path (unless `paths: false`) or an absolute URL of `schemes`. */
export function isAllowedUrl(text: string, options: { paths?: boolean; schemes?: readonly string[] } = {}): boolean {
  return (options.paths !== false && isSitePath(text)) || isWebUrl(text, options.schemes);
}

const MAX_URL = 2000;
export const URL_MESSAGE = 'alamat harus path relatif atau URL http(s): diawali / (mis. /media/foto.webp) atau http(s)://';
export const WEB_URL_MESSAGE = 'alamat harus URL lengkap yang diawali http:// atau https://';

/**
 * A URL field: a path of this site or an http(s) URL, stored cleaned. Empty is allowed (a field
 * left blank); `.min(1)` after it, or `.optional()`, say otherwise.
 */
export const UrlSchema = z
  .string()
  .max(MAX_URL)
  .transform(cleanUrl)
  .refine((text) => text === '' || isAllowedUrl(text), URL_MESSAGE);

/** An absolute http(s) URL (a site's own address, an outside registration page), stored cleaned; empty is allowed. */
export const WebUrlSchema = z
  .string()
  .max(MAX_URL)
  .transform(cleanUrl)
  .refine((text) => text === '' || isWebUrl(text), WEB_URL_MESSAGE);

/** Path segments of a file in a tenant's seed folder: no empty segment, none starting with a dot (so no `..`). */
const FILE_PATH = /^\/?[A-Za-z0-9_][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_][A-Za-z0-9._-]*)*$/;

/**
 * A logo or favicon: a file of the tenant's seed folder (`assets/logo.svg`, which the build copies
 * and serves from the site) or an http(s) URL. Never a scheme, a backslash or a way out of the folder.
 */
export const AssetRefSchema = z
  .string()
  .max(MAX_URL)
  .transform(cleanUrl)
  .refine((text) => text === '' || FILE_PATH.test(text) || isWebUrl(text), `${URL_MESSAGE}, atau berkas di folder tenant`);
