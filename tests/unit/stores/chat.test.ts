import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESPONSE_STREAM_ERROR } from '~/contract/chat';
import { STORAGE_KEYS } from '~/contract/constants';
import type { StorageLike } from '~/lib/api/app-start';
import { CHAT_BROKEN_OFF } from '~/lib/chat/messages';
import { CONVERSATION_GONE, sendChat, stopChat } from '~/stores/chat';
import { newConversation, removeConversation, startChat } from '~/stores/chat-conversations';
import { $chatConversation, $chatConversations, $chatHistory, $chatNotice, $chatStreaming, $chatTurns } from '~/stores/chat-state';
import { CHAT_TOKEN, type ChatSeen, CONVERSATION, chatClient, chatLine, loginAnswer, ndjsonAnswer } from '../lib/api/chat-fakes';
import { json, memoryStorage } from '../lib/api/fakes';

const OTHER_TOKEN = 'd'.repeat(43);
const ANSWER = [
  chatLine({ text: 'Kelas JavaScript Dasar ' }),
  chatLine({ text: 'dimulai 12 Januari.' }),
  chatLine({ done: true, grounded: true, sources: [{ title: 'JavaScript Dasar untuk Pemula', url: '/Class/JS-DASAR-11' }] }),
];
const noMessages = {
  statusCode: 200,
  message: 'Berhasil',
  data: { id: CONVERSATION, title: '', items: [], page: 1, perPage: 50, totalItems: 0, totalPages: 0 },
};

/** A chat service: login, and each question answered by `answer` (default: ANSWER in full). */
function service(answer: (request: ChatSeen, asked: number) => Response = (request) => ndjsonAnswer(ANSWER, request.signal)) {
  let asked = 0;
  return chatClient((request) => {
    if (request.path.endsWith('/identity/login')) return loginAnswer();
    if (request.path.endsWith('/v2/chat')) return answer(request, ++asked);
    if (request.path.endsWith('/messages')) return json(200, noMessages);
    return json(404, { statusCode: 404, message: 'Percakapan tidak ditemukan' });
  });
}

function start(fake = service(), storage: StorageLike = memoryStorage()) {
  void startChat({ client: fake.client, storage, workspace: 'nusantara' });
  return { ...fake, storage };
}

const paths = (requests: ChatSeen[]) => requests.map((request) => request.path.replace('/api/ai/', ''));

beforeEach(() => {
  stopChat();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('sendChat: a question and its streamed answer (SPEC §4)', () => {
  it('logs in on the first question, streams the answer into a turn and names the conversation', async () => {
    const { requests, storage } = start();
    await sendChat('  Kapan kelas JavaScript Dasar dimulai?  ');
    expect(paths(requests)).toEqual(['v1/identity/login', 'v2/chat']);
    expect(requests[1]?.body).toEqual({ workspace_id: 'nusantara', query: 'Kapan kelas JavaScript Dasar dimulai?' });
    expect($chatTurns.get()).toEqual([
      expect.objectContaining({
        query: 'Kapan kelas JavaScript Dasar dimulai?',
        answer: 'Kelas JavaScript Dasar dimulai 12 Januari.',
        state: 'complete',
        messageId: 'm-1',
        sources: [{ title: 'JavaScript Dasar untuk Pemula', url: '/Class/JS-DASAR-11' }],
      }),
    ]);
    expect($chatStreaming.get()).toBe(false);
    expect($chatConversation.get()).toBe(CONVERSATION);
    // Kept with the sign-in it was issued under (none: a guest).
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.chatIdentity) ?? '{}')).toMatchObject({ identity: { token: CHAT_TOKEN }, signIn: null });

    // The next question goes on with the conversation, with the token already held.
    await sendChat('Berapa biayanya?');
    expect(paths(requests)).toEqual(['v1/identity/login', 'v2/chat', 'v2/chat']);
    expect(requests[2]?.body).toMatchObject({ conversation_id: CONVERSATION });
  });

  it('saves the first reply with ids once to the local history, then its final text', async () => {
    const { storage } = start();
    const seen: string[][] = [];
    const unbind = $chatHistory.listen((entries) => seen.push(entries.map((entry) => entry.bot_message)));
    await sendChat('Kapan kelas JavaScript Dasar dimulai?');
    unbind();
    const [entry, ...more] = $chatHistory.get();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      conversation_id: CONVERSATION,
      message_id: 'm-1',
      user_message: 'Kapan kelas JavaScript Dasar dimulai?',
      bot_message: 'Kelas JavaScript Dasar dimulai 12 Januari.',
    });
    // Written twice (the first reply, then the final text), never a second entry.
    expect(seen).toEqual([['Kelas JavaScript Dasar '], ['Kelas JavaScript Dasar dimulai 12 Januari.']]);
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.chatHistory) ?? '[]')).toEqual([entry]);
  });

  it('survives a reload: history and conversation come back from storage', async () => {
    const { storage } = start();
    await sendChat('Kapan kelas JavaScript Dasar dimulai?');
    $chatTurns.set([]);
    $chatHistory.set([]);
    $chatConversation.set(undefined);

    const reloaded = service((request) => ndjsonAnswer(ANSWER, request.signal));
    await startChat({ client: reloaded.client, storage, workspace: 'nusantara' });
    expect($chatConversation.get()).toBe(CONVERSATION);
    expect($chatConversations.get()).toEqual([
      expect.objectContaining({ id: CONVERSATION, title: 'Kapan kelas JavaScript Dasar dimulai?' }),
    ]);
    // The stored token is used for the service's copy; no second login.
    expect(paths(reloaded.requests)).toEqual([`v1/conversations/${CONVERSATION}/messages`]);
  });

  it('a new question aborts the running answer, which stops silently with its partial text', async () => {
    const { requests } = start(
      service((request, asked) =>
        asked === 1
          ? ndjsonAnswer([chatLine({ text: 'Jawaban pertama…' })], request.signal, { hold: true })
          : ndjsonAnswer(ANSWER, request.signal),
      ),
    );
    const first = sendChat('Pertanyaan pertama');
    await vi.waitFor(() => expect($chatTurns.get()[0]?.answer).toBe('Jawaban pertama…'));
    expect($chatStreaming.get()).toBe(true);
    const second = sendChat('Pertanyaan kedua');
    expect(requests.find((request) => request.path.endsWith('/v2/chat'))?.signal.aborted).toBe(true);
    await Promise.all([first, second]);
    const [stopped, answered] = $chatTurns.get();
    expect(stopped).toMatchObject({ answer: 'Jawaban pertama…', state: 'stopped', notice: undefined });
    expect(answered).toMatchObject({ state: 'complete', answer: 'Kelas JavaScript Dasar dimulai 12 Januari.' });
    expect(console.error).not.toHaveBeenCalled();
  });

  it('stopChat stops the answer there, without an error', async () => {
    start(service((request) => ndjsonAnswer([chatLine({ text: 'Sebagian' })], request.signal, { hold: true })));
    const asking = sendChat('Ceritakan semuanya');
    await vi.waitFor(() => expect($chatTurns.get()[0]?.answer).toBe('Sebagian'));
    stopChat();
    await asking;
    expect($chatTurns.get()[0]).toMatchObject({ state: 'stopped', answer: 'Sebagian', notice: undefined });
    expect($chatStreaming.get()).toBe(false);
    expect($chatHistory.get()[0]?.bot_message).toBe('Sebagian');
  });

  it('an answer that breaks off keeps its text, says so and only logs the error', async () => {
    start(service((request) => ndjsonAnswer([chatLine({ text: 'Kelas dim' })], request.signal, { fail: true })));
    await sendChat('Kapan kelas dimulai?');
    expect($chatTurns.get()[0]).toMatchObject({ state: 'error', answer: 'Kelas dim', notice: CHAT_BROKEN_OFF });
    expect(console.error).toHaveBeenCalled();
  });

  it('shows "Response stream error" for an answer without a body, and the API’s message for a refusal', async () => {
    start(
      service((_request, asked) =>
        asked === 1 ? new Response(null, { status: 200 }) : json(400, { statusCode: 400, message: 'pertanyaan terlalu panjang' }),
      ),
    );
    await sendChat('Satu');
    await sendChat('Dua');
    expect($chatTurns.get().map((turn) => turn.notice)).toEqual([RESPONSE_STREAM_ERROR, 'pertanyaan terlalu panjang']);
  });

  it('logs in again once when the service no longer knows the token (401)', async () => {
    let logins = 0;
    const fake = chatClient((request) => {
      if (request.path.endsWith('/identity/login')) return loginAnswer(++logins === 1 ? CHAT_TOKEN : OTHER_TOKEN);
      if (request.headers.get('Authorization') === `Bearer ${OTHER_TOKEN}`) return ndjsonAnswer(ANSWER, request.signal);
      return json(401, { statusCode: 401, message: 'Token obrolan tidak valid atau sudah kedaluwarsa; masuk kembali' });
    });
    start(fake);
    await sendChat('Kapan?');
    expect(paths(fake.requests)).toEqual(['v1/identity/login', 'v2/chat', 'v1/identity/login', 'v2/chat']);
    expect($chatTurns.get()[0]?.state).toBe('complete');
  });
});

describe('local storage that is corrupt or refused', () => {
  it('drops a stored value that is not JSON, and keeps the good entries of a list with a bad one', async () => {
    const good = {
      conversation_id: 'c1',
      message_id: 'm1',
      user_message: 'Halo',
      bot_message: 'Hai',
      created_at: '2026-05-01T08:00:00.000Z',
    };
    const storage = memoryStorage({
      [STORAGE_KEYS.chatHistory]: JSON.stringify([good, { conversation_id: 3 }]),
      [STORAGE_KEYS.chatConversation]: '{tidak json',
      [STORAGE_KEYS.chatIdentity]: '"bukan identitas"',
    });
    const { requests } = start(service(), storage);
    expect($chatHistory.get()).toEqual([good]);
    expect($chatConversation.get()).toBeUndefined();
    expect(storage.getItem(STORAGE_KEYS.chatConversation)).toBeNull();
    await sendChat('Halo lagi');
    // The bad identity was not used: a login came first.
    expect(paths(requests)[0]).toBe('v1/identity/login');
  });

  it('works for the page when storage throws on every call', async () => {
    const refusing: StorageLike = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
      clear: () => undefined,
    };
    start(service(), refusing);
    await sendChat('Kapan kelas dimulai?');
    expect($chatTurns.get()[0]?.state).toBe('complete');
    expect($chatHistory.get()).toHaveLength(1);
  });
});

describe('conversations', () => {
  it('a new conversation empties the panel and forgets the current id', async () => {
    const { storage } = start();
    await sendChat('Kapan?');
    newConversation();
    expect($chatTurns.get()).toEqual([]);
    expect(storage.getItem(STORAGE_KEYS.chatConversation)).toBeNull();
    expect($chatHistory.get()).toHaveLength(1);
  });

  it('deleting removes the conversation locally, also when the service answers 404', async () => {
    const { requests } = start();
    await sendChat('Kapan?');
    expect(await removeConversation(CONVERSATION)).toBe(true);
    expect(requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/api/ai/v1/conversations/${CONVERSATION}` });
    expect($chatHistory.get()).toEqual([]);
    expect($chatConversation.get()).toBeUndefined();
  });
});

describe('a chat kept in this browser that is no longer the visitor’s', () => {
  const OLD = '11111111-1111-4111-8111-111111111111';
  const entry = {
    conversation_id: OLD,
    message_id: 'm-0',
    user_message: 'Pertanyaan lama',
    bot_message: 'Jawaban lama',
    created_at: '2026-11-01T00:00:00.000Z',
  };

  it('starts a new conversation, once and with a notice, when the one on show is gone on the service', async () => {
    const fake = service((request) =>
      (request.body as { conversation_id?: string }).conversation_id
        ? json(404, { statusCode: 404, message: 'Percakapan tidak ditemukan' })
        : ndjsonAnswer(ANSWER, request.signal),
    );
    start(
      fake,
      memoryStorage({ [STORAGE_KEYS.chatConversation]: JSON.stringify(OLD), [STORAGE_KEYS.chatHistory]: JSON.stringify([entry]) }),
    );
    await sendChat('Kapan kelas JavaScript Dasar dimulai?');
    const asked = fake.requests.filter((request) => request.path.endsWith('/v2/chat')).map((request) => request.body);
    expect(asked).toEqual([
      expect.objectContaining({ conversation_id: OLD }),
      { workspace_id: 'nusantara', query: 'Kapan kelas JavaScript Dasar dimulai?' },
    ]);
    expect($chatConversation.get()).toBe(CONVERSATION);
    expect($chatNotice.get()).toBe(CONVERSATION_GONE);
    expect($chatTurns.get().map((turn) => [turn.query, turn.state])).toEqual([['Kapan kelas JavaScript Dasar dimulai?', 'complete']]);
  });

  it('forgets an identity and history kept under another sign-in, and logs in afresh', async () => {
    const held = JSON.parse(await loginAnswer().text()).data;
    const storage = memoryStorage({
      [STORAGE_KEYS.chatIdentity]: JSON.stringify({ identity: held, signIn: 'akun-lain' }),
      [STORAGE_KEYS.chatHistory]: JSON.stringify([entry]),
      [STORAGE_KEYS.chatConversation]: JSON.stringify(OLD),
    });
    const fake = start(service(), storage);
    expect($chatHistory.get()).toEqual([]);
    expect($chatConversation.get()).toBeUndefined();
    await sendChat('Halo');
    expect(paths(fake.requests)).toEqual(['v1/identity/login', 'v2/chat']);
  });

  it('keeps a question stopped before its first line in the conversation its response named', async () => {
    const fake = start(
      service((request) => ndjsonAnswer([], request.signal, { hold: true, ids: { conversation: CONVERSATION, message: 'm-9' } })),
    );
    const sent = sendChat('Pertanyaan yang dihentikan');
    await vi.waitFor(() => expect($chatConversation.get()).toBe(CONVERSATION));
    stopChat();
    await sent;
    expect($chatTurns.get()).toEqual([expect.objectContaining({ messageId: 'm-9', state: 'stopped' })]);
    expect($chatHistory.get().map((kept) => [kept.conversation_id, kept.message_id])).toEqual([[CONVERSATION, 'm-9']]);
    expect(fake.requests.length).toBeGreaterThan(0);
  });
});
