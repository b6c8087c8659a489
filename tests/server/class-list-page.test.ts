import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForNode } from '../../scripts/lib/load-ts.mjs';
import { ask, fakeContent, makeDist, rendererSource, siteFiles, startSites, tenantRecord, writeBuild } from './support/fake-sites';

/**
 * /Class with filters (the class browser): the built file is the first page of every
 * class; an address with filters is rendered on demand at its canonical address (class-query.ts),
 * so a shared, reloaded or hand-written address shows the same list and renders it once. Other
 * lists keep their own parameters.
 */
const bundles = join(process.cwd(), 'node_modules/.cache/lms-tests', `class-list-${process.pid}`);
const workerScript = join(bundles, 'render-worker.mjs');
const dist = makeDist();
const FILES = { ...siteFiles('kelas'), 'Class/index.html': '<!doctype html><title>kelas</title><h1>kelas: semua kelas</h1>' };
writeBuild(dist.distRoot, 'kelas', { id: 'b1', files: FILES, renderer: rendererSource('kelas'), live: true });
const content = fakeContent();

let sites: Awaited<ReturnType<typeof startSites>>;
beforeAll(async () => {
  mkdirSync(bundles, { recursive: true });
  await bundleForNode('src/server/sites/render-worker.ts', workerScript);
  sites = await startSites({ distRoot: dist.distRoot, workerScript, records: [tenantRecord('kelas', ['kelas.example'])], content });
});
afterAll(async () => {
  await sites?.close();
  dist.remove();
  rmSync(bundles, { recursive: true, force: true });
});

const get = (path: string) => ask(sites.port, path, { host: 'kelas.example' });
/** What the fake renderer writes for a page rendered at `page` (its `count`-th render). */
const rendered = (page: string, count: number) =>
  `<!doctype html><title>kelas</title><p>kelas (b1) kelas.example${page} render ${count} hog 0</p>`;
const rendersOf = (page: string) => content.reads.get(`kelas getPost ${page}`) ?? 0;

describe('site server: /Class with filters', () => {
  it('renders a filtered list on demand at its canonical address, once for every spelling of it', async () => {
    const canonical = '/Class?search=web+dasar&state=registration&type=bootcamp&page=2';
    const spellings = [
      '/Class?page=2&type=bootcamp&state=registration&search=web%20dasar',
      '/Class?type=bootcamp&search=++web+++dasar+&page=2&state=registration&utm_source=wa',
      '/Class?state=registration&state=running&search=web+dasar&type=bootcamp&page=2&sort=start',
    ];
    for (const path of spellings) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toBe(rendered(canonical, 1));
    }
    expect(rendersOf(canonical)).toBe(1);
  });

  it('renders every filter of the class list, lists sorted', async () => {
    const res = await get('/Class?registrarCity=31.71&heldCity=33.74,32.73&category=2&program=5&program=3&level=mahir&sort=price-desc');
    expect(res.text).toBe(
      rendered('/Class?level=mahir&program=3%2C5&category=2&heldCity=32.73%2C33.74&registrarCity=31.71&sort=price-desc', 1),
    );
  });

  it('answers the built first page when the parameters ask for nothing after all', async () => {
    for (const path of [
      '/Class?page=1',
      '/Class?state=dibuka',
      '/Class?sort=start',
      '/Class?program=abc',
      '/Class?utm_source=wa',
      '/Class?',
    ])
      expect((await get(path)).text, path).toBe(FILES['Class/index.html']);
  });

  it('leaves the other lists to their own parameters', async () => {
    // /News knows page, search and category; a class filter there is no list query at all.
    expect((await get('/News?state=registration')).text).toBe(FILES['News/index.html']);
    expect((await get('/News?search=data&page=2')).text).toBe(rendered('/News?page=2&search=data', 1));
    // And /Class does not take the post lists' category slug.
    expect((await get('/Class?category=berita')).text).toBe(FILES['Class/index.html']);
  });
});
