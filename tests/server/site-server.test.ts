import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { ask, makeDist, siteFiles, startSites, tenantRecord, writeBuild } from './support/fake-sites';

/**
 * One server for every tenant, as a visitor meets it: the host picks the site (or says there is none),
 * `/pesilat/…` switches to the pesilat site, a build under maintenance shows its screen, and `/api` is
 * the platform's on every host. A tenant's files themselves: site-files.test.ts.
 */
const dist = makeDist();
const records = [
  tenantRecord('demo', ['demo.example.id']),
  tenantRecord('pesilat', ['pesilat.example.id'], 'demo'),
  tenantRecord('acme', ['a.example', 'b.example:8443']),
  tenantRecord('baru', ['baru.example']),
  tenantRecord('tutup', ['tutup.example']),
  // A pesilat site known only by its local name: a public host never sends visitors there.
  tenantRecord('silatlokal', ['silatlokal.localhost'], 'acme'),
];
const FILES = {
  demo: siteFiles('demo'),
  acme: siteFiles('acme'),
  pesilat: siteFiles('pesilat'),
  tutup: { ...siteFiles('tutup'), 'Login/index.html': '<!doctype html><h1>tutup: Masuk</h1>' },
};
writeBuild(dist.distRoot, 'demo', { id: 'b1', files: FILES.demo, live: true });
writeBuild(dist.distRoot, 'acme', { id: 'b1', files: FILES.acme, live: true });
writeBuild(dist.distRoot, 'pesilat', { id: 'b1', files: FILES.pesilat, live: true });
writeBuild(dist.distRoot, 'tutup', { id: 'b1', files: FILES.tutup, maintenance: true, live: true });

// Static builds only: no render worker is ever started.
const setup = { distRoot: dist.distRoot, workerScript: '/nonexistent/render-worker.mjs', records };
const sites = await startSites(setup);
const acmeDefault = await startSites({ ...setup, env: { DEFAULT_TENANT: 'acme' } });
const proxied = await startSites({ ...setup, env: { TRUST_PROXY: '1' } });
afterAll(async () => {
  await Promise.all([sites.close(), acmeDefault.close(), proxied.close()]);
  dist.remove();
});

const port = sites.port;
const get = (path: string, host = `demo.localhost:${port}`, headers: Record<string, string> = {}) => ask(port, path, { host, headers });
const home = (label: string) => siteFiles(label)['index.html'];

describe('site server: the host picks the tenant', () => {
  it.each([
    ['demo.localhost', 'demo'],
    ['acme.localhost', 'acme'],
    ['pesilat.localhost', 'pesilat'],
  ])('%s:<port> shows that tenant', async (name, label) => {
    const res = await get('/', `${name}:${port}`);
    expect(res.status).toBe(200);
    expect(res.text).toBe(home(label));
  });

  it.each(['127.0.0.1:PORT', 'localhost:PORT', 'localhost', '[::1]:PORT'])('%s shows the default tenant (demo)', async (host) => {
    expect((await get('/', host.replace('PORT', String(port)))).text).toBe(home('demo'));
  });

  it('DEFAULT_TENANT picks another default tenant', async () => {
    const res = await ask(acmeDefault.port, '/', { host: `127.0.0.1:${acmeDefault.port}` });
    expect(res.text).toBe(home('acme'));
    expect((await ask(acmeDefault.port, '/', { host: `demo.localhost:${acmeDefault.port}` })).text).toBe(home('demo'));
  });

  it.each(['a.example', 'a.example:8080', 'A.Example', 'b.example:8443'])(
    'a host from the database (%s) shows its tenant',
    async (host) => {
      const res = await get('/About', host);
      expect(res.status).toBe(200);
      expect(res.text).toBe(FILES.acme['About/index.html']);
    },
  );

  it.each(['evil.example', 'nope.localhost:PORT', 'demo.example.id.evil.example', 'example.id'])(
    'an unknown host (%j) gets "Situs tidak ditemukan", never a tenant’s bytes',
    async (host) => {
      for (const path of ['/', '/About', '/_astro/app.123.css', '/robots.txt']) {
        const res = await get(path, host.replace('PORT', String(port)));
        expect(res.status).toBe(404);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.text).toContain('Situs tidak ditemukan');
        for (const label of ['demo', 'acme', 'pesilat', 'tutup']) expect(res.text).not.toContain(`${label}:`);
      }
    },
  );

  it('a request without a Host header (HTTP/1.0) gets "Situs tidak ditemukan"', async () => {
    const socket = connect(port, '127.0.0.1');
    socket.end('GET / HTTP/1.0\r\n\r\n');
    const chunks: Buffer[] = [];
    for await (const chunk of socket) chunks.push(chunk as Buffer);
    const answer = Buffer.concat(chunks).toString();
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    expect(answer).toContain('Situs tidak ditemukan');
  });

  it('behind TRUST_PROXY, X-Forwarded-Host picks the tenant: the value the trusted proxy appended, not what the client wrote', async () => {
    const via = (forwarded: string) =>
      ask(proxied.port, '/', { host: `127.0.0.1:${proxied.port}`, headers: { 'X-Forwarded-Host': forwarded } });
    expect((await via('a.example')).text).toBe(home('acme'));
    // The client wrote demo.localhost; the one trusted proxy appended acme.localhost.
    expect((await via('demo.localhost, acme.localhost')).text).toBe(home('acme'));
    expect((await via('evil.example')).status).toBe(404);
  });

  it('without TRUST_PROXY, X-Forwarded-Host is ignored', async () => {
    const res = await get('/', `127.0.0.1:${port}`, { 'X-Forwarded-Host': 'a.example' });
    expect(res.text).toBe(home('demo'));
  });

  it('a tenant whose first build is not live yet answers 503 "Situs sedang disiapkan" with Retry-After', async () => {
    for (const path of ['/', '/About', '/_astro/app.123.css']) {
      const res = await get(path, 'baru.example');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).toContain('Situs sedang disiapkan');
    }
  });

  it('the server’s own pages carry the security headers too', async () => {
    for (const host of ['evil.example', 'baru.example']) {
      const res = await get('/', host);
      expect(res.headers['x-content-type-options'], host).toBe('nosniff');
      expect(res.headers['x-frame-options'], host).toBe('SAMEORIGIN');
    }
  });
});

describe('site server: /pesilat/… switches to the pesilat host (SPEC §2)', () => {
  it.each([
    [`demo.localhost:PORT`, '/pesilat/x?y=1', '//pesilat.localhost:PORT/x?y=1'],
    [`127.0.0.1:PORT`, '/pesilat/Event/Program?page=2', '//pesilat.localhost:PORT/Event/Program?page=2'],
    [`demo.localhost:PORT`, '/pesilat', '//pesilat.localhost:PORT/'],
    ['demo.example.id', '/pesilat/x?y=1', '//pesilat.example.id/x?y=1'],
  ])('on %s, %s → %s', async (host, path, location) => {
    const res = await get(path, host.replace('PORT', String(port)));
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(location.replace('PORT', String(port)));
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['a.example', '/pesilat/x'],
    ['demo.example.id', '/Pesilat/x'],
    ['demo.example.id', '/pesilatan'],
  ])('on %s, %s is an ordinary (missing) page', async (host, path) => {
    const res = await get(path, host);
    expect(res.status).toBe(404);
    expect(res.headers.location).toBeUndefined();
  });

  // Only a port number may follow the name: `demo.localhost:@evil.example` must not lead to evil.example.
  it.each(['demo.localhost:@evil.example', 'localhost:1@evil.example', 'demo.localhost:80/@evil.example'])(
    'never redirects off the pesilat host, whatever the Host header holds (%s)',
    async (host) => {
      const res = await get('/pesilat/x', host);
      expect(res.status).toBe(302);
      expect(new URL(res.headers.location ?? '', 'http://demo.localhost/').hostname).toBe('pesilat.localhost');
    },
  );
});

describe('site server: what it refuses', () => {
  it('a pesilat site with no public host is reached from local hosts only', async () => {
    const local = await get('/pesilat/x', `acme.localhost:${port}`);
    expect(local.status).toBe(302);
    expect(local.headers.location).toBe(`//silatlokal.localhost:${port}/x`);
    const fromPublic = await get('/pesilat/x', 'a.example');
    expect(fromPublic.status).toBe(404);
    expect(fromPublic.headers.location).toBeUndefined();
  });

  it('answers an absolute-form request line with 400, never a redirect to the host it names', async () => {
    const res = await get('http://evil.example/About/', 'demo.example.id');
    expect(res.status).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });
});

describe('site server: the platform API under /api', () => {
  it.each(['demo.example.id', 'evil.example', 'baru.example', 'tutup.example'])('answers /api/health on %s', async (host) => {
    const res = await get('/api/health', host);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ status: 'ok' });
  });

  it.each(['/api/x', '/api/health/extra', '/api'])('answers unknown %s with a JSON 404, never the HTML page', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.text)).toStrictEqual({ statusCode: 404, message: expect.stringMatching(/\S/) });
  });
});

describe('site server: a build made under maintenance', () => {
  it.each(['/', '/About', '/whatever', '/Blog/7/judul', '/index.html', '/News?page=2'])(
    'answers %s with the maintenance screen (503)',
    async (path) => {
      const res = await get(path, 'tutup.example');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('3600');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
      expect(res.text).toBe(FILES.tutup['index.html']);
    },
  );

  it('still serves the assets the screen needs', async () => {
    const css = await get('/_astro/app.123.css', 'tutup.example', { 'Accept-Encoding': 'br' });
    expect(css.status).toBe(200);
    expect(css.text).toBe(FILES.tutup['_astro/app.123.css.br']);
    expect((await get('/logo.png', 'tutup.example')).status).toBe(200);
  });

  it('keeps missing assets a 404', async () => {
    expect((await get('/_astro/missing.js', 'tutup.example')).status).toBe(404);
  });

  it('keeps signing in open, so staff reach the console to turn maintenance off', async () => {
    const login = await get('/Login', 'tutup.example');
    expect(login.status).toBe(200);
    expect(login.text).toBe(FILES.tutup['Login/index.html']);
    // A page the build does not have is still the screen.
    expect((await get('/CallbackAuth', 'tutup.example')).status).toBe(503);
  });
});
