import { markdownHtml } from '~/lib/html/markdown';
import { type CopyContext, fillCopyHtml } from '~/lib/tenant/copy-tokens';

/**
 * A page's Markdown as the build renders it (`markdownHtml`), with the copy tokens filled as the page
 * fills them. Loaded on its own by the page copy editor: the sanitiser is most of its weight.
 */
export function renderMarkdown(body: string, context: CopyContext | undefined): string {
  const html = markdownHtml(body);
  return context ? fillCopyHtml(html, context) : html;
}
