// Benchmark of the static site of one tenant (TENANT or --tenant, default demo; build it first):
// bytes of HTML and JavaScript per page (raw and brotli), then requests per second for a page and a
// hashed asset from the real server on loopback (bounded: 3,000 requests, 32 at a time).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { tenantArgs } from './lib/args.mjs';
import { throughput } from './lib/throughput.mjs';

const root = new URL('..', import.meta.url).pathname;
const { tenant } = tenantArgs();
// The tenant's live build (dist/<code>/live.json, see src/server/sites/build-layout.ts).
const live = JSON.parse(readFileSync(join(root, 'dist', tenant, 'live.json'), 'utf8')).build;
const client = join(root, 'dist', tenant, 'builds', live, 'client');
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const pages = readdirSync(client, { recursive: true })
  .filter((file) => file.endsWith('.html'))
  .map((file) => {
    const html = readFileSync(join(client, file), 'utf8');
    const inlineJs = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('');
    const externalJs = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => statSync(join(client, m[1])).size);
    return {
      page: `/${relative(client, join(client, file)).replace(/(^|\/)index\.html$/, '')}`,
      html: html.length,
      htmlBr: brotliCompressSync(html).length,
      js: inlineJs.length + externalJs.reduce((a, b) => a + b, 0),
      jsBr: inlineJs ? brotliCompressSync(inlineJs).length : 0,
    };
  })
  .sort((a, b) => a.page.localeCompare(b.page));

console.log(`Tenant ${tenant}: ${pages.length} pages`);
console.table(pages.map((p) => ({ page: p.page, html: kb(p.html), 'html br': kb(p.htmlBr), js: kb(p.js), 'js br': kb(p.jsBr) })));

const port = 4600 + Math.floor(Math.random() * 300);
const server = spawn(process.execPath, [join(root, 'dist/_server/main.mjs')], {
  env: { ...process.env, DEFAULT_TENANT: tenant, PORT: String(port), HOST: '127.0.0.1' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve) => server.stdout.once('data', resolve));

/** Throughput of one path, asking for brotli as a browser does. */
const measure = async (path) => ({
  path,
  ...(await throughput(`http://127.0.0.1:${port}${path}`, { headers: { 'Accept-Encoding': 'br' } })),
});

const asset = /href="(\/_astro\/[^"]+\.css)"/.exec(readFileSync(join(client, 'About/index.html'), 'utf8'))?.[1];
const results = [await measure('/About'), await measure(asset), await measure('/tidak-ada')];
console.table(results);
server.kill();
