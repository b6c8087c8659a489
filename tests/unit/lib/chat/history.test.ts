import { describe, expect, it } from 'vitest';
import type { LocalHistoryEntry } from '~/contract/chat';
import { conversationsOf, keepEntry, LOCAL_HISTORY_MAX, sourceHref, turnsOf } from '~/lib/chat/history';

const entry = (conversation: string, message: string, user: string, at: string, bot = 'Jawaban'): LocalHistoryEntry => ({
  conversation_id: conversation,
  message_id: message,
  user_message: user,
  bot_message: bot,
  created_at: at,
});

describe('the chat’s local history (SPEC §3 "Local history entries")', () => {
  it('groups entries by conversation, the latest asked first, titled by the first question', () => {
    const entries = [
      entry('a', 'a1', 'Kapan kelas JavaScript dimulai?', '2026-05-01T08:00:00.000Z'),
      entry('b', 'b1', 'Berapa biaya bootcamp?', '2026-05-02T08:00:00.000Z'),
      entry('a', 'a2', 'Di mana tempatnya?', '2026-05-03T08:00:00.000Z'),
    ];
    expect(conversationsOf(entries)).toEqual([
      { id: 'a', title: 'Kapan kelas JavaScript dimulai?', updatedAt: '2026-05-03T08:00:00.000Z', messages: 2 },
      { id: 'b', title: 'Berapa biaya bootcamp?', updatedAt: '2026-05-02T08:00:00.000Z', messages: 1 },
    ]);
  });

  it('adds a message once and then only updates its bot text', () => {
    let entries = keepEntry([], entry('a', 'a1', 'Tanya', '2026-05-01T08:00:00.000Z', 'Kel'));
    entries = keepEntry(entries, entry('a', 'a1', 'Tanya', '2026-05-01T08:00:09.000Z', 'Kelas dimulai Senin.'));
    expect(entries).toEqual([entry('a', 'a1', 'Tanya', '2026-05-01T08:00:00.000Z', 'Kelas dimulai Senin.')]);
  });

  it('keeps at most the newest entries', () => {
    let entries: LocalHistoryEntry[] = [];
    for (let i = 0; i <= LOCAL_HISTORY_MAX; i++) entries = keepEntry(entries, entry('a', `m${i}`, `q${i}`, '2026-05-01T08:00:00.000Z'));
    expect(entries).toHaveLength(LOCAL_HISTORY_MAX);
    expect(entries[0]?.message_id).toBe('m1');
  });

  it('gives a conversation’s turns from its entries', () => {
    const turns = turnsOf(
      [entry('a', 'a1', 'Tanya', '2026-05-01T08:00:00.000Z'), entry('b', 'b1', 'Lain', '2026-05-01T08:00:00.000Z')],
      'a',
    );
    expect(turns).toEqual([
      { key: 'a1', messageId: 'a1', query: 'Tanya', answer: 'Jawaban', sources: [], grounded: true, state: 'complete' },
    ]);
  });
});

describe('sourceHref: where a source link may lead', () => {
  it.each([
    ['/Class/JS-DASAR-11', '/Class/JS-DASAR-11'],
    [' https://nusantaralearning.example/About ', 'https://nusantaralearning.example/About'],
    ['//evil.example/x', undefined],
    ['/\\evil.example', undefined],
    ['javascript:alert(1)', undefined],
    ['Class/relatif', undefined],
  ])('%s → %s', (url, href) => {
    expect(sourceHref(url)).toBe(href);
  });
});
