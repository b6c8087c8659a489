/** The token shared page copy uses for the tenant's site title. */
export const SITE_TOKEN = /\{\{\s*site\s*\}\}/g;

/** Replaces `{{site}}` in plain text with the site title. */
export function fillSiteTitle(text: string, title: string): string {
  // A function replacement, so `$&` and friends in a title stay literal.
  return text.replace(SITE_TOKEN, () => title);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Replaces `{{site}}` in rendered HTML with the site title, escaped for HTML. */
export function fillSiteTitleHtml(html: string, title: string): string {
  return fillSiteTitle(
    html,
    title.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c),
  );
}
