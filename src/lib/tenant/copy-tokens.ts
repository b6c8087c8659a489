import { linkLifetime } from '~/contract/account-links';

/**
 * Tokens that shared copy (pages, items) uses where each brand says something its own way: `{{site}}`
 * for the site title, `{{anda}}` / `{{Anda}}` for the form of address the brand's `voice` setting names
 * ("Anda", or "kamu" / "Kamu" at the start of a sentence); and facts the product sets, so copy never
 * types them again: `{{verifyLinkLifetime}}` and `{{resetLinkLifetime}}` ("24 jam", "1 jam").
 */

/** How a brand addresses its readers (`content/site.json` voice). */
export type Voice = 'Anda' | 'kamu';

export interface CopyContext {
  title: string;
  voice: Voice;
}

const TOKEN = /\{\{\s*(site|anda|Anda|verifyLinkLifetime|resetLinkLifetime)\s*\}\}/g;

function tokenValue(name: string, { title, voice }: CopyContext): string {
  if (name === 'site') return title;
  if (name === 'verifyLinkLifetime') return linkLifetime('verify-email');
  if (name === 'resetLinkLifetime') return linkLifetime('reset-password');
  if (voice === 'Anda') return 'Anda';
  return name === 'Anda' ? 'Kamu' : 'kamu';
}

/** Replaces the copy tokens in plain text. */
export function fillCopy(text: string, context: CopyContext): string {
  // A function replacement, so `$&` and friends in a title stay literal.
  return text.replace(TOKEN, (_, name: string) => tokenValue(name, context));
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Replaces the copy tokens in rendered HTML, the title escaped for HTML. */
export function fillCopyHtml(html: string, context: CopyContext): string {
  return fillCopy(html, { ...context, title: context.title.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c) });
}

/** Replaces the copy tokens in every string of a value; fields named in `htmlKeys` hold HTML. */
export function fillCopyDeep<T>(value: T, context: CopyContext, htmlKeys: ReadonlySet<string> = new Set(), key = ''): T {
  if (typeof value === 'string') return (htmlKeys.has(key) ? fillCopyHtml(value, context) : fillCopy(value, context)) as T;
  if (Array.isArray(value)) return value.map((item) => fillCopyDeep(item, context, htmlKeys, key)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, fillCopyDeep(item, context, htmlKeys, name)])) as T;
  }
  return value;
}
