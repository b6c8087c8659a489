import type { ChatHistoryItem, ChatMessageState, ChatSource, LocalHistoryEntry } from '~/contract/chat';

/*
 * The chat's local history (SPEC §3 "Local history entries": conversation_id, message_id,
 * user_message, bot_message, created_at) and the turns the panel shows, as plain functions.
 */

/** Entries a browser keeps; past it the oldest go (a conversation holds at most 200 messages on the server too). */
export const LOCAL_HISTORY_MAX = 200;

/** One question and its answer as the panel shows it. */
export interface ChatTurn {
  /** Stable key in the list (a local one while the answer has no message id yet). */
  key: string;
  messageId?: string | undefined;
  query: string;
  answer: string;
  sources: ChatSource[];
  /** False: the site's pages hold no answer; the panel offers the contact page. */
  grounded: boolean;
  state: ChatMessageState;
  /** What the visitor reads under the answer when it failed: the API's message or that it broke off. */
  notice?: string | undefined;
}

/** A past conversation in the history list. */
export interface ConversationSummary {
  id: string;
  /** The first question asked in it. */
  title: string;
  /** When its latest message was asked. */
  updatedAt: string;
  messages: number;
}

/** Conversations of the entries, the one asked in most recently first, each titled by its first question. */
export function conversationsOf(entries: readonly LocalHistoryEntry[]): ConversationSummary[] {
  const byId = new Map<string, ConversationSummary>();
  for (const entry of [...entries].sort((a, b) => a.created_at.localeCompare(b.created_at))) {
    const known = byId.get(entry.conversation_id) ?? { id: entry.conversation_id, title: entry.user_message, updatedAt: '', messages: 0 };
    known.updatedAt = entry.created_at;
    known.messages += 1;
    byId.set(known.id, known);
  }
  return [...byId.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/**
 * The entries with `entry` kept: a message seen for the first time is added (once: its message id
 * is its identity), a known one gets the newer bot text. The oldest go past `LOCAL_HISTORY_MAX`.
 */
export function keepEntry(entries: readonly LocalHistoryEntry[], entry: LocalHistoryEntry): LocalHistoryEntry[] {
  const at = entries.findIndex((known) => known.message_id === entry.message_id);
  if (at >= 0) return entries.map((known, index) => (index === at ? { ...known, bot_message: entry.bot_message } : known));
  return [...entries, entry].slice(-LOCAL_HISTORY_MAX);
}

/** The turns of one conversation from the local entries (text only: sources come with the server's copy). */
export function turnsOf(entries: readonly LocalHistoryEntry[], conversationId: string): ChatTurn[] {
  return entries
    .filter((entry) => entry.conversation_id === conversationId)
    .map((entry) => ({
      key: entry.message_id,
      messageId: entry.message_id,
      query: entry.user_message,
      answer: entry.bot_message,
      sources: [],
      grounded: true,
      state: 'complete',
    }));
}

/** Said under an answer the server still has as being written (another tab, or a server that stopped). */
const ANSWER_UNFINISHED = 'Jawaban ini belum selesai.';

/** The turns of a conversation as the server keeps it; one still being written elsewhere shows as unfinished, never as live here. */
export function turnsOfItems(items: readonly ChatHistoryItem[]): ChatTurn[] {
  return items.map((item) => ({
    key: item.id,
    messageId: item.id,
    query: item.query,
    answer: item.response.value,
    sources: item.response.sources,
    grounded: item.response.grounded,
    ...(item.response.status === 'streaming' ? { state: 'error' as const, notice: ANSWER_UNFINISHED } : { state: item.response.status }),
  }));
}

/** A source's address when a link may lead there: a path of this site or an http(s) address; undefined otherwise. */
export function sourceHref(url: string): string | undefined {
  const text = url.trim();
  if (/^\/(?![/\\])/.test(text)) return text;
  return /^https?:\/\/[^/\\\s]/i.test(text) ? text : undefined;
}
