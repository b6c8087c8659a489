import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_VIEWER_HEADER, type AdminViewer, encodeViewer } from '~/lib/admin/viewer';
import type { ItemIndex } from '~/lib/content/routes';
import { bundleForNode } from '../../scripts/lib/load-ts.mjs';
import { ask, fakeContent, makeDist, rendererSource, siteFiles, startSites, tenantRecord, writeBuild } from './support/fake-sites';

/**
 * Pages rendered on demand (list pages past page 1, items newer than the build), as visitors and
 * editors meet them: rendered at their own address from the tenant's content source, once however
 * many ask at once, served from the cache until the tenant's content changes, an error page when a
 * render or the source fails, and finished when the server stops.
 */
const bundles = join(process.cwd(), 'node_modules/.cache/lms-tests', `pages-${process.pid}`);
const workerScript = join(bundles, 'render-worker.mjs');
const dist = makeDist();
/** The kabar build has one news item of its own (id 12), listed in its `routes.json`. */
const FILES = { ...siteFiles('kabar'), 'News/kabar-lama/index.html': '<!doctype html><h1>kabar: kabar lama</h1>' };
const ITEMS = { posts: { news: [[12, 'kabar-lama']] }, careers: [], jobs: [], portfolio: [] } satisfies ItemIndex;
writeBuild(dist.distRoot, 'kabar', { id: 'b1', files: FILES, renderer: rendererSource('kabar'), items: ITEMS, live: true });
writeBuild(dist.distRoot, 'lain', { id: 'b1', files: siteFiles('lain'), renderer: rendererSource('lain'), live: true });
// A tenant under maintenance: its staff still reach the console (to turn maintenance off).
writeBuild(dist.distRoot, 'tutup', {
  id: 'b1',
  files: siteFiles('tutup'),
  renderer: rendererSource('tutup'),
  maintenance: true,
  live: true,
});
const content = fakeContent();
const records = [
  tenantRecord('kabar', ['kabar.example']),
  tenantRecord('lain', ['lain.example']),
  tenantRecord('tutup', ['tutup.example']),
];
/** The access tokens the fake identity knows: a writer of kabar and a student of kabar. */
const SESSIONS: Record<string, { lmsId: string; viewer: AdminViewer }> = {
  'token-penulis': { lmsId: 'kabar', viewer: { id: 'u1', name: 'Rina Penulis', email: 'rina@kabar.example', role: 'writer' } },
  'token-siswa': { lmsId: 'kabar', viewer: { id: 'u2', name: 'Budi Siswa', email: 'budi@kabar.example', role: 'student' } },
  'token-tutup': { lmsId: 'tutup', viewer: { id: 'u3', name: 'Admin Tutup', email: 'admin@tutup.example', role: 'admin' } },
};
const viewerLookups: string[] = [];

let sites: Awaited<ReturnType<typeof startSites>>;
beforeAll(async () => {
  mkdirSync(bundles, { recursive: true });
  await bundleForNode('src/server/sites/render-worker.ts', workerScript);
  sites = await startSites({
    distRoot: dist.distRoot,
    workerScript,
    records,
    content,
    viewer: async (tenant, token) => {
      viewerLookups.push(`${tenant.code} ${token}`);
      if (token === 'token-putus') throw new Error('basis data tidak menjawab');
      const session = SESSIONS[token];
      return session && session.lmsId === tenant.code ? session.viewer : undefined;
    },
  });
});
afterAll(async () => {
  await sites?.close();
  dist.remove();
  rmSync(bundles, { recursive: true, force: true });
});

const get = (path: string, host = 'kabar.example', headers: Record<string, string> = {}) => ask(sites.port, path, { host, headers });
/** What the fake renderer of build b1 writes for a page of a tenant, rendered at its own address on the tenant's public host. */
const rendered = (label: string, page: string, count: number) =>
  `<!doctype html><title>${label}</title><p>${label} (b1) ${label}.example${page} render ${count} hog 0</p>`;
/** How often a tenant's page read its post from the content source, and how often any page read the sections. */
const rendersOf = (label: string, page: string) => content.reads.get(`${label} getPost ${page}`) ?? 0;
const sectionReads = (label: string) => content.reads.get(`${label} sections`) ?? 0;
const allReads = () => [...content.reads.values()].reduce((sum, count) => sum + count, 0);

describe('site server: pages rendered on demand', () => {
  it('renders a page once for 20 visitors at once, then answers from the cache', async () => {
    const first = await Promise.all(Array.from({ length: 20 }, () => get('/News/kabar-baru')));
    expect(first.map((res) => res.status)).toEqual(Array(20).fill(200));
    expect(new Set(first.map((res) => res.text))).toEqual(new Set([rendered('kabar', '/News/kabar-baru', 1)]));
    for (let again = 0; again < 5; again++) expect((await get('/News/kabar-baru')).text).toBe(rendered('kabar', '/News/kabar-baru', 1));
    expect(rendersOf('kabar', '/News/kabar-baru')).toBe(1);
  });

  it('answers a rendered page with the page headers, its own ETag and 304, and no cookie of the render', async () => {
    const res = await get('/News/kabar-baru');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['set-cookie']).toBeUndefined();
    const again = await get('/News/kabar-baru', 'kabar.example', { 'If-None-Match': res.headers.etag ?? '' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('renders the page again after the tenant’s content changes, and only that tenant’s pages', async () => {
    expect((await get('/News/kabar-baru', 'lain.example')).text).toBe(rendered('lain', '/News/kabar-baru', 1));
    await sites.siteEvents.publish({ tenant: 'kabar', reason: 'content' });
    expect((await get('/News/kabar-baru')).text).toBe(rendered('kabar', '/News/kabar-baru', 2));
    expect((await get('/News/kabar-baru', 'lain.example')).text).toBe(rendered('lain', '/News/kabar-baru', 1));
    expect(rendersOf('lain', '/News/kabar-baru')).toBe(1);
  });

  it('keeps one cache entry per list page, whatever unknown query parameters come with it', async () => {
    const page2 = rendered('kabar', '/News?page=2', 1);
    expect((await get('/News?page=2')).text).toBe(page2);
    for (const path of ['/News?page=2&utm_source=x', '/News?utm_source=x&page=2', '/News?page=2&fbclid=abc'])
      expect((await get(path)).text, path).toBe(page2);
    expect(rendersOf('kabar', '/News?page=2')).toBe(1);
    // Item pages have no query at all.
    expect((await get('/News/kabar-baru?utm_source=x')).text).toBe(rendered('kabar', '/News/kabar-baru', 2));
  });

  it('renders list filters in one canonical order, and leaves page 1 to the built file', async () => {
    expect((await get('/News?search=data&page=2')).text).toBe(rendered('kabar', '/News?page=2&search=data', 1));
    expect((await get('/News?page=2&search=data')).text).toBe(rendered('kabar', '/News?page=2&search=data', 1));
    for (const path of ['/News?page=1', '/News?page=abc', '/News?search=', '/News?utm_source=x'])
      expect((await get(path)).text, path).toBe(FILES['News/index.html']);
  });

  // The old `/konten` prefix of on-demand pages is no address of anything.
  it.each(['/konten/News/x', '/%6Bonten/News/x', '/KONTEN/News', '/konten', '/News/bukan/alamat/item', '/About/x'])(
    'never renders %s: only content addresses are',
    async (path) => {
      const before = allReads();
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.text).toBe(FILES['404.html']);
      expect(allReads()).toBe(before);
    },
  );

  it('answers the 404 the renderer gives for an item the source does not have', async () => {
    const res = await get('/News/tidak-ada-lagi');
    expect(res.status).toBe(404);
    expect(res.text).toBe('<!doctype html><p>kabar /News/tidak-ada-lagi tidak ada</p>');
    expect(rendersOf('kabar', '/News/tidak-ada-lagi')).toBe(1);
  });

  it('answers another address of an item the build has with its file, and renders an id it does not have', async () => {
    const before = allReads();
    for (const path of ['/News/12', '/News/12/judul-lama', '/Berita/Detail/12', '/Berita/kabar-lama']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toBe(FILES['News/kabar-lama/index.html']);
    }
    expect(allReads()).toBe(before);
    expect((await get('/News/13')).text).toBe(rendered('kabar', '/News/13', 1));
    // The other tenant's build has no index: the same address is rendered there.
    expect((await get('/News/12', 'lain.example')).text).toBe(rendered('lain', '/News/12', 1));
  });
});

describe('site server: the content source of rendered pages', () => {
  it('reads what every page shares once per tenant, until that tenant’s content changes', async () => {
    await Promise.all([get('/News/bersama-1'), get('/News/bersama-1', 'lain.example')]);
    const before = { kabar: sectionReads('kabar'), lain: sectionReads('lain') };
    expect(before.kabar).toBeGreaterThan(0);
    for (const path of ['/News/bersama-2', '/News/bersama-3', '/News?page=3']) expect((await get(path)).status, path).toBe(200);
    expect((await get('/News/bersama-2', 'lain.example')).status).toBe(200);
    expect([sectionReads('kabar'), sectionReads('lain')]).toEqual([before.kabar, before.lain]);
    // Each page's own item is a call of its own.
    expect(['/News/bersama-2', '/News/bersama-3', '/News?page=3'].map((page) => rendersOf('kabar', page))).toEqual([1, 1, 1]);

    await sites.siteEvents.publish({ tenant: 'kabar', reason: 'content' });
    expect((await get('/News/bersama-4')).status).toBe(200);
    expect((await get('/News/bersama-4', 'lain.example')).status).toBe(200);
    expect([sectionReads('kabar'), sectionReads('lain')]).toEqual([before.kabar + 1, before.lain]);
  });

  it('answers 503 with Retry-After while the source fails, logs it, reports it to readiness, and shows the page once it is back', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    content.outage = true;
    try {
      const res = await get('/News/saat-putus');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.text).toBe(FILES['500.html']);
      // A page that catches the failure and shows a notice is not a success either: never a 200, never cached.
      const caught = await get('/News/99/tangkap');
      expect(caught.status).toBe(503);
      expect(logged.mock.calls.some((call) => String(call[0]).includes('sumber konten gagal'))).toBe(true);
      // The cause only: never a query or what a visitor searched for.
      expect(sites.problems()).toEqual([expect.stringContaining('unavailable: connection refused')]);
    } finally {
      content.outage = false;
      logged.mockRestore();
    }
    expect((await get('/News/99/tangkap')).status).toBe(200);
    expect(sites.problems()).toEqual([]);
    // Neither the failed read nor the failed page was kept.
    const res = await get('/News/saat-putus');
    expect(res.status).toBe(200);
    expect(res.text).toBe(rendered('kabar', '/News/saat-putus', 1));
  });
});

describe('site server: a render that fails', () => {
  it('shows the tenant’s 500 page when the render throws, and the next page renders', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await get('/News/gagal');
      expect(res.status).toBe(500);
      expect(res.text).toBe(FILES['500.html']);
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
    expect((await get('/News/berikutnya')).text).toBe(rendered('kabar', '/News/berikutnya', 1));
  });

  it('shows the 500 page when the render worker dies, and a new worker renders the next page', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await get('/News/mogok');
      expect(res.status).toBe(500);
      expect(res.text).toBe(FILES['500.html']);
    } finally {
      logged.mockRestore();
    }
    const next = await get('/News/sesudah-mogok');
    expect(next.status).toBe(200);
    expect(next.text).toBe(rendered('kabar', '/News/sesudah-mogok', 1));
  });
});

describe('site server: stopping', () => {
  it('finishes a render in progress, and takes no new connections', async () => {
    const stopping = await startSites({ distRoot: dist.distRoot, workerScript, records, content });
    const slow = ask(stopping.port, '/News/pelan', { host: 'kabar.example', agent: false });
    await new Promise((done) => setTimeout(done, 200));
    const closed = stopping.close();
    await expect(ask(stopping.port, '/', { host: 'kabar.example', agent: false })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    const res = await slow;
    expect(res.status).toBe(200);
    expect(res.text).toBe(rendered('kabar', '/News/pelan', 1));
    await closed;
  });

  // The answer in progress when close() is called must not keep its keep-alive connection open
  // (Node's client would hold it 5 s, a browser until the shutdown timeout).
  it('closes a keep-alive visitor’s connection once its answer is sent, so stopping does not wait for it', async () => {
    const stopping = await startSites({ distRoot: dist.distRoot, workerScript, records, content });
    const slow = ask(stopping.port, '/News/pelan?x', { host: 'lain.example' });
    await new Promise((done) => setTimeout(done, 200));
    const closed = stopping.close();
    expect((await slow).status).toBe(200);
    const answered = Date.now();
    await closed;
    expect(Date.now() - answered).toBeLessThan(1500);
  }, 15_000);
});

describe('site server: the staff console (/Admin)', () => {
  it('renders the console for the account of the token cookie, never from the cache or the build', async () => {
    const res = await get('/Admin/Tulisan', 'kabar.example', { cookie: 'tema=gelap; token=token-penulis' });
    expect(res.status).toBe(200);
    expect(res.text).toBe('<!doctype html><p>kabar konsol untuk Rina Penulis (writer)</p>');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-cache']).toBe('pass');
    expect(viewerLookups).toContain('kabar token-penulis');
    // Each request asks again: a deactivated account or a changed role shows on the next one.
    const before = viewerLookups.length;
    await get('/Admin/Tulisan', 'kabar.example', { cookie: 'token=token-penulis' });
    expect(viewerLookups.length).toBe(before + 1);
  });

  it('sends a visitor without a sign-in, or with another tenant’s, to /Login; a forged viewer header counts for nothing', async () => {
    const forged = encodeViewer({ id: 'x', name: 'Palsu', email: 'palsu@contoh.id', role: 'superadmin' });
    for (const headers of [{}, { cookie: 'token=token-penulis' }, { [ADMIN_VIEWER_HEADER]: forged }, { cookie: 'token=tidak-dikenal' }]) {
      const res = await get('/Admin', 'lain.example', headers);
      expect(res.status, JSON.stringify(headers)).toBe(302);
      expect(res.headers.location).toBe('/Login?redirect=%2FAdmin');
      expect(res.text).not.toContain('Palsu');
    }
  });

  it('passes the page’s own 403 for a signed-in visitor without a staff role', async () => {
    const res = await get('/Admin', 'kabar.example', { cookie: 'token=token-siswa' });
    expect(res.status).toBe(403);
    expect(res.text).toContain('Budi Siswa (student)');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers an address with a trailing slash with the address without it, and a lost database with 503', async () => {
    const slashed = await get('/Admin/Tulisan/?jenis=news', 'kabar.example', { cookie: 'token=token-penulis' });
    expect(slashed.status).toBe(301);
    expect(slashed.headers.location).toBe('/Admin/Tulisan?jenis=news');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const lost = await get('/Admin', 'kabar.example', { cookie: 'token=token-putus' });
      expect(lost.status).toBe(503);
      expect(lost.headers['retry-after']).toBeDefined();
    } finally {
      errors.mockRestore();
    }
  });

  it('keeps the console open to staff while the site is under maintenance', async () => {
    expect((await get('/About', 'tutup.example')).text).not.toContain('konsol');
    const res = await get('/Admin/Pengaturan', 'tutup.example', { cookie: 'token=token-tutup' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('tutup konsol untuk Admin Tutup (admin)');
  });
});
