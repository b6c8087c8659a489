import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { CHAT_COPY, CHAT_HEADERS, type ChatLine, ChatLineSchema, type ChatLoginResult, ConversationMessagesSchema } from '~/contract/chat';
import { createPost } from '~/lib/api/posts';
import { chatConversations, chatMessages } from '~/server/db/schema';
import { appClientOf, signInAs } from './support/api-client';
import { dbKinds, platformFor } from './support/platform';
import { expectApiError, fromAddress, generateAppToken, OTHER_APP_CODE, signInDemo } from './support/tokens';

/*
 * The AI-chat API (SPEC §7 "Chat"): identity login and me, POST v2/chat streaming NDJSON answers
 * grounded in the demo tenant's pages, a conversation's messages and its deletion, on both databases.
 */

const WORKSPACE = 'nusantara';
const PY_CLASS = 'Kapan kelas Python untuk Data dimulai?';

interface Streamed {
  status: number;
  contentType: string | null;
  lines: ChatLine[];
  text: string;
  last: ChatLine | undefined;
}

function parseLines(body: string): ChatLine[] {
  expect(body.endsWith('\n')).toBe(true);
  return body
    .split('\n')
    .filter(Boolean)
    .map((line) => z.parse(ChatLineSchema, JSON.parse(line)));
}

describe.each(await dbKinds())('the AI chat on %s', (kind) => {
  const platform = platformFor(kind);
  let appToken: string;

  const ai = (path: string, init: RequestInit = {}, address = fromAddress()) => platform.api.request(`/ai${path}`, init, address);

  const login = async (headers: Record<string, string> = {}, body?: unknown): Promise<ChatLoginResult> => {
    const res = await ai('/v1/identity/login', {
      method: 'POST',
      headers: { AppToken: appToken, ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { data: ChatLoginResult }).data;
  };
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const ask = (token: string, body: Record<string, unknown>, address = fromAddress()) =>
    ai(
      '/v2/chat',
      { method: 'POST', headers: { ...bearer(token), 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
      address,
    );
  const askAll = async (token: string, query: string, conversationId?: string): Promise<Streamed> => {
    const res = await ask(token, { workspace_id: WORKSPACE, query, ...(conversationId ? { conversation_id: conversationId } : {}) });
    const body = await res.text();
    if (res.status !== 200)
      return { status: res.status, contentType: res.headers.get('Content-Type'), lines: [], text: body, last: undefined };
    const lines = parseLines(body);
    // The response names the conversation and the message before the first line, as the lines do.
    expect([res.headers.get(CHAT_HEADERS.conversation), res.headers.get(CHAT_HEADERS.message)]).toEqual([
      lines[0]?.id,
      lines[0]?.message_id,
    ]);
    return {
      status: res.status,
      contentType: res.headers.get('Content-Type'),
      lines,
      text: lines.map((line) => line.text).join(''),
      last: lines.at(-1),
    };
  };
  const messagesOf = async (token: string, id: string, query = '') => {
    const res = await ai(`/v1/conversations/${id}/messages${query}`, { headers: bearer(token) });
    return res;
  };

  beforeAll(async () => {
    appToken = (await generateAppToken(platform)).wire;
  }, 120_000);

  it('logs a visitor in as a guest of the tenant and answers me while the token lasts', async () => {
    const result = await login();
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.user).toEqual({ id: expect.any(String), kind: 'guest', name: null, workspace_id: WORKSPACE });
    expect(new Date(result.expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    const me = await ai('/v1/identity/me', { headers: bearer(result.token) });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: unknown }).data).toEqual(result.user);

    await expectApiError(await ai('/v1/identity/me', { headers: bearer('x'.repeat(43)) }), 401);
    await expectApiError(await ai('/v1/identity/me'), 401);
    await expectApiError(await ai('/v1/identity/login', { method: 'POST' }), 401);
    const named = await login({}, { name: 'Ibu Sari' });
    expect(named.user.name).toBe('Ibu Sari');
    await expectApiError(
      await ai('/v1/identity/login', {
        method: 'POST',
        headers: { AppToken: appToken, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'x'.repeat(81) }),
      }),
      400,
    );
  });

  it('refuses login for a tenant that has not enabled the assistant', async () => {
    // Alpha Academy runs no assistant (demo and SMK Coding do).
    const other = await generateAppToken(platform, { appCode: 'ALPHA' });
    const body = await expectApiError(await ai('/v1/identity/login', { method: 'POST', headers: { AppToken: other.wire } }), 403);
    expect(body.message).toBe('Asisten tanya jawab tidak aktif di situs ini');
  });

  it('streams an answer about a class as NDJSON lines with stable ids, the class facts and its page as source', async () => {
    const { token } = await login();
    const answer = await askAll(token, PY_CLASS);
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe('application/x-ndjson; charset=utf-8');
    expect(answer.lines.length).toBeGreaterThan(3);
    const [first] = answer.lines;
    for (const line of answer.lines) expect([line.id, line.message_id]).toEqual([first?.id, first?.message_id]);
    expect(answer.lines.slice(0, -1).every((line) => !line.done && line.text.length > 0)).toBe(true);
    expect(answer.last).toMatchObject({ done: true, grounded: true, text: '' });
    expect(answer.last?.sources?.[0]).toEqual({ title: 'Python untuk Data', url: '/Class/PY-DATA-02' });
    expect(answer.text).toContain('Kelas Python untuk Data (PY-DATA-02)');
    // Rp1.250.000 and 11% PPN added at checkout, as the class page and the invoice say it.
    expect(answer.text).toContain('Biaya: Rp1.387.500. Harga belum termasuk PPN 11%; PPN ditambahkan saat pembayaran.');
    expect(answer.text).toMatch(/Jadwal: \d{1,2} \w+/);

    // A follow-up in the same conversation: same conversation id, a new message id, and read with the
    // earlier question ("biayanya" alone names no class).
    const next = await askAll(token, 'Kalau biayanya berapa?', first?.id);
    expect(next.lines.every((line) => line.id === first?.id && line.message_id !== first?.message_id)).toBe(true);
    expect(next.last?.sources?.map((source) => source.url)).toContain('/Class/PY-DATA-02');
    expect(next.text).toContain('Rp1.387.500');

    // A short question on another topic is that topic, not the class again.
    const switched = await askAll(token, 'Ada beasiswa?', first?.id);
    expect(switched.last?.grounded).toBe(true);
    expect(switched.last?.sources?.map((source) => source.url)).not.toContain('/Class/PY-DATA-02');
    expect(switched.last?.sources?.[0]?.url).toMatch(/beasiswa/);

    // Every message is stored, complete, with what was streamed.
    const stored = ((await (await messagesOf(token, first?.id ?? '')).json()) as { data: unknown }).data;
    const page = z.parse(ConversationMessagesSchema, stored);
    expect(page.title).toBe(PY_CLASS);
    expect(page.items.map((item) => [item.query, item.response.status, item.response.value])).toEqual([
      [PY_CLASS, 'complete', answer.text],
      ['Kalau biayanya berapa?', 'complete', next.text],
      ['Ada beasiswa?', 'complete', switched.text],
    ]);
  });

  it('says plainly when the pages hold no answer, with no source and the contact page in its text', async () => {
    const { token } = await login();
    for (const query of ['Apakah ada kelas memasak untuk anak?', 'Berapa biaya asrama per bulan?']) {
      const answer = await askAll(token, query);
      expect(answer.last).toMatchObject({ done: true, grounded: false, sources: [] });
      expect(answer.text).toBe(CHAT_COPY.dontKnow);
      expect(answer.text).not.toMatch(/Rp|\d/);
    }
  });

  it('validates every input and refuses a workspace of no tenant', async () => {
    const { token } = await login();
    const cases: [Record<string, unknown>, number][] = [
      [{ workspace_id: WORKSPACE }, 400],
      [{ workspace_id: WORKSPACE, query: '   ' }, 400],
      [{ workspace_id: WORKSPACE, query: 'x'.repeat(1001) }, 400],
      [{ workspace_id: WORKSPACE, query: 'halo', conversation_id: 'bukan-uuid' }, 400],
      [{ workspace_id: WORKSPACE, query: 'halo', extra: true }, 400],
      [{ workspace_id: 'Bukan Workspace!', query: 'halo' }, 400],
      [{ workspace_id: 'lain', query: 'halo' }, 404],
      [{ workspace_id: WORKSPACE, query: 'halo', conversation_id: '00000000-0000-4000-8000-000000000000' }, 404],
    ];
    for (const [body, status] of cases) await expectApiError(await ask(token, body), status);
    await expectApiError(
      await ai('/v2/chat', { method: 'POST', headers: { ...bearer(token), 'Content-Type': 'text/plain' }, body: 'halo' }),
      415,
    );
    await expectApiError(await ai('/v2/chat', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }), 401);
    await expectApiError(await messagesOf(token, 'bukan-uuid'), 400);
    await expectApiError(await messagesOf(token, '00000000-0000-4000-8000-000000000000', '?perPage=51'), 400);
    await expectApiError(await messagesOf(token, '00000000-0000-4000-8000-000000000000', '?page=0'), 400);
  });

  it('pages a conversation oldest first and refuses pages and sizes out of range', async () => {
    const { token } = await login();
    const first = await askAll(token, 'Berapa biaya kelas JavaScript Dasar?');
    const id = first.last?.id ?? '';
    await askAll(token, 'Siapa mentornya?', id);
    await askAll(token, 'Apakah kelasnya daring?', id);
    const pageOf = async (query: string) =>
      z.parse(ConversationMessagesSchema, ((await (await messagesOf(token, id, query)).json()) as { data: unknown }).data);
    const one = await pageOf('?page=1&perPage=2');
    expect(one.items.map((item) => item.query)).toEqual(['Berapa biaya kelas JavaScript Dasar?', 'Siapa mentornya?']);
    expect([one.totalItems, one.totalPages, one.perPage]).toEqual([3, 2, 2]);
    expect((await pageOf('?page=2&perPage=2')).items.map((item) => item.query)).toEqual(['Apakah kelasnya daring?']);
    expect((await pageOf('?page=3&perPage=2')).items).toEqual([]);
    expect((await pageOf('')).perPage).toBe(10);
  });

  it("never shows, continues or deletes another visitor's conversation, and an account's identities share theirs", async () => {
    const alice = await login();
    const bob = await login();
    const asked = await askAll(alice.token, PY_CLASS);
    const id = asked.last?.id ?? '';
    await expectApiError(await messagesOf(bob.token, id), 404);
    await expectApiError(await ai(`/v1/conversations/${id}`, { method: 'DELETE', headers: bearer(bob.token) }), 404);
    await expectApiError(await ask(bob.token, { workspace_id: WORKSPACE, query: 'lanjut', conversation_id: id }), 404);
    // Alice's conversation is whole after Bob's attempts.
    const kept = z.parse(ConversationMessagesSchema, ((await (await messagesOf(alice.token, id)).json()) as { data: unknown }).data);
    expect(kept.items).toHaveLength(1);

    // A signed-in learner's chat identities (two browsers) are one person; another account is not.
    const site = await appClientOf(platform);
    const siteToken = await signInAs(site, 'student');
    const laptop = await login(bearer(siteToken));
    const phone = await login(bearer(siteToken));
    expect(laptop.user.kind).toBe('account');
    const own = await askAll(laptop.token, PY_CLASS);
    expect((await messagesOf(phone.token, own.last?.id ?? '')).status).toBe(200);
    const mentor = await login(bearer(await signInDemo(platform, 'mentor')));
    await expectApiError(await messagesOf(mentor.token, own.last?.id ?? ''), 404);
    // An expired or foreign site token gives a guest, not someone else's identity.
    expect((await login(bearer('x'.repeat(43)))).user.kind).toBe('guest');
  });

  it('deletes a conversation with its messages; afterwards it is gone for good', async () => {
    const { token } = await login();
    const id = (await askAll(token, PY_CLASS)).last?.id ?? '';
    const res = await ai(`/v1/conversations/${id}`, { method: 'DELETE', headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ statusCode: 200, message: 'Percakapan dihapus', data: { id } });
    await expectApiError(await messagesOf(token, id), 404);
    await expectApiError(await ai(`/v1/conversations/${id}`, { method: 'DELETE', headers: bearer(token) }), 404);
    await expectApiError(await ask(token, { workspace_id: WORKSPACE, query: 'lanjut', conversation_id: id }), 404);
    expect(await platform.deps.db.select().from(chatMessages).where(eq(chatMessages.conversationId, id))).toEqual([]);
    expect(await platform.deps.db.select().from(chatConversations).where(eq(chatConversations.id, id))).toEqual([]);
  });

  it('limits how fast one visitor may ask, with Retry-After, and stores nothing for a refused question', async () => {
    const { token } = await login();
    const address = fromAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await ask(token, { workspace_id: WORKSPACE, query: `Berapa biaya kelas SQL Praktis? (${i})` }, address);
      statuses.push(res.status);
      await res.text();
      if (res.status === 429) {
        expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    const stored = await platform.deps.db.select({ query: chatMessages.query }).from(chatMessages);
    expect(stored.filter((row) => row.query.startsWith('Berapa biaya kelas SQL Praktis?'))).toHaveLength(20);
  });

  it('stops composing when the asker goes away: the message keeps what was sent, marked stopped', async () => {
    const chat = platform.deps.chat;
    if (!chat) throw new Error('chat not opened');
    const server = serve({ fetch: new Hono().mount('/api', platform.api.fetch).fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const ends: { messageId: string; status: string; pieces: number }[] = [];
    chat.onEnd = (end) => ends.push(end);
    try {
      const { token } = await login();
      const query = 'Bagaimana cara memilih bootcamp yang tepat sebelum mendaftar?';
      const full = await askAll(token, query);
      const fullPieces = full.lines.length - 1;
      expect(fullPieces).toBeGreaterThan(8);

      chat.paceMs = 40;
      const abort = new AbortController();
      const res = await fetch(`${origin}/api/ai/v2/chat`, {
        method: 'POST',
        headers: { ...bearer(token), 'Content-Type': 'application/json' },
        body: JSON.stringify({ workspace_id: WORKSPACE, query }),
        signal: abort.signal,
      });
      const reader = res.body?.getReader();
      if (!reader) throw new Error('no body');
      // The first line arrives on its own, long before the answer is done.
      const { value } = await reader.read();
      const firstLine = z.parse(ChatLineSchema, JSON.parse(new TextDecoder().decode(value).split('\n')[0] ?? ''));
      abort.abort();
      await expect.poll(() => ends.find((end) => end.messageId === firstLine.message_id)?.status, { timeout: 5000 }).toBe('stopped');
      const stopped = ends.find((end) => end.messageId === firstLine.message_id);
      expect(stopped?.pieces).toBeLessThan(fullPieces / 2);
      const [row] = await platform.deps.db.select().from(chatMessages).where(eq(chatMessages.id, firstLine.message_id));
      expect(row?.status).toBe('stopped');
      expect(row?.answer.length).toBeGreaterThan(0);
      expect(full.text.startsWith(row?.answer ?? '-')).toBe(true);
      expect(row?.answer.length).toBeLessThan(full.text.length);
    } finally {
      chat.paceMs = 0;
      chat.onEnd = undefined;
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("shows the tenant's admins what was asked and answered, the unanswered ones on their own, and no one else", async () => {
    const { token } = await login();
    const asked = `Apakah ada kelas menyelam untuk lansia? (${kind})`;
    await askAll(token, asked);
    const questions = (headers: Record<string, string>, query = '') =>
      ai(`/v1/questions${query}`, { headers: { AppToken: appToken, ...headers } });

    const admin = bearer(await signInDemo(platform, 'admin'));
    const all = await questions(admin);
    expect(all.status).toBe(200);
    const page = (
      (await all.json()) as { data: { items: { query: string; asker: string; response: { grounded: boolean } }[]; totalItems: number } }
    ).data;
    expect(page.items[0]).toMatchObject({ query: asked, asker: 'guest', response: { grounded: false } });
    expect(page.totalItems).toBeGreaterThan(5);
    const unanswered = (
      (await (await questions(admin, '?grounded=false&perPage=50')).json()) as { data: { items: { response: { grounded: boolean } }[] } }
    ).data.items;
    expect(unanswered.length).toBeGreaterThan(0);
    expect(unanswered.every((item) => item.response.grounded === false)).toBe(true);

    await expectApiError(await questions(admin, '?grounded=maybe'), 400);
    await expectApiError(await questions(bearer(await signInDemo(platform, 'student'))), 403);
    await expectApiError(await questions({}), 401);
    // Another tenant's admin, with that tenant's app token, sees none of these.
    const other = await generateAppToken(platform, { appCode: OTHER_APP_CODE });
    const otherAdmin = await signInDemo(platform, 'admin', { tenantCode: other.tenant.code });
    const theirs = await ai('/v1/questions', { headers: { AppToken: other.wire, ...bearer(otherAdmin) } });
    expect(((await theirs.json()) as { data: { totalItems: number } }).data.totalItems).toBe(0);
  });

  it('finds content published after its index was built: content events rebuild it', async () => {
    const { token } = await login();
    const before = await askAll(token, 'Kapan lomba robot sumo antarsekolah diadakan?');
    expect(before.last?.grounded).toBe(false);
    const writer = await appClientOf(platform);
    await signInAs(writer, 'writer');
    const post = await createPost(writer, {
      kindSlug: 'news',
      title: 'Lomba Robot Sumo Antarsekolah Digelar Desember',
      slug: 'lomba-robot-sumo-antarsekolah',
      summary: 'Lomba robot sumo antarsekolah diadakan pada 12 Desember di pusat belajar Bandung.',
      content: '<p>Lomba robot sumo antarsekolah diadakan pada 12 Desember di pusat belajar Bandung.</p>',
    });
    const after = await askAll(token, 'Kapan lomba robot sumo antarsekolah diadakan?');
    expect(after.last?.grounded).toBe(true);
    expect(after.last?.sources?.[0]?.url).toBe(`/News/${post.slug}`);
    expect(after.text).toContain('12 Desember');
  });
});
