import type { SiteMeta } from '~/contract/settings';

/** Separator between page title and site title (SPEC §2 "Page titles and metadata"). */
export const TITLE_SEPARATOR = ' - ';

/** A page title optionally followed by ' - ' and the site title; either part may be missing. */
export function composeTitle(pageTitle?: string | null, siteTitle?: string | null): string {
  const page = pageTitle?.trim() ?? '';
  const site = siteTitle?.trim() ?? '';
  if (!page) return site;
  if (!site || page === site) return page;
  return `${page}${TITLE_SEPARATOR}${site}`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Text of an HTML fragment: tags and comments removed, common entities decoded, whitespace collapsed. */
export function stripHtml(html?: string | null): string {
  return (html ?? '')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (match, name: string) => {
      const lower = name.toLowerCase();
      if (lower in ENTITIES) return ENTITIES[lower] ?? match;
      if (!lower.startsWith('#')) return match;
      const code = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number.parseInt(lower.slice(1), 10);
      // Malformed CMS entities (NUL, surrogates, beyond Unicode) become nothing, never an exception.
      const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : '';
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Blog summary description: HTML stripped, cut to the first `words` words, followed by '...'. */
export function summarize(html?: string | null, words = 20): string {
  const text = stripHtml(html);
  if (!text) return '';
  return `${text.split(' ').slice(0, words).join(' ')}...`;
}

/** robots content from the site meta flags; both default to allowed ('index, follow'). */
export function robotsContent(meta: Pick<SiteMeta, 'robot_index' | 'robot_follow'>): string {
  return `${meta.robot_index ? 'index' : 'noindex'}, ${meta.robot_follow ? 'follow' : 'nofollow'}`;
}

/** Absolute URL of a path or URL against the site origin; empty input stays empty. */
export function absoluteUrl(pathOrUrl: string, site: string): string {
  if (!pathOrUrl) return '';
  return new URL(pathOrUrl, site).href;
}

/** Canonical URL of a page: origin + path, no query or hash, no trailing slash except the root. */
export function canonicalUrl(pathname: string, site: string): string {
  const url = new URL(pathname, site);
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : '/';
  return `${url.origin}${path}`;
}
