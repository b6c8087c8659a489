import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentSource } from '~/lib/content/source';
import type { FromWorker, ToWorker } from '~/server/sites/render-protocol';
import { renderWorkerArgs, sourceKey } from '~/server/sites/render-protocol';
import { bundleForNode } from '../../scripts/lib/load-ts.mjs';
import { fakeContent } from './support/fake-sites';

/**
 * A render process as its parent drives it: it configures the site renderer with the build's
 * context, asks its parent for content over the IPC channel, and, in a build, writes each page and
 * reports what the page read, asking the parent once per distinct read for the whole build.
 */
const dir = mkdtempSync(join(tmpdir(), 'lms-render-worker-'));
const workerScript = join(dir, 'render-worker.mjs');
const entry = join(dir, 'server', 'entry.mjs');
const contextFile = join(dir, 'context.json');

/** A renderer reading the navigation's sections and its page's post; a post the source lacks is a 404. */
const ENTRY = `let context;
let source;
export function configure(given, contentSource) {
  context = given;
  source = contentSource;
}
export async function render(request) {
  const page = new URL(request.url).pathname;
  const sections = await source.sections();
  const post = await source.getPost({ kindSlug: 'news', slug: page });
  if (!post) return new Response('tidak ada', { status: 404 });
  return new Response(context.title + ' ' + sections.join(',') + ' ' + page + ' #' + post.views, { headers: { 'set-cookie': 'x=1' } });
}
`;

beforeAll(async () => {
  mkdirSync(join(dir, 'server'), { recursive: true });
  writeFileSync(entry, ENTRY);
  writeFileSync(contextFile, JSON.stringify({ title: 'Kabar Nusantara' }));
  await bundleForNode('src/server/sites/render-worker.ts', workerScript);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A started worker answering source calls from `source`, with every message it sent. */
function start(source: ContentSource, mode?: 'build') {
  const child = fork(workerScript, renderWorkerArgs({ entry: pathToFileURL(entry).href, contextFile, build: mode === 'build' }), {
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const asked: string[] = [];
  const waiting = new Map<number, (message: FromWorker) => void>();
  const ready = new Promise<void>((resolve) => {
    child.on('message', (message: FromWorker) => {
      if (message.type === 'ready') return resolve();
      if (message.type === 'source') {
        asked.push(sourceKey(message.method, message.args));
        const call = (source[message.method] as (...args: unknown[]) => Promise<unknown>)(...message.args);
        call.then(
          (value) => send(child, { type: 'source-answer', id: message.id, ok: true, value }),
          (error: Error) =>
            send(child, { type: 'source-answer', id: message.id, ok: false, message: error.message, failure: 'unavailable' }),
        );
        return;
      }
      waiting.get(message.id)?.(message);
    });
  });
  const request = (message: ToWorker & { id: number }) =>
    new Promise<FromWorker>((resolve) => {
      waiting.set(message.id, resolve);
      send(child, message);
    });
  return { child, asked, ready, request };
}
const send = (child: ChildProcess, message: ToWorker) => child.connected && child.send(message);
const stop = (child: ChildProcess) => child.connected && child.disconnect();

describe('render worker: a live build’s pages', () => {
  it('renders a page with the build’s context and the content its parent gives, asking for every read', async () => {
    const content = fakeContent();
    const worker = start(await content.contentSource('kabar'));
    try {
      await worker.ready;
      const first = await worker.request({ type: 'render', id: 1, url: 'https://kabar.example/News/kabar-baru' });
      expect(first).toMatchObject({ type: 'rendered', id: 1, status: 200 });
      expect(first.type === 'rendered' && Buffer.from(first.body).toString()).toBe('Kabar Nusantara news /News/kabar-baru #1');
      expect(first.type === 'rendered' && first.headers).toContainEqual(['set-cookie', 'x=1']);
      // The server keeps answers (ContentReads); the worker itself asks every time.
      await worker.request({ type: 'render', id: 2, url: 'https://kabar.example/News/kabar-baru' });
      expect(worker.asked.filter((key) => key === 'sections[]')).toHaveLength(2);
      const missing = await worker.request({ type: 'render', id: 3, url: 'https://kabar.example/News/tidak-ada' });
      expect(missing).toMatchObject({ type: 'rendered', status: 404 });
    } finally {
      stop(worker.child);
    }
  });

  it('fails the page, with the source’s message, when the source fails', async () => {
    const content = fakeContent();
    const worker = start(await content.contentSource('kabar'));
    try {
      await worker.ready;
      content.outage = true;
      const failed = await worker.request({ type: 'render', id: 1, url: 'https://kabar.example/News/x' });
      expect(failed).toMatchObject({ type: 'failed', id: 1, message: expect.stringContaining('Basis data tidak tersedia') });
      content.outage = false;
      expect(await worker.request({ type: 'render', id: 2, url: 'https://kabar.example/News/x' })).toMatchObject({ status: 200 });
    } finally {
      stop(worker.child);
    }
  });
});

describe('render worker: a build’s pages (RENDER_MODE=build)', () => {
  it('writes each page, reports what it read, and asks once per distinct read for the whole build', async () => {
    const content = fakeContent();
    const worker = start(await content.contentSource('kabar'), 'build');
    const out = join(dir, 'client');
    try {
      await worker.ready;
      const pages = ['/News/satu', '/News/dua', '/News/satu'];
      const answers = await Promise.all(
        pages.map((page, index) =>
          worker.request({
            type: 'build-page',
            id: index + 1,
            url: `https://build.invalid${page}`,
            file: join(out, `${index}.html`),
            expect: 200,
          }),
        ),
      );
      expect(answers.map((answer) => answer.type === 'built' && [answer.status, [...answer.reads].sort()])).toEqual(
        pages.map((page) => [200, [sourceKey('getPost', [{ kindSlug: 'news', slug: page }]), sourceKey('sections', [])]]),
      );
      expect(readFileSync(join(out, '0.html'), 'utf8')).toBe('Kabar Nusantara news /News/satu #1');
      // The second render of /News/satu used the answer kept for the build.
      expect(readFileSync(join(out, '2.html'), 'utf8')).toBe('Kabar Nusantara news /News/satu #1');
      expect([...worker.asked].sort()).toEqual(
        [
          sourceKey('getPost', [{ kindSlug: 'news', slug: '/News/dua' }]),
          sourceKey('getPost', [{ kindSlug: 'news', slug: '/News/satu' }]),
          sourceKey('sections', []),
        ].sort(),
      );
    } finally {
      stop(worker.child);
    }
  });

  it('writes a page only when it has the status the build expects', async () => {
    const content = fakeContent();
    const worker = start(await content.contentSource('kabar'), 'build');
    const file = join(dir, 'client', 'tidak-ada.html');
    try {
      await worker.ready;
      const answer = await worker.request({ type: 'build-page', id: 1, url: 'https://build.invalid/News/tidak-ada', file, expect: 200 });
      expect(answer).toMatchObject({ type: 'built', status: 404 });
      expect(existsSync(file)).toBe(false);
      const notFound = await worker.request({ type: 'build-page', id: 2, url: 'https://build.invalid/News/tidak-ada', file, expect: 404 });
      expect(notFound).toMatchObject({ type: 'built', status: 404 });
      expect(readFileSync(file, 'utf8')).toBe('tidak ada');
    } finally {
      stop(worker.child);
    }
  });
});

describe('render worker: started wrongly', () => {
  it('refuses to start without a build context', async () => {
    const child = fork(workerScript, renderWorkerArgs({ entry: pathToFileURL(entry).href, contextFile: '', build: false }), {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).not.toBe(0);
    expect(stderr).toContain('--context=');
  });
});
