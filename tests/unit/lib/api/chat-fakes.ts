import { CHAT_HEADERS, NDJSON } from '~/contract/chat';
import { createApiClient } from '~/lib/api/client';
import { json, SITE } from './fakes';

/** The AI chat's base on the fake site. */
export const AI = `${SITE}/api/ai/`;
export const CHAT_TOKEN = 'c'.repeat(43);
export const CONVERSATION = '0b7a6a52-94a8-4c39-9a0f-4a6c1d1f0d11';

/** A request as the fake chat service saw it, with the signal that aborts it. */
export interface ChatSeen {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
  signal: AbortSignal;
}

/** What identity login answers: a guest of workspace `nusantara` for a day. */
export function loginAnswer(token = CHAT_TOKEN, kind: 'guest' | 'account' = 'guest') {
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  const user = { id: `id-${token.slice(0, 4)}`, kind, name: null, workspace_id: 'nusantara' };
  return json(201, { statusCode: 201, message: 'Berhasil masuk ke asisten', data: { token, expires_at: expires, user } });
}

/** One chat line as the service writes it. */
export const chatLine = (fields: Record<string, unknown>, messageId = 'm-1', id = CONVERSATION) =>
  `${JSON.stringify({ id, message_id: messageId, text: '', ...fields })}\n`;

/**
 * An NDJSON answer: `chunks` one read each, then the end; `hold` keeps the stream open (until the
 * request is aborted), `fail` breaks it off with a network error after the chunks.
 */
export function ndjsonAnswer(
  chunks: (string | Uint8Array)[],
  signal: AbortSignal,
  options: { hold?: boolean; fail?: boolean; ids?: { conversation: string; message: string } } = {},
) {
  const encoder = new TextEncoder();
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // As a browser's fetch does: an aborted request errors its body with the abort reason.
      signal.addEventListener('abort', () => controller.error(signal.reason), { once: true });
    },
    pull(controller) {
      const chunk = chunks[next++];
      if (chunk !== undefined) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      else if (options.fail) controller.error(new TypeError('network error'));
      else if (options.hold) return new Promise<void>(() => undefined);
      else controller.close();
      return undefined;
    },
  });
  const ids = options.ids ? { [CHAT_HEADERS.conversation]: options.ids.conversation, [CHAT_HEADERS.message]: options.ids.message } : {};
  return new Response(body, { status: 200, headers: { 'Content-Type': NDJSON, ...ids } });
}

/** A client of the fake site whose requests `handler` answers; every request is kept. */
export function chatClient(handler: (request: ChatSeen) => Response | Promise<Response>, credentials = {}) {
  const requests: ChatSeen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    const seen = {
      method: request.method,
      path: new URL(request.url).pathname,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
      signal: init?.signal ?? new AbortController().signal,
    };
    requests.push(seen);
    return handler(seen);
  };
  const client = createApiClient({ bases: { ai: AI, main: `${SITE}/api/` }, fetch: fetch as typeof globalThis.fetch, credentials });
  return { client, requests };
}
