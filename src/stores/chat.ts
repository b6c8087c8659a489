import { atom, computed } from 'nanostores';
import {
  CHAT_CONVERSATION_MAX_MESSAGES,
  CHAT_MESSAGES_PER_PAGE_MAX,
  type ChatHistoryItem,
  type ChatLine,
  type ChatMessageState,
  ChatRequestSchema,
  type LocalHistoryEntry,
  LocalHistoryEntrySchema,
} from '~/contract/chat';
import { STORAGE_KEYS } from '~/contract/constants';
import { chatMessages, deleteConversation, streamChat } from '~/lib/api/chat';
import type { ApiClient } from '~/lib/api/client';
import { ApiRequestError } from '~/lib/api/errors';
import { type ChatTurn, conversationsOf, keepEntry, turnsOf, turnsOfItems } from '~/lib/chat/history';
import { CHAT_BROKEN_OFF, chatFailureText } from '~/lib/chat/messages';
import { readSaved, writeSaved } from '~/lib/chat/saved';
import { type ChatIdentityDeps, withChatIdentity } from './chat-identity';

/*
 * The AI chat (issue 17, SPEC §4 "Chat"): the conversation on show, the answer streaming into it, and
 * this browser's history of past conversations. History and the current conversation id live in local
 * storage, so a reload goes on where the visitor was. One answer streams at a time: a new question
 * cancels the running one, and so do stopping, a new conversation or opening another.
 */

/** What the actions need: the page's client and storage, and the tenant's workspace (the launcher's). */
export interface ChatDeps extends ChatIdentityDeps {
  workspace: string;
}

/** Whether the panel is open (the launcher's aria-expanded follows it). */
export const $chatOpen = atom(false);
/** The turns of the conversation on show, oldest first. */
export const $chatTurns = atom<ChatTurn[]>([]);
/** The conversation on show; undefined before its first answer names it. */
export const $chatConversation = atom<string | undefined>(undefined);
/** Whether an answer is streaming now. */
export const $chatStreaming = atom(false);
/** Whether the conversation on show is being loaded from the service. */
export const $chatLoading = atom(false);
/** This browser's history entries (SPEC §3), oldest first. */
export const $chatHistory = atom<LocalHistoryEntry[]>([]);
/** Past conversations for the history list, the latest first. */
export const $chatConversations = computed($chatHistory, conversationsOf);
/** What a screen reader hears once (an answer complete, a conversation deleted): the panel's hidden status. */
export const $chatStatus = atom('');
/** A failure of the panel itself (a deletion refused), shown above the conversation. */
export const $chatNotice = atom<string | undefined>(undefined);

let deps: ChatDeps | undefined;
let running: { controller: AbortController; key: string } | undefined;
let turnCount = 0;

function need(): ChatDeps {
  if (!deps) throw new Error('startChat belum dijalankan');
  return deps;
}

/** Stored entries that are entries; a bad one is left out rather than losing the rest. */
const asEntries = (value: unknown) =>
  Array.isArray(value) ? value.filter((entry): entry is LocalHistoryEntry => LocalHistoryEntrySchema.safeParse(entry).success) : undefined;
const asId = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

function saveHistory(entries: LocalHistoryEntry[]): void {
  $chatHistory.set(entries);
  writeSaved(need().storage, STORAGE_KEYS.chatHistory, entries);
}

function setConversation(id: string | undefined): void {
  $chatConversation.set(id);
  writeSaved(need().storage, STORAGE_KEYS.chatConversation, id);
}

/** Shows again what this browser kept: the history and the conversation on show, refreshed from the service. */
export function startChat(given: ChatDeps): Promise<void> {
  deps = given;
  const history = readSaved(given.storage, STORAGE_KEYS.chatHistory, asEntries) ?? [];
  const current = readSaved(given.storage, STORAGE_KEYS.chatConversation, asId);
  $chatHistory.set(history);
  $chatConversation.set(current);
  $chatTurns.set(current ? turnsOf(history, current) : []);
  return current ? refreshConversation(current) : Promise.resolve();
}

export function setChatOpen(open: boolean): void {
  $chatOpen.set(open);
}

const turnOf = (key: string) => $chatTurns.get().find((turn) => turn.key === key);
const updateTurn = (next: ChatTurn) => $chatTurns.set($chatTurns.get().map((turn) => (turn.key === next.key ? next : turn)));

/** Keeps the turn's answer in the history: added the first time it has ids, its text updated after (`keepEntry`). */
function keepTurn(turn: ChatTurn): void {
  const conversation = $chatConversation.get();
  if (!turn.messageId || !conversation) return;
  const entry = {
    conversation_id: conversation,
    message_id: turn.messageId,
    user_message: turn.query,
    bot_message: turn.answer,
    created_at: new Date(need().now?.() ?? Date.now()).toISOString(),
  };
  saveHistory(keepEntry($chatHistory.get(), entry));
}

const ENDINGS: Record<Exclude<ChatMessageState, 'streaming'>, (answer: string) => string> = {
  complete: (answer) => `Jawaban selesai: ${answer}`,
  stopped: () => 'Jawaban dihentikan.',
  error: () => 'Jawaban tidak selesai.',
};

/** Ends a turn: its state and notice, the history's copy of the text, and the announcement. */
function finish(key: string, state: Exclude<ChatMessageState, 'streaming'>, notice?: string): void {
  const turn = turnOf(key);
  if (turn?.state !== 'streaming') return;
  const ended = { ...turn, state, notice };
  updateTurn(ended);
  keepTurn(ended);
  $chatStatus.set(ENDINGS[state](ended.answer));
}

/** One streamed line into its turn (SPEC §4): the text appended; the first line with ids names the conversation and is saved once. */
function takeLine(key: string, line: ChatLine): void {
  const turn = turnOf(key);
  if (turn?.state !== 'streaming') return;
  const named = !turn.messageId;
  const next: ChatTurn = { ...turn, messageId: turn.messageId ?? line.message_id, answer: turn.answer + line.text };
  if (line.done) {
    next.sources = line.sources ?? [];
    next.grounded = line.grounded !== false;
  }
  updateTurn(next);
  if (line.id && $chatConversation.get() !== line.id) setConversation(line.id);
  if (named) keepTurn(next);
  if (line.error) {
    console.error('Jawaban chat terputus di server:', line.error);
    finish(key, 'error', CHAT_BROKEN_OFF);
  } else if (line.done) finish(key, 'complete');
}

/** Stops the answer streaming now, keeping what came (SPEC §4); silent, as an abort is (SPEC §8). */
export function stopChat(): void {
  if (!running) return;
  const { controller, key } = running;
  running = undefined;
  $chatStreaming.set(false);
  controller.abort();
  finish(key, 'stopped');
}

/**
 * Asks `text` in the conversation on show (a new one when none is) and streams the answer into a new
 * turn. A running answer is cancelled first. Failures end the turn with a notice; nothing throws.
 */
export async function sendChat(text: string): Promise<void> {
  const current = need();
  const query = text.trim();
  if (!query) return;
  stopChat();
  const controller = new AbortController();
  const key = `tanya-${++turnCount}`;
  running = { controller, key };
  $chatStreaming.set(true);
  $chatNotice.set(undefined);
  $chatTurns.set([...$chatTurns.get(), { key, query, answer: '', sources: [], grounded: true, state: 'streaming' }]);
  let answered = false;
  try {
    await withChatIdentity(current, (identity) => {
      const conversation = $chatConversation.get();
      const request = ChatRequestSchema.safeParse({
        workspace_id: identity.user.workspace_id || current.workspace,
        query,
        ...(conversation && { conversation_id: conversation }),
      });
      if (!request.success) throw new ApiRequestError(400, request.error.issues[0]?.message ?? 'Pertanyaan tidak valid');
      return streamChat(current.client, identity.token, request.data, {
        signal: controller.signal,
        onLine(line) {
          if (controller.signal.aborted) return;
          answered = true;
          takeLine(key, line);
        },
      });
    });
    if (turnOf(key)?.state === 'streaming') {
      console.error('Jawaban chat berakhir tanpa baris penutup (done)');
      finish(key, 'error', CHAT_BROKEN_OFF);
    }
  } catch (error) {
    // Stopped by the visitor, a newer question or another conversation: no error to show (SPEC §8).
    if (controller.signal.aborted) return;
    const notice = chatFailureText(error, answered);
    if (notice === CHAT_BROKEN_OFF) console.error('Jawaban chat terputus:', error);
    finish(key, 'error', notice);
  } finally {
    if (running?.key === key) {
      running = undefined;
      $chatStreaming.set(false);
    }
  }
}

/** An empty conversation; the next question starts a new one. */
export function newConversation(): void {
  stopChat();
  setConversation(undefined);
  $chatTurns.set([]);
  $chatNotice.set(undefined);
}

/** Every message of a conversation, oldest first (at most its 200, a few pages). */
async function allMessages(client: ApiClient, token: string, id: string): Promise<ChatHistoryItem[]> {
  const pageOf = (page: number) => chatMessages(client, token, id, { page, perPage: CHAT_MESSAGES_PER_PAGE_MAX }, { progress: false });
  const first = await pageOf(1);
  const items = [...first.items];
  const last = Math.min(first.totalPages, Math.ceil(CHAT_CONVERSATION_MAX_MESSAGES / CHAT_MESSAGES_PER_PAGE_MAX));
  for (let page = 2; page <= last; page++) items.push(...(await pageOf(page)).items);
  return items;
}

/** The service's copy of a conversation (with sources) over the local one, unless the visitor moved on meanwhile. */
async function refreshConversation(id: string): Promise<void> {
  const current = need();
  $chatLoading.set(true);
  try {
    const items = await withChatIdentity(current, (identity) => allMessages(current.client, identity.token, id));
    if ($chatConversation.get() === id && !running) $chatTurns.set(turnsOfItems(items));
  } catch (error) {
    // Gone from the service or out of reach: the local copy stays on show.
    console.warn('Percakapan tidak dapat dimuat dari layanan chat:', error);
  } finally {
    $chatLoading.set(false);
  }
}

/** Shows a past conversation: the local copy at once, then the service's. */
export function openConversation(id: string): Promise<void> {
  stopChat();
  setConversation(id);
  $chatNotice.set(undefined);
  $chatTurns.set(turnsOf($chatHistory.get(), id));
  return refreshConversation(id);
}

/**
 * Deletes a conversation on the service, then from this browser (also when the service no longer
 * has it: 404). Resolves false, with the panel's notice set, when the service refused.
 */
export async function removeConversation(id: string): Promise<boolean> {
  const current = need();
  try {
    await withChatIdentity(current, (identity) => deleteConversation(current.client, identity.token, id, { progress: false }));
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.statusCode === 404)) {
      $chatNotice.set(`Percakapan belum dapat dihapus. ${chatFailureText(error, false)}`);
      return false;
    }
  }
  if ($chatConversation.get() === id) newConversation();
  saveHistory($chatHistory.get().filter((entry) => entry.conversation_id !== id));
  $chatStatus.set('Percakapan dihapus.');
  return true;
}
