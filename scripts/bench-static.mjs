// Benchmark of the static site of one tenant (TENANT or --tenant, default demo; build it first):
// bytes of HTML and JavaScript per page (raw and brotli), the gzip JavaScript each page loads (its
// scripts and islands with every module they import statically), per React island and per page
// kind (islands README "Size budget"), then requests per second for a page and a hashed asset from
// the real server on loopback (bounded: 3,000 requests, 32 at a time).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { tenantArgs } from './lib/args.mjs';
import { scriptConfig } from './lib/config.mjs';
import { throughput } from './lib/throughput.mjs';

const root = new URL('..', import.meta.url).pathname;
const { tenant } = tenantArgs((await scriptConfig()).tenant ?? 'demo');
// The tenant's live build (dist/<code>/live.json, see src/server/sites/build-layout.ts).
const live = JSON.parse(readFileSync(join(root, 'dist', tenant, 'live.json'), 'utf8')).build;
const client = join(root, 'dist', tenant, 'builds', live, 'client');
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** The site-relative module files `file` imports statically (`import … from "./x.js"`, `import "./x.js"`, re-exports). */
function staticImports(file) {
  const code = readFileSync(join(client, file), 'utf8');
  const found = [...code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)];
  return found.map((match) => join(dirname(file), match[1]));
}

/** `entries` (site paths such as `/_astro/x.js`) and every module they import statically, as files below the client root. */
function moduleClosure(entries) {
  const seen = new Set();
  const queue = entries.map((entry) => entry.replace(/^\//, ''));
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

/** Gzip bytes of the files, each compressed on its own as the server sends them. */
const gzipOf = (files) => [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(client, file))).length, 0);
/** Inline scripts that run (classic and module; not JSON or speculation rules). */
const inlineScripts = (html) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="(?!module")[^"]*")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).filter(Boolean);
/** The islands of a page: name, component and renderer. */
const islandsOf = (html) =>
  [...html.matchAll(/<astro-island\b[^>]*>/g)].map((tag) => ({
    name: /component-url="\/_astro\/([^.]+)\./.exec(tag[0])?.[1] ?? '?',
    component: /component-url="([^"]+)"/.exec(tag[0])?.[1],
    renderer: /renderer-url="([^"]+)"/.exec(tag[0])?.[1],
  }));

const pages = readdirSync(client, { recursive: true })
  .filter((file) => file.endsWith('.html'))
  .map((file) => {
    const html = readFileSync(join(client, file), 'utf8');
    const inlineJs = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('');
    const externalJs = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => statSync(join(client, m[1])).size);
    const islands = islandsOf(html);
    const modules = moduleClosure([
      ...[...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]),
      ...islands.flatMap((island) => [island.component, island.renderer].filter(Boolean)),
    ]);
    return {
      islands,
      modules,
      jsGz: gzipOf(modules) + inlineScripts(html).reduce((sum, code) => sum + gzipSync(code).length, 0),
      page: `/${relative(client, join(client, file)).replace(/(^|\/)index\.html$/, '')}`,
      html: html.length,
      htmlBr: brotliCompressSync(html).length,
      js: inlineJs.length + externalJs.reduce((a, b) => a + b, 0),
      jsBr: inlineJs ? brotliCompressSync(inlineJs).length : 0,
    };
  })
  .sort((a, b) => a.page.localeCompare(b.page));

console.log(`Tenant ${tenant}: ${pages.length} pages`);
console.table(
  pages.map((p) => ({
    page: p.page,
    html: kb(p.html),
    'html br': kb(p.htmlBr),
    js: kb(p.js),
    'js br': kb(p.jsBr),
    'js gz (all)': kb(p.jsGz),
  })),
);

// Per island: its component and renderer with everything they import, and what it adds to a page's own script.
const about = pages.find((p) => p.page === '/About') ?? pages.find((p) => p.islands.length === 0);
const islands = new Map();
for (const p of pages) for (const island of p.islands) if (!islands.has(island.name)) islands.set(island.name, { island, page: p.page });
console.log('\nReact islands (gzip JavaScript, each module compressed on its own):');
console.table(
  [...islands.values()].map(({ island, page }) => {
    const own = moduleClosure([island.component, island.renderer].filter(Boolean));
    const extra = [...own].filter((file) => !about?.modules.has(file));
    return { island: island.name, page, 'island + imports': kb(gzipOf(own)), 'beyond the page script': kb(gzipOf(extra)) };
  }),
);
console.log('Total gzip JavaScript per page kind:');
console.table([
  ...(about ? [{ kind: `content page (${about.page})`, 'js gz': kb(about.jsGz) }] : []),
  ...pages
    .filter((p) => p.islands.length > 0)
    .map((p) => ({ kind: `island page ${p.page} (${p.islands.map((i) => i.name).join(', ')})`, 'js gz': kb(p.jsGz) })),
]);

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
