import { parentPort, workerData } from 'node:worker_threads';
import type { ApiAnswer, FromWorker, ToWorker } from './render-protocol';

/**
 * A render worker: loads one build's on-demand renderer (`<build>/server/entry.mjs`) and renders the
 * pages the site server asks for. The build's pages read content through the platform API, which
 * this worker reaches through the server (see render-protocol.ts). Terminating the worker frees
 * everything the build's modules hold, which an imported ES module in the server itself never would.
 */
const { entry } = workerData as { entry: string };
const port = parentPort;
if (!port) throw new Error('render-worker hanya berjalan sebagai worker thread');

const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
const calls = new Map<number, (answer: ApiAnswer) => void>();
let nextCall = 1;

/** The platform API as the build's content source sees it (`providePlatformFetch` in src/lib/content/source.ts). */
async function platformFetch(request: Request): Promise<Response> {
  const id = nextCall++;
  const body = request.body ? await request.arrayBuffer() : undefined;
  const answer = await new Promise<ApiAnswer>((resolve) => {
    calls.set(id, resolve);
    post({ type: 'api', id, method: request.method, url: request.url, headers: [...request.headers], body }, body ? [body] : []);
  });
  return new Response(answer.status === 204 || answer.status === 304 ? null : answer.body, {
    status: answer.status,
    headers: answer.headers,
  });
}
(globalThis as Record<symbol, unknown>)[Symbol.for('lms.platform-fetch')] = async () => platformFetch;

const renderer = (await import(entry)) as { render(request: Request): Promise<Response> };

port.on('message', async (message: ToWorker) => {
  if (message.type === 'api-answer') {
    calls.get(message.id)?.(message);
    calls.delete(message.id);
    return;
  }
  try {
    const response = await renderer.render(new Request(message.url));
    const body = await response.arrayBuffer();
    post({ type: 'rendered', id: message.id, status: response.status, headers: [...response.headers], body }, [body]);
  } catch (error) {
    post({ type: 'failed', id: message.id, message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
post({ type: 'ready' });
