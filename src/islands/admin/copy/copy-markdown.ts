import GithubSlugger from 'github-slugger';
import { Marked } from 'marked';
import { sanitizeHtml } from '~/lib/html/sanitize';
import { type CopyContext, fillCopyHtml } from '~/lib/tenant/copy-tokens';

/**
 * A page's Markdown as the build renders it (server/builds/site-context.ts `markdownHtml`: GitHub
 * flavoured, headings with ids, the site's one HTML allow-list), with the copy tokens filled as the
 * page fills them. Loaded on its own by the page copy editor: the sanitiser is most of its weight.
 */
export function renderMarkdown(body: string, context: CopyContext | undefined): string {
  const slugger = new GithubSlugger();
  const markdown = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth, text }) {
        return `<h${depth} id="${slugger.slug(text)}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
    },
  });
  const html = sanitizeHtml(markdown.parse(body, { async: false }));
  return context ? fillCopyHtml(html, context) : html;
}
