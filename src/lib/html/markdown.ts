import GithubSlugger from 'github-slugger';
import { Marked } from 'marked';
import { sanitizeHtml } from './sanitize';

/**
 * A page's Markdown as HTML: GitHub-flavoured, each heading with an id from its text (as Astro's
 * Markdown gives, so `#anchor` links hold), through the same allow-list as CMS HTML. The build
 * renders page copy with it (server/builds/site-context.ts), the console's page copy editor its preview.
 */
export function markdownHtml(body: string): string {
  const slugger = new GithubSlugger();
  const markdown = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth, text }) {
        return `<h${depth} id="${slugger.slug(text)}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
    },
  });
  return sanitizeHtml(markdown.parse(body, { async: false }));
}
