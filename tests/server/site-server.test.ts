import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AstroHandler, createSiteServer } from '~/server/site-server';
import { FILES, makeClientDir } from './client-dir';
import { openTestPlatform } from './support/platform';

const dir = makeClientDir();
const platform = await openTestPlatform('pglite');
afterAll(async () => {
  dir.remove();
  await platform.close();
});

const api = platform.api.fetch;
const site = createSiteServer({ api, clientDir: dir.clientDir, maintenance: false });
const closed = createSiteServer({ api, clientDir: dir.clientDir, maintenance: true });

describe('site server: pages', () => {
  it.each([
    ['/', FILES['index.html']],
    ['/About', FILES['About/index.html']],
    // Only list pages are rendered on demand for ?page=, ?search= and ?category=: any other page keeps its file.
    ['/About?page=2&search=data&category=umum', FILES['About/index.html']],
  ])('serves %s as HTML', async (path, body) => {
    const res = await site.request(path, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toBe(body);
  });

  it.each(['/about', '/ABOUT', '/Nope', '/_astro/missing.css'])(
    'answers %s with the 404 page (routes are case-sensitive)',
    async (path) => {
      const res = await site.request(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      expect(await res.text()).toBe(FILES['404.html']);
    },
  );

  it('redirects /About/ to /About with 301', async () => {
    const res = await site.request('/About/');
    expect(res.status).toBe(301);
    expect(res.headers.get('Location')).toBe('/About');
  });

  it('serves assets with their precompressed twin and long cache', async () => {
    const res = await site.request('/_astro/app.123.css', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(FILES['_astro/app.123.css.br']);
  });

  it('answers HEAD without a body', async () => {
    const res = await site.request('/About', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('never serves files next to the build', async () => {
    for (const path of ['/..%2fsecret.txt', '/..%2f..%2fetc/passwd', '/%2e%2e/secret.txt']) {
      const res = await site.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe(FILES['404.html']);
    }
  });

  it('sends security headers with pages', async () => {
    const res = await site.request('/');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  });

  it('shows the built-in error page when the 404 page is missing from the build', async () => {
    const bare = makeClientDir(['404.html']);
    try {
      const app = createSiteServer({ api, clientDir: bare.clientDir, maintenance: false });
      const res = await app.request('/Nope');
      expect(res.status).toBe(500);
      const html = await res.text();
      expect(html).toContain('An error occurred while showing the error page');
      expect(html).toContain('<a href="/">Go back to home</a>');
    } finally {
      bare.remove();
    }
  });
});

describe('site server: API', () => {
  it('answers /api/health with JSON', async () => {
    const res = await site.request('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok', version: '1.0.0-test' });
  });

  it.each(['/api/x', '/api/health/extra', '/api'])('answers unknown %s with a JSON 404, never the HTML page', async (path) => {
    const res = await site.request(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(await res.json()).toStrictEqual({ statusCode: 404, message: expect.stringMatching(/\S/) });
  });
});

describe('site server: maintenance', () => {
  it.each(['/', '/About', '/whatever', '/Blog/7/judul', '/index.html'])('answers %s with the maintenance screen (503)', async (path) => {
    const res = await closed.request(path);
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('3600');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.text()).toBe(FILES['index.html']);
  });

  it('still serves the assets the screen needs, and the API', async () => {
    const css = await closed.request('/_astro/app.123.css');
    expect(css.status).toBe(200);
    expect(await css.text()).toBe(FILES['_astro/app.123.css']);
    expect((await closed.request('/logo.png')).status).toBe(200);
    expect((await closed.request('/api/health')).status).toBe(200);
  });

  it('keeps missing assets a 404', async () => {
    expect((await closed.request('/_astro/missing.js')).status).toBe(404);
  });
});

describe('site server: pages rendered on demand', () => {
  // Astro's handler stands in as a fake that names the address it was given, over real HTTP (it writes to the socket).
  const seen: string[] = [];
  const astroHandler: AstroHandler = (req, res) => {
    seen.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<p>rendered ${req.url}</p>`);
  };
  let origin = '';
  let server: ServerType | undefined;
  beforeAll(async () => {
    const app = createSiteServer({ api, clientDir: dir.clientDir, maintenance: false, astroHandler });
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server?.once('listening', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server?.close());

  it.each([
    ['/News/berita-baru', '/konten/News/berita-baru'],
    ['/Event/Program/12/program-baru', '/konten/Event/Program/12/program-baru'],
    ['/Gallery?page=2', '/konten/Gallery?page=2'],
  ])('hands %s to the content route as %s, with the security headers', async (path, rendered) => {
    const res = await fetch(`${origin}${path}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(`<p>rendered ${rendered}</p>`);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  });

  it.each(['/konten/News/x', '/%6Bonten/News/x', '/KONTEN/News', '/konten'])(
    'never serves the content route at its own address: %s',
    async (path) => {
      const before = seen.length;
      const res = await fetch(`${origin}${path}`);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe(FILES['404.html']);
      expect(seen.length).toBe(before);
    },
  );
});
