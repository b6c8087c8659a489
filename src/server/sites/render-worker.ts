import type { ApiAnswer, FromWorker, ToWorker } from './render-protocol';

/**
 * A render worker process: loads one build's on-demand renderer (`<build>/server/entry.mjs`, named by
 * RENDER_ENTRY) and renders the pages the site server asks for over the IPC channel. The build's
 * pages read content through the platform API, which this process reaches through the server (see
 * render-protocol.ts). Ending the process frees everything the build's modules hold, which an
 * imported ES module in the server itself never would.
 */
const entry = process.env.RENDER_ENTRY;
if (!entry || !process.send) throw new Error('render-worker hanya berjalan sebagai proses anak server situs (RENDER_ENTRY, IPC)');
// The server went away (or dropped this worker): nothing left to render for.
process.on('disconnect', () => process.exit(0));

const post = (message: FromWorker) => process.send?.(message);
const calls = new Map<number, (answer: ApiAnswer) => void>();
let nextCall = 1;

/** The platform API as the build's content source sees it (`providePlatformFetch` in src/lib/content/source.ts). */
async function platformFetch(request: Request): Promise<Response> {
  const id = nextCall++;
  const body = request.body ? await request.arrayBuffer() : undefined;
  const answer = await new Promise<ApiAnswer>((resolve) => {
    calls.set(id, resolve);
    post({ type: 'api', id, method: request.method, url: request.url, headers: [...request.headers], body });
  });
  return new Response(answer.status === 204 || answer.status === 304 ? null : answer.body, {
    status: answer.status,
    headers: answer.headers,
  });
}
(globalThis as Record<symbol, unknown>)[Symbol.for('lms.platform-fetch')] = async () => platformFetch;

const renderer = (await import(entry)) as { render(request: Request): Promise<Response> };

process.on('message', async (message: ToWorker) => {
  if (message.type === 'api-answer') {
    calls.get(message.id)?.(message);
    calls.delete(message.id);
    return;
  }
  try {
    const response = await renderer.render(new Request(message.url));
    const body = await response.arrayBuffer();
    post({ type: 'rendered', id: message.id, status: response.status, headers: [...response.headers], body });
  } catch (error) {
    post({ type: 'failed', id: message.id, message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
post({ type: 'ready' });
