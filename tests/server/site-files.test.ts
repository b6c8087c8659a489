import { afterAll, describe, expect, it } from 'vitest';
import type { ItemIndex } from '~/lib/content/routes';
import { ask, makeDist, siteFiles, startSites, tenantRecord, writeBuild } from './support/fake-sites';

/**
 * A tenant's files as visitors and browsers meet them: from its live build only, case-sensitive,
 * in the encoding the browser takes, cached as long as they can be, and nothing outside the build.
 */
const dist = makeDist();
/** Item pages of the demo build, each at its main address, with its index of items (`routes.json`). */
const ITEM_PAGES = {
  'News/kabar-lama/index.html': '<!doctype html><h1>demo: kabar lama</h1>',
  'Blog/7/tips-cv/index.html': '<!doctype html><h1>demo: tips cv</h1>',
  'Articles/artikel-data/index.html': '<!doctype html><h1>demo: artikel data</h1>',
  'Event/Program/40/bootcamp-web/index.html': '<!doctype html><h1>demo: bootcamp web</h1>',
  'Event/Careers/4/mentor-data/index.html': '<!doctype html><h1>demo: mentor data</h1>',
  'Portfolio/csr/bootcamp-baru/index.html': '<!doctype html><h1>demo: bootcamp baru</h1>',
};
const ITEMS: ItemIndex = {
  posts: { news: [[12, 'kabar-lama']], blog: [[7, 'tips-cv']], articles: [[9, 'artikel-data']], program: [[40, 'bootcamp-web']] },
  careers: [],
  jobs: [[4, 'mentor-data']],
  portfolio: [['csr', 'bootcamp-baru']],
};
const FILES = { demo: { ...siteFiles('demo'), ...ITEM_PAGES }, acme: siteFiles('acme') };
writeBuild(dist.distRoot, 'demo', { id: 'b1', files: FILES.demo, items: ITEMS, live: true });
writeBuild(dist.distRoot, 'acme', { id: 'b1', files: FILES.acme, live: true });
const { '404.html': _, ...without404 } = siteFiles('rusak');
writeBuild(dist.distRoot, 'rusak', { id: 'b1', files: without404, live: true });

// Static builds only: no render worker is ever started.
const records = [tenantRecord('demo', ['demo.example.id']), tenantRecord('acme', ['a.example']), tenantRecord('rusak')];
const sites = await startSites({ distRoot: dist.distRoot, workerScript: '/nonexistent/render-worker.mjs', records });
afterAll(async () => {
  await sites.close();
  dist.remove();
});

const port = sites.port;
const get = (path: string, host = `demo.localhost:${port}`, headers: Record<string, string> = {}) => ask(port, path, { host, headers });

describe('site server: files of the live build', () => {
  it.each([
    ['/', 'index.html'],
    ['/About', 'About/index.html'],
    ['/About/index.html', 'About/index.html'],
    // Only list pages are rendered for ?page=; any other page keeps its file.
    ['/About?page=2&search=data&category=umum', 'About/index.html'],
    ['/News?utm_source=x', 'News/index.html'],
  ] as const)('serves %s as HTML', async (path, file) => {
    const res = await get(path, 'demo.example.id', { 'Accept-Encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toBe(FILES.demo[file]);
  });

  it.each(['/about', '/ABOUT', '/Nope', '/_astro/missing.css', '/News/berita-baru', '/konten/News/x'])(
    'answers %s with the tenant’s 404 page (routes are case-sensitive)',
    async (path) => {
      const res = await get(path, 'a.example');
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).toBe(FILES.acme['404.html']);
    },
  );

  it.each([
    ['br, gzip', 'br', '_astro/app.123.css.br'],
    ['gzip, deflate', 'gzip', '_astro/app.123.css.gz'],
    ['br;q=0, gzip', 'gzip', '_astro/app.123.css.gz'],
    ['deflate', undefined, '_astro/app.123.css'],
    ['', undefined, '_astro/app.123.css'],
  ] as const)('Accept-Encoding %j gets the %s twin', async (accept, encoding, file) => {
    const res = await get('/_astro/app.123.css', 'demo.example.id', accept ? { 'Accept-Encoding': accept } : {});
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(FILES.demo[file])));
    expect(res.text).toBe(FILES.demo[file]);
  });

  it('gives each twin its own ETag, and answers 304 only for the twin the client has', async () => {
    const css = (headers: Record<string, string>) => get('/_astro/app.123.css', 'demo.example.id', headers);
    const tags = await Promise.all(['br', 'gzip', 'identity'].map(async (e) => (await css({ 'Accept-Encoding': e })).headers.etag));
    expect(new Set(tags).size).toBe(3);
    const brTag = tags[0] ?? '';
    const again = await css({ 'Accept-Encoding': 'br', 'If-None-Match': `"other", ${brTag}` });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(brTag);
    expect((await css({ 'Accept-Encoding': 'gzip', 'If-None-Match': brTag })).status).toBe(200);
  });

  it('sends files it does not precompress as they are, without Vary', async () => {
    const res = await get('/logo.png', 'demo.example.id', { 'Accept-Encoding': 'br' });
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.text).toBe(FILES.demo['logo.png']);
  });

  it('marks hashed assets immutable, pages must-revalidate and other files an hour', async () => {
    expect((await get('/_astro/app.123.css')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await get('/About');
    expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(page.headers['last-modified']).toBe('Mon, 23 Nov 2026 10:00:00 GMT');
    expect((await get('/robots.txt')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await ask(port, '/', { host: 'demo.example.id', method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(FILES.demo['index.html'])));
    expect(res.body.length).toBe(0);
  });

  it('answers other methods with 405 and the 404 page', async () => {
    const res = await ask(port, '/About', { host: 'demo.example.id', method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.text).toBe(FILES.demo['404.html']);
  });

  it('sends the security headers with pages and the 404 page', async () => {
    for (const path of ['/', '/Nope']) {
      const res = await get(path);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('shows the built-in error page when the build has no 404 page', async () => {
    const res = await get('/Nope', `rusak.localhost:${port}`);
    expect(res.status).toBe(500);
    expect(res.text).toContain('An error occurred while showing the error page');
    expect(res.text).toContain('<a href="/">Go back to home</a>');
  });
});

describe('site server: other addresses of a built item', () => {
  it.each([
    ['/News/12', 'News/kabar-lama/index.html'],
    ['/News/12/judul-apa-saja', 'News/kabar-lama/index.html'],
    ['/Berita/kabar-lama', 'News/kabar-lama/index.html'],
    ['/Berita/Detail/12', 'News/kabar-lama/index.html'],
    ['/Berita/Detail/12/judul-lama', 'News/kabar-lama/index.html'],
    ['/Blog/7', 'Blog/7/tips-cv/index.html'],
    ['/Blog/7/judul-lama', 'Blog/7/tips-cv/index.html'],
    ['/Articles/Detail/9', 'Articles/artikel-data/index.html'],
    ['/Articles/slug-lama/Detail/9/judul', 'Articles/artikel-data/index.html'],
    ['/Event/Program/40', 'Event/Program/40/bootcamp-web/index.html'],
    ['/Event/Careers/4', 'Event/Careers/4/mentor-data/index.html'],
    ['/Event/Careers/4/judul-lama', 'Event/Careers/4/mentor-data/index.html'],
  ] as const)('answers %s with the bytes of the item’s main address', async (path, file) => {
    const main = await get(`/${file.replace(/\/index\.html$/, '')}`, 'demo.example.id');
    const res = await get(path, 'demo.example.id');
    expect(res.status).toBe(200);
    expect(res.text).toBe(FILES.demo[file]);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers.etag).toBe(main.headers.etag);
  });

  it.each([
    '/News/99',
    '/News/99/judul',
    '/Berita/Detail/99',
    '/Berita/kabar-baru',
    '/Blog/12',
    '/Event/Program/12',
    '/Event/Careers/5',
    '/Portfolio/corporate/bootcamp-baru',
    '/Portfolio/csr/tidak-ada',
    '/News/12/Bukan_Slug',
  ])('answers %s, an item the build does not have, with the 404 page', async (path) => {
    const res = await get(path, 'demo.example.id');
    expect(res.status).toBe(404);
    expect(res.text).toBe(FILES.demo['404.html']);
  });

  it('answers another address of an item with the 404 page on a build without an index of items', async () => {
    const res = await get('/News/12', 'a.example');
    expect(res.status).toBe(404);
    expect(res.text).toBe(FILES.acme['404.html']);
  });
});

describe('site server: paths', () => {
  it('redirects a trailing slash to the path without it, keeping case and query', async () => {
    const res = await get('/About/?a=1');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/About?a=1');
  });

  it.each([
    '//evil.example/',
    '/\\evil.example/',
    '/%2F%2Fevil.example/',
    '/%2f/evil.example/',
    '/%5Cevil.example/',
    '/%09/evil.example/',
    '/%0a/x/',
    '/%0d/x/',
    '/%00/x/',
  ])('never redirects off-site: %j', async (path) => {
    const res = await get(path);
    if (res.headers.location) expect(new URL(res.headers.location, 'https://demo.example.id').origin).toBe('https://demo.example.id');
    expect(res.status).toBeLessThan(500);
  });

  it.each([
    '/..%2fsecret.txt',
    '/..%2f..%2fsecret.txt',
    '/..%2f..%2f..%2fsecret.txt',
    '/%2e%2e%2fbuild.json',
    '/..%2fserver%2fentry.mjs',
    '/..%5csecret.txt',
    '/..%2fclient-private/key.txt',
    '/../build.json',
    '/../../live.json',
    '/%E0%A4%A',
  ])('never serves anything outside the build: %s', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(res.text).toBe(FILES.demo['404.html']);
  });

  it('refuses a NUL byte before looking for a file: /About%00.html is a 400, not About.html', async () => {
    const res = await get('/About%00.html');
    expect(res.status).toBe(400);
    expect(res.text).toContain('Permintaan tidak valid');
    expect(res.text).not.toContain(FILES.demo['About/index.html']);
  });
});
