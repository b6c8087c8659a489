import { createHighlighter, createJavaScriptRegexEngine, type Highlighter } from 'shiki';

/**
 * Syntax highlighting of code blocks in already sanitised HTML, on the server only (once per change
 * of a chapter, stored with it: server/catalogue/courses.ts): the browser never gets a highlighter. A block
 * is `<pre><code class="language-xxx">…</code></pre>` as the sanitiser keeps it; its text is read
 * back from the HTML entities, highlighted by Shiki with a high-contrast light theme (every token
 * colour reads at WCAG AA on its background; axe checks chapter pages in the browser tests), and
 * replaces the block. An unknown language, or none, stays as it was.
 */

/** GitHub's high-contrast light theme: its token colours all meet 4.5:1 on its white background. */
export const CODE_THEME = 'github-light-high-contrast';
export const CODE_LANGUAGES = ['javascript', 'typescript', 'python', 'html', 'css', 'sql', 'bash', 'json'] as const;
const ALIASES: Record<string, string> = { js: 'javascript', ts: 'typescript', py: 'python', sh: 'bash', shell: 'bash' };

let highlighter: Promise<Highlighter> | undefined;
const getHighlighter = () => {
  // The JavaScript regex engine, not Oniguruma's WASM: the server's fetch Response (Hono's) cannot
  // load the inlined WASM, and no WASM also means no start-up compile in every render process.
  highlighter ??= createHighlighter({ themes: [CODE_THEME], langs: [...CODE_LANGUAGES], engine: createJavaScriptRegexEngine() });
  highlighter.catch(() => {
    highlighter = undefined;
  });
  return highlighter;
};

const BLOCK = /<pre(?:\s+class="[^"]*")?>\s*<code class="language-([a-z0-9+#-]+)">([\s\S]*?)<\/code>\s*<\/pre>/g;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: '\u00a0' };
/** The text of sanitised HTML: its entities read back (the sanitiser writes only these and numeric ones). */
function decode(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name in ENTITIES) return ENTITIES[name] ?? entity;
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return entity;
  });
}

/** `html` with each code block of a known language highlighted. */
export async function highlightCode(html: string): Promise<string> {
  if (!html.includes('<code class="language-')) return html;
  const shiki = await getHighlighter();
  const loaded = new Set(shiki.getLoadedLanguages());
  const result = html.replace(BLOCK, (block, language: string, code: string) => {
    const lang = ALIASES[language] ?? language;
    if (!loaded.has(lang)) return block;
    // Shiki's <pre> is focusable (tabindex="0"), so a keyboard can scroll a long line sideways.
    return shiki.codeToHtml(decode(code).replace(/\n$/, ''), { lang, theme: CODE_THEME });
  });
  return result;
}
