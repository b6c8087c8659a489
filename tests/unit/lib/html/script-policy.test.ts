import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, withScriptPolicy } from '~/lib/html/script-policy';

const sha = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

const PAGE = `<!doctype html><html lang="id"><head><meta charset="utf-8" /><title>x</title>
<script type="application/ld+json">{"@type":"Organization"}</script>
<script type="speculationrules">{"prefetch":[]}</script>
<script type="module" src="/_astro/app.js"></script>
</head><body><script type="module">import "/_astro/a.js";</script><script type="module">import "/_astro/a.js";</script></body></html>`;

describe('script policy of a page', () => {
  it('hashes each inline script a browser runs, once, and skips data blocks and scripts with src', () => {
    expect(inlineScriptHashes(PAGE)).toEqual([sha('{"prefetch":[]}'), sha('import "/_astro/a.js";')]);
  });

  it('puts the policy right after <meta charset>, with no unsafe-inline and no handler attributes', () => {
    const html = withScriptPolicy(PAGE);
    expect(html).toContain(
      `<meta charset="utf-8" /><meta http-equiv="Content-Security-Policy" content="script-src 'self' ${sha('{"prefetch":[]}')} ${sha('import "/_astro/a.js";')}; script-src-attr 'none'">`,
    );
    expect(html).not.toContain('unsafe-inline');
    // Everything else is as it was.
    expect(html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '')).toBe(PAGE);
  });

  it('gives a page without inline scripts a policy of its own site only', () => {
    expect(withScriptPolicy('<html><head><title>x</title></head></html>')).toBe(
      `<html><head><meta http-equiv="Content-Security-Policy" content="script-src 'self'; script-src-attr 'none'"><title>x</title></head></html>`,
    );
  });

  it('leaves a document without <head> as it is', () => {
    expect(withScriptPolicy('<p>bukan halaman</p>')).toBe('<p>bukan halaman</p>');
  });
});
