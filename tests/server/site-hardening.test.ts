import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Post } from '~/contract/posts';
import { type ContentSource, SOURCE_METHODS } from '~/lib/content/source';
import { bundleForNode } from '../../scripts/lib/load-ts.mjs';
import { ask, fakeContent, makeDist, rendererSource, siteFiles, startSites, tenantRecord, writeBuild } from './support/fake-sites';

/**
 * What a visitor cannot do to the one server: odd methods and NUL bytes are refused in one
 * line, redirects keep the address and its query, the error pages are not pages of their own, an
 * address sending endless new searches is told to wait, and reads beyond what the database can take
 * get a 503 while static pages keep answering.
 */
const bundles = join(process.cwd(), 'node_modules/.cache/lms-tests', `hardening-${process.pid}`);
const workerScript = join(bundles, 'render-worker.mjs');
const dist = makeDist();
const FILES = siteFiles('kabar');
writeBuild(dist.distRoot, 'kabar', { id: 'b1', files: FILES, renderer: rendererSource('kabar'), live: true });
const records = [tenantRecord('kabar', ['kabar.example'])];

/** A source whose post reads take `delayMs` (a slow search on a busy database) and are counted per slug. */
function slowContent(delayMs: number) {
  const reads = new Map<string, number>();
  const contentSource = async (): Promise<ContentSource> => {
    const methods: Partial<ContentSource> = {
      sections: async () => ['news'],
      getPost: async ({ slug = '' }) => {
        reads.set(slug, (reads.get(slug) ?? 0) + 1);
        await new Promise((done) => setTimeout(done, delayMs));
        return { id: 1, kindSlug: 'news', slug, title: slug, views: 1 } as Post;
      },
    };
    return Object.fromEntries(SOURCE_METHODS.map((method) => [method, methods[method] ?? (async () => [])])) as unknown as ContentSource;
  };
  return { reads, content: { contentSource, reads: new Map<string, number>(), outage: false } };
}

let plain: Awaited<ReturnType<typeof startSites>>;
let budget: Awaited<ReturnType<typeof startSites>>;
let narrow: Awaited<ReturnType<typeof startSites>>;
const slow = slowContent(300);
beforeAll(async () => {
  mkdirSync(bundles, { recursive: true });
  await bundleForNode('src/server/sites/render-worker.ts', workerScript);
  const setup = { distRoot: dist.distRoot, workerScript, records };
  plain = await startSites({ ...setup, content: fakeContent() });
  // Three renders in a row per address, one more a minute after; behind one trusted proxy.
  budget = await startSites({ ...setup, content: fakeContent(), env: { RENDER_BURST: '3', RENDER_PER_MINUTE: '1', TRUST_PROXY: '1' } });
  // One read at a time and one waiting: the third concurrent new page is refused.
  narrow = await startSites({ ...setup, content: slow.content, env: { CONTENT_READS_ACTIVE: '1', CONTENT_READS_WAITING: '1' } });
});
afterAll(async () => {
  await Promise.all([plain?.close(), budget?.close(), narrow?.close()]);
  dist.remove();
  rmSync(bundles, { recursive: true, force: true });
});

const get = (port: number, path: string, options: { method?: string; headers?: Record<string, string> } = {}) =>
  ask(port, path, { host: 'kabar.example', ...options });

describe('site server: methods and bytes it refuses', () => {
  it('answers TRACE (and other unknown methods) with 405 and Allow on pages and the API, logging one line', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failed = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const path of ['/', '/About', '/api/health', '/api/v3/post/list']) {
        const res = await get(plain.port, path, { method: 'TRACE', headers: { cookie: 'sesi=rahasia' } });
        expect(res.status, path).toBe(405);
        expect(res.headers.allow).toContain('GET');
        expect(res.text).not.toContain('rahasia');
      }
      expect((await get(plain.port, '/', { method: 'PROPFIND' })).status).toBe(405);
      expect(warned).toHaveBeenCalledTimes(5);
      expect(String(warned.mock.calls[0]?.[0])).toContain('TRACE');
      expect(failed).not.toHaveBeenCalled();
    } finally {
      warned.mockRestore();
      failed.mockRestore();
    }
  });

  it('answers a NUL byte anywhere in the address with 400, never reaching a page or the database', async () => {
    for (const path of ['/News?search=%00', '/News?search=a%00b', '/About%00', '/News/x%00y']) {
      const res = await get(plain.port, path);
      expect(res.status, path).toBe(400);
      expect(res.text).toContain('Permintaan tidak valid');
      expect(res.text).not.toContain('\u0000');
    }
  });
});

describe('site server: addresses', () => {
  it('redirects a trailing slash to the address without it, encoded, with its query kept', async () => {
    const cases = [
      ['/About/', '/About'],
      ['/About/?page=2&search=data', '/About?page=2&search=data'],
      ['/Berita%20Baru/', '/Berita%20Baru'],
      ['/caf%C3%A9/?q=%C3%A9', '/caf%C3%A9?q=%C3%A9'],
      ['/News///', '/News'],
      // An encoded slash stays encoded: it is part of a segment, not a separator.
      ['/Berita/a%2Fb/', '/Berita/a%2Fb'],
    ];
    for (const [path, location] of cases) {
      const res = await get(plain.port, path as string);
      expect(res.status, path).toBe(301);
      expect(res.headers.location, path).toBe(location);
    }
  });

  it('answers /404.html and /500.html as the 404 they are, not as pages', async () => {
    for (const path of ['/404.html', '/500.html']) {
      const res = await get(plain.port, path);
      expect(res.status, path).toBe(404);
      expect(res.text).toBe(FILES['404.html']);
    }
  });
});

describe('site server: what one address may have rendered', () => {
  it('answers 429 with Retry-After past an address’s render budget; cached pages and static files still answer', async () => {
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    const first = await Promise.all([1, 2, 3].map((n) => get(budget.port, `/News?search=cari-${n}`, from('203.0.113.7'))));
    expect(first.map((res) => res.status)).toEqual([200, 200, 200]);
    const refused = await get(budget.port, '/News?search=cari-4', from('203.0.113.7'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.text).toContain('Terlalu banyak permintaan');
    // What costs nothing is not counted: a page already rendered, a built page.
    expect((await get(budget.port, '/News?search=cari-1', from('203.0.113.7'))).status).toBe(200);
    expect((await get(budget.port, '/About', from('203.0.113.7'))).status).toBe(200);
    // Another visitor has a budget of their own.
    expect((await get(budget.port, '/News?search=cari-4', from('198.51.100.2'))).status).toBe(200);
    // A local reverse proxy not named in TRUST_PROXY: its visitors would share one budget, so none applies.
    const local = await Promise.all([5, 6, 7, 8, 9].map((n) => get(budget.port, `/News?search=lokal-${n}`)));
    expect(local.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
  });

  it('renders one page for searches that differ only in case and spacing', async () => {
    const content = fakeContent();
    const sites = await startSites({ distRoot: dist.distRoot, workerScript, records, content });
    try {
      for (const search of ['Kelas%20Data', 'kelas%20%20data', '%20KELAS+data%20']) {
        expect((await get(sites.port, `/News?search=${search}`)).status).toBe(200);
      }
      // One render, at the normalised address (the fake page reads a post named after its address).
      const searches = [...content.reads].filter(([key]) => key.startsWith('kabar getPost /News?'));
      expect(searches).toEqual([['kabar getPost /News?search=kelas+data', 1]]);
    } finally {
      await sites.close();
    }
  });
});

describe('site server: a page rendered on demand', () => {
  it('goes out compressed by its render process: brotli and gzip of the same page', async () => {
    const plainPage = await get(plain.port, '/News/88/panjang');
    expect(plainPage.status).toBe(200);
    const br = await get(plain.port, '/News/88/panjang', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(plainPage.text);
    const gz = await get(plain.port, '/News/88/panjang', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(plainPage.text);
    expect(br.body.length).toBeLessThan(plainPage.body.length / 4);
  });
});

describe('site server: content reads beyond what the database can take', () => {
  it('answers 503 with Retry-After to pages whose reads cannot even wait, while static pages answer at once', async () => {
    const pages = Promise.all([1, 2, 3, 4, 5, 6].map((n) => get(narrow.port, `/News/baru-${n}`)));
    // While the reads crawl, the built pages answer without waiting for them.
    await new Promise((done) => setTimeout(done, 50));
    const started = performance.now();
    expect((await get(narrow.port, '/About')).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(250);
    const statuses = (await pages).map((res) => res.status);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    const busy = (await Promise.all([7, 8, 9, 10].map((n) => get(narrow.port, `/News/lagi-${n}`)))).find((res) => res.status === 503);
    expect(busy?.headers['retry-after']).toBe('5');
    // Being busy is load, not an outage: readiness stays green.
    expect(narrow.problems()).toEqual([]);
  });
});
