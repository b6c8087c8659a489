import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, extname } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type ContentSource, type SourceMethod, sourceOver } from '~/lib/content/source';
import type { SiteContext } from '~/lib/tenant/context';
import { COMPRESSIBLE } from './compressible';
import { type FromWorker, readRenderWorkerArgs, type SourceAnswer, type SourceFailure, sourceKey, type ToWorker } from './render-protocol';

/**
 * A render worker process: loads the site renderer (`--entry=<file URL>`, `server/entry.mjs`),
 * configures it with one tenant's context (`--context=<file>`, a build's `context.json`) and a
 * content source that asks the parent process, and renders what the parent asks for over the IPC
 * channel (render-protocol.ts: `renderWorkerArgs`). In a build (`--build`) every answer of the source is kept for the whole build and each page's reads
 * are reported with it (incremental builds re-render a page when what it read changed). Ending the
 * process frees everything the renderer's modules hold, which an imported ES module never would.
 */
const start = readRenderWorkerArgs(process.argv.slice(2));
if (!start || !process.send) {
  throw new Error('render-worker hanya berjalan sebagai proses anak (--entry=<URL renderer>, --context=<context.json>, IPC)');
}
const { entry, contextFile, build: building } = start;
// The parent went away (or dropped this worker): nothing left to render for.
process.on('disconnect', () => process.exit(0));

const post = (message: FromWorker) => process.send?.(message);
const calls = new Map<number, (answer: SourceAnswer) => void>();
let nextCall = 1;
/** The page being rendered (a build renders several at once): what it read, and whether a read failed. */
interface PageRender {
  reads: Set<string>;
  failure?: SourceFailure;
}
const pageRender = new AsyncLocalStorage<PageRender>();
const kept = new Map<string, Promise<unknown>>();

function ask(method: SourceMethod, args: unknown[]): Promise<unknown> {
  const id = nextCall++;
  const page = pageRender.getStore();
  return new Promise((resolve, reject) => {
    calls.set(id, (answer) => {
      if (answer.ok) return resolve(answer.value);
      // The page's loaders may catch this and show a notice; the parent still learns the page is not whole.
      if (page && page.failure !== 'unavailable') page.failure = answer.failure;
      reject(new Error(answer.message));
    });
    post({ type: 'source', id, method, args });
  });
}

function read(method: SourceMethod, args: unknown[]): Promise<unknown> {
  const key = sourceKey(method, args);
  pageRender.getStore()?.reads.add(key);
  if (!building) return ask(method, args);
  let value = kept.get(key);
  if (!value) {
    value = ask(method, args);
    kept.set(key, value);
  }
  return value;
}

const source = sourceOver(read);

const renderer = (await import(entry)) as {
  configure(context: SiteContext, source: ContentSource): void;
  render(request: Request): Promise<Response>;
};
renderer.configure(JSON.parse(readFileSync(contextFile, 'utf8')) as SiteContext, source);

/**
 * Writes a built page with its .br and .gz twins (the server sends them as they are). Brotli at
 * quality 5 and gzip at 6: within a few percent of the smallest on these pages, at a small part of
 * the time (brotli 11 takes ~100 ms a page).
 */
function writePage(file: string, bytes: Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  if (bytes.length < 256 || !COMPRESSIBLE.has(extname(file))) return;
  writeFileSync(`${file}.br`, brotli(bytes));
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 6 }));
}

const brotli = (bytes: Uint8Array) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });

process.on('message', async (message: ToWorker) => {
  if (message.type === 'source-answer') {
    calls.get(message.id)?.(message);
    calls.delete(message.id);
    return;
  }
  const page: PageRender = { reads: new Set<string>() };
  try {
    const response = await pageRender.run(page, () =>
      renderer.render(new Request(message.url, message.type === 'render' ? { headers: message.headers ?? [] } : undefined)),
    );
    const body = await response.arrayBuffer();
    if (message.type === 'render') {
      // Compressed here, in this lower-priority process, rather than on the server's threads (as the page cache would).
      const bytes = new Uint8Array(body);
      const compress = bytes.length > 1024 && !page.failure;
      post({
        type: 'rendered',
        id: message.id,
        status: response.status,
        headers: [...response.headers],
        body,
        br: compress ? brotli(bytes) : undefined,
        gzip: compress ? gzipSync(bytes, { level: 6 }) : undefined,
        sourceFailure: page.failure,
      });
      return;
    }
    if (response.status === message.expect) writePage(message.file, new Uint8Array(body));
    post({ type: 'built', id: message.id, status: response.status, reads: [...page.reads] });
  } catch (error) {
    post({
      type: 'failed',
      id: message.id,
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      sourceFailure: page.failure,
    });
  }
});
post({ type: 'ready' });
