import { describe, expect, it, vi } from 'vitest';
import { type ChatLine, RESPONSE_STREAM_ERROR } from '~/contract/chat';
import { chatMessages, deleteConversation, identityLogin, identityMe, streamChat } from '~/lib/api/chat';
import { ApiRequestError } from '~/lib/api/errors';
import { CHAT_TOKEN, CONVERSATION, chatClient, chatLine, loginAnswer, ndjsonAnswer } from './chat-fakes';
import { json } from './fakes';

const REQUEST = { workspace_id: 'nusantara', query: 'Kapan kelas dimulai?' };

/** Streams an answer given by `answer` and collects its lines. */
async function collect(answer: (signal: AbortSignal) => Response) {
  const { client, requests } = chatClient((request) => answer(request.signal));
  const lines: ChatLine[] = [];
  await streamChat(client, CHAT_TOKEN, REQUEST, { onLine: (line) => lines.push(line) });
  return { lines, requests };
}

describe('identity (SPEC §4 "Identity")', () => {
  it('logs in with the main services’ headers: app token, lms id and the site’s sign-in', async () => {
    const { client, requests } = chatClient(() => loginAnswer(), { appToken: 'DEMO.app', lmsId: 'lms-1', accessToken: 'akses' });
    const identity = await identityLogin(client);
    expect(identity.token).toBe(CHAT_TOKEN);
    expect(identity.user.workspace_id).toBe('nusantara');
    const [login] = requests;
    expect(login?.method).toBe('POST');
    expect(login?.path).toBe('/api/ai/v1/identity/login');
    expect(login?.headers.get('AppToken')).toBe('DEMO.app');
    expect(login?.headers.get('lmsId')).toBe('lms-1');
    expect(login?.headers.get('Authorization')).toBe('Bearer akses');
    expect(login?.body).toEqual({});
  });

  it('asks who a token is with that token alone, and reports a 401 as the API’s error', async () => {
    const { client, requests } = chatClient((request) =>
      request.headers.get('Authorization') === `Bearer ${CHAT_TOKEN}`
        ? json(200, { statusCode: 200, message: 'Berhasil', data: { id: 'g1', kind: 'guest', name: null, workspace_id: 'nusantara' } })
        : json(401, { statusCode: 401, message: 'Token obrolan tidak valid atau sudah kedaluwarsa; masuk kembali' }),
    );
    client.setCredentials({ appToken: 'DEMO.app', accessToken: 'akses' });
    expect((await identityMe(client, CHAT_TOKEN)).kind).toBe('guest');
    expect(requests[0]?.headers.get('AppToken')).toBeNull();
    const refused = await identityMe(client, 'lain').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiRequestError);
    expect(refused).toMatchObject({ statusCode: 401, message: expect.stringContaining('masuk kembali') });
  });
});

describe('conversations', () => {
  it('reads a page of messages and deletes a conversation with the chat token', async () => {
    const page = { id: CONVERSATION, title: 'Kapan', items: [], page: 2, perPage: 50, totalItems: 0, totalPages: 1 };
    const { client, requests } = chatClient((request) =>
      request.method === 'DELETE'
        ? json(200, { statusCode: 200, message: 'Percakapan dihapus', data: { id: CONVERSATION } })
        : json(200, { statusCode: 200, message: 'Berhasil', data: page }),
    );
    expect(await chatMessages(client, CHAT_TOKEN, CONVERSATION, { page: 2, perPage: 50 })).toEqual(page);
    await deleteConversation(client, CHAT_TOKEN, CONVERSATION);
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET /api/ai/v1/conversations/${CONVERSATION}/messages`,
      `DELETE /api/ai/v1/conversations/${CONVERSATION}`,
    ]);
    expect(requests.every((request) => request.headers.get('Authorization') === `Bearer ${CHAT_TOKEN}`)).toBe(true);
  });
});

describe('streamChat: the answer as it streams (SPEC §4 "Chat stream")', () => {
  it('posts the request with the chat token and hands over each line in order', async () => {
    const { lines, requests } = await collect((signal) =>
      ndjsonAnswer(
        [
          chatLine({ text: 'Kelas ' }),
          `${chatLine({ text: 'dimulai' }).slice(0, 20)}`,
          chatLine({ text: 'dimulai' }).slice(20),
          chatLine({ done: true, sources: [{ title: 'Kelas', url: '/Class/JS-DASAR-11' }], grounded: true }),
        ],
        signal,
      ),
    );
    expect(requests[0]?.path).toBe('/api/ai/v2/chat');
    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${CHAT_TOKEN}`);
    expect(requests[0]?.body).toEqual(REQUEST);
    expect(lines.map((line) => line.text).join('')).toBe('Kelas dimulai');
    expect(lines.at(-1)).toMatchObject({ done: true, grounded: true, sources: [{ title: 'Kelas', url: '/Class/JS-DASAR-11' }] });
  });

  it('keeps a character whose bytes arrive in two chunks whole', async () => {
    const bytes = new TextEncoder().encode(chatLine({ text: 'Sampai jumpa 👋' }));
    const cut = bytes.length - 5; // inside the emoji's four bytes
    const { lines } = await collect((signal) => ndjsonAnswer([bytes.slice(0, cut), bytes.slice(cut)], signal));
    expect(lines.map((line) => line.text)).toEqual(['Sampai jumpa 👋']);
  });

  it('takes a last line without a newline, and skips (and logs) a line that is not a chat line', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { lines } = await collect((signal) =>
      ndjsonAnswer([chatLine({ text: 'A' }), '{"rusak":\n', '{"id":"x"}\n', chatLine({ text: 'B', done: true }).trim()], signal),
    );
    expect(lines.map((line) => line.text)).toEqual(['A', 'B']);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('throws "Response stream error" for an answer without a body (SPEC §5)', async () => {
    const error = await collect(() => new Response(null, { status: 200 })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(RESPONSE_STREAM_ERROR);
  });

  it('throws the API’s error for a refusal before the stream, with Retry-After on a 429', async () => {
    const busy = () =>
      new Response(JSON.stringify({ statusCode: 429, message: 'Terlalu banyak pertanyaan. Coba lagi nanti' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '120' },
      });
    const error = await collect(busy).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ statusCode: 429, message: 'Terlalu banyak pertanyaan. Coba lagi nanti', retryAfterSeconds: 120 });
  });

  it('rejects with the abort when the signal stops the answer midway', async () => {
    const { client } = chatClient((request) => ndjsonAnswer([chatLine({ text: 'Sebagian' })], request.signal, { hold: true }));
    const stop = new AbortController();
    const lines: ChatLine[] = [];
    const streaming = streamChat(client, CHAT_TOKEN, REQUEST, {
      signal: stop.signal,
      onLine(line) {
        lines.push(line);
        stop.abort();
      },
    });
    await expect(streaming).rejects.toMatchObject({ name: 'AbortError' });
    expect(lines.map((line) => line.text)).toEqual(['Sebagian']);
  });
});
