// Lighthouse (mobile, its default) on pages of one built tenant (TENANT or --tenant, default demo):
// starts the real server on loopback with a throwaway database and Debian's Chromium, audits the home
// page, /News and the newest news post, and the catalogue's /Class, the first class page it links,
// the first chapter of the first free course and /BelajarBersama; prints each category's score.
// `npm run audit:lighthouse`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { tenantArgs } from './lib/args.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from './lib/chromium.mjs';
import { scriptConfig } from './lib/config.mjs';

const root = new URL('..', import.meta.url).pathname;
const { tenant } = tenantArgs((await scriptConfig()).tenant ?? 'demo');
const port = 4600 + Math.floor(Math.random() * 300);
const debugPort = 9300 + Math.floor(Math.random() * 300);
const origin = `http://127.0.0.1:${port}`;

/** Polls a URL until it answers, for at most `seconds`. */
async function waitFor(url, seconds) {
  for (let tries = 0; tries < seconds * 5; tries++) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} tidak menjawab dalam ${seconds} detik`);
}

const server = spawn(process.execPath, [join(root, 'dist/_server/main.mjs')], {
  env: { ...process.env, DEFAULT_TENANT: tenant, PORT: String(port), HOST: '127.0.0.1', PGLITE_DIR: 'memory://', DATABASE_URL: '' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const profile = mkdtempSync(join(tmpdir(), 'lighthouse-'));
const browser = spawn(
  CHROMIUM,
  ['--headless=new', ...CHROMIUM_ARGS, `--user-data-dir=${profile}`, `--remote-debugging-port=${debugPort}`, 'about:blank'],
  { stdio: 'ignore' },
);

try {
  await waitFor(`${origin}/api/health`, 60);
  await waitFor(`http://127.0.0.1:${debugPort}/json/version`, 30);
  const news = await (await fetch(`${origin}/News`)).text();
  const post = /content-card__title[^>]*><a href="([^"]+)"/.exec(news)?.[1];
  /** The first link on `page` whose address matches `pattern` (a page's links are its own HTML). */
  const firstLink = async (page, pattern) => {
    const html = await (await fetch(`${origin}${page}`)).text();
    return [...html.matchAll(/href="([^"#?]+)"/g)].map((match) => match[1]).find((href) => pattern.test(href));
  };
  const classPage = await firstLink('/Class', /^\/Class\/(?!Competence\/)[^/]+$/);
  const course = await firstLink('/Courses', /^\/Courses\/(?!@Premium)[^/]+$/);
  const chapter = course && (await firstLink(course, /\/chapter\/[^/]+$/));
  const paths = ['/', '/News', ...(post ? [post] : []), '/Class', classPage, chapter, '/BelajarBersama'].filter(Boolean);
  const rows = [];
  for (const path of paths) {
    const result = await lighthouse(`${origin}${path}`, { port: debugPort, output: 'json', logLevel: 'error' });
    const categories = result?.lhr.categories ?? {};
    const score = (name) => Math.round((categories[name]?.score ?? 0) * 100);
    rows.push({
      page: path,
      accessibility: score('accessibility'),
      'best practices': score('best-practices'),
      seo: score('seo'),
      performance: score('performance'),
      // The metrics behind the performance score, so a low one says where the time goes.
      'FCP ms': Math.round(result?.lhr.audits['first-contentful-paint']?.numericValue ?? 0),
      'LCP ms': Math.round(result?.lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      'TBT ms': Math.round(result?.lhr.audits['total-blocking-time']?.numericValue ?? 0),
      CLS: Number((result?.lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    });
    if (score('performance') < 95) {
      const lcp = result?.lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet;
      if (lcp) console.log(`  ${path}: elemen LCP — ${lcp}`);
      for (const shift of result?.lhr.audits['layout-shifts']?.details?.items ?? [])
        console.log(`  ${path}: pergeseran tata letak ${shift.score?.toFixed(3)} — ${shift.node?.snippet ?? '?'}`);
    }
    const failed = Object.values(result?.lhr.audits ?? {}).filter(
      (audit) =>
        audit.score !== null && audit.score < 1 && result.lhr.categories.accessibility.auditRefs.some((ref) => ref.id === audit.id),
    );
    for (const audit of failed) console.log(`  ${path}: aksesibilitas — ${audit.id}: ${audit.title}`);
  }
  console.log(`Lighthouse (mobile) untuk tenant ${tenant}:`);
  console.table(rows);
} finally {
  server.kill();
  // Chromium writes to its profile until it has exited.
  await new Promise((resolve) => {
    browser.once('exit', resolve);
    browser.kill();
  });
  rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
}
