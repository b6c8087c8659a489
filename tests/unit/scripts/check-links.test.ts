import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brokenLinks } from '../../../scripts/lib/check-links.mjs';

let dir: string;
const write = (path: string, body = '') => {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), body);
};
const page = (...hrefs: string[]) => `<main>${hrefs.map((href) => `<a class="x" href="${href}">x</a>`).join('')}</main>`;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'links-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('brokenLinks', () => {
  it('passes links to built pages, files, list pages with a query and anchors, and ignores other sites', () => {
    write('index.html', page('/', '/News', '/News?page=2&amp;search=x', '/About#tim', '/og.png', 'https://example.org/x', 'mailto:a@b.c'));
    write('News/index.html', page('/News/kabar-baru', '/'));
    write('News/kabar-baru/index.html', page('/News'));
    write('About/index.html');
    write('og.png');
    expect(brokenLinks(dir)).toEqual([]);
  });

  it('names each page and link that answers 404, content links included', () => {
    write('index.html', page('/Liga-Smk', '/About'));
    write('About/index.html', page('/Program?page=2'));
    write('News/kabar/index.html', `<article><p>Daftar di <a href="/Liga-Smk/Register">sini</a></p></article>`);
    expect(brokenLinks(dir)).toEqual(
      expect.arrayContaining([
        { page: '/', href: '/Liga-Smk' },
        { page: '/About', href: '/Program?page=2' },
        { page: '/News/kabar', href: '/Liga-Smk/Register' },
      ]),
    );
    expect(brokenLinks(dir)).toHaveLength(3);
  });

  it('treats routes as case-sensitive and refuses paths that climb out', () => {
    write('index.html', page('/about', '/../etc/passwd'));
    write('About/index.html');
    expect(brokenLinks(dir).map((link: { href: string }) => link.href)).toEqual(['/about', '/../etc/passwd']);
  });
});
