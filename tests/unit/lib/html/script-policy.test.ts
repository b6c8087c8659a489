import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, scriptPolicy, withScriptPolicy } from '~/lib/html/script-policy';

const sha = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

const SHELL = 'import "/_astro/a.js";';
const RULES = '{"prefetch":[]}';
/** What the compile may put in a page: its own module script and the speculation rules. */
const policy = scriptPolicy([SHELL, RULES]);

const PAGE = `<!doctype html><html lang="id"><head><meta charset="utf-8" /><title>x</title>
<script type="application/ld+json">{"@type":"Organization"}</script>
<script type="speculationrules">${RULES}</script>
<script type="module" src="/_astro/app.js"></script>
</head><body><main><div class="prose"><p>Berita</p></div></main><script type="module">${SHELL}</script></body></html>`;

describe('script policy of a page', () => {
  it('finds each inline script a browser runs, once, and skips data blocks and scripts with src', () => {
    expect(inlineScriptHashes(`${PAGE}<script type="module">${SHELL}</script>`)).toEqual([sha(RULES), sha(SHELL)]);
  });

  it('allows exactly the compile’s inline scripts, right after <meta charset>, with no unsafe-inline', () => {
    const html = withScriptPolicy(PAGE, policy);
    expect(html).toContain(
      `<meta charset="utf-8" /><meta http-equiv="Content-Security-Policy" content="script-src 'self' ${sha(SHELL)} ${sha(RULES)}; script-src-attr 'none'">`,
    );
    expect(html).not.toContain('unsafe-inline');
    expect(html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '')).toBe(PAGE);
    expect(policy.untrusted(PAGE)).toEqual([]);
  });

  it('gives a script that came with content no hash: the policy is the same, and the script is reported', () => {
    const injected = PAGE.replace('<p>Berita</p>', '<p>Berita</p><script>fetch("/api/curi?c="+document.cookie)</script>');
    const html = withScriptPolicy(injected, policy);
    expect(html).not.toContain(sha('fetch("/api/curi?c="+document.cookie)'));
    expect(policy.untrusted(injected)).toEqual([sha('fetch("/api/curi?c="+document.cookie)')]);
  });

  it('leaves a document without <head> as it is', () => {
    expect(withScriptPolicy('<p>bukan halaman</p>', policy)).toBe('<p>bukan halaman</p>');
  });
});
