import { CHAT_CONVERSATION_MAX_MESSAGES, CHAT_MESSAGES_PER_PAGE_MAX, type ChatHistoryItem } from '~/contract/chat';
import { STORAGE_KEYS } from '~/contract/constants';
import { chatMessages, deleteConversation } from '~/lib/api/chat';
import type { ApiClient } from '~/lib/api/client';
import { ApiRequestError } from '~/lib/api/errors';
import { turnsOf, turnsOfItems } from '~/lib/chat/history';
import { chatFailureText } from '~/lib/chat/messages';
import { readSaved, writeSaved } from '~/lib/chat/saved';
import { stopChat } from './chat';
import { heldForSomeoneElse, withChatIdentity } from './chat-identity';
import {
  $chatConversation,
  $chatHistory,
  $chatLoading,
  $chatNotice,
  $chatStatus,
  $chatStreaming,
  $chatTurns,
  asEntries,
  asId,
  type ChatDeps,
  need,
  saveHistory,
  setChatDeps,
  setConversation,
} from './chat-state';

/*
 * The chat's conversations: what a reload shows again, a new one, a past one opened (the local copy
 * at once, then the service's), and one deleted here and on the service.
 */

/** Shows again what this browser kept: the history and the conversation on show, refreshed from the service. */
export function startChat(given: ChatDeps): Promise<void> {
  setChatDeps(given);
  // Kept under another sign-in (someone signed in or out since): not this visitor's to see.
  if (heldForSomeoneElse(given)) {
    for (const key of [STORAGE_KEYS.chatIdentity, STORAGE_KEYS.chatHistory, STORAGE_KEYS.chatConversation])
      writeSaved(given.storage, key, undefined);
  }
  const history = readSaved(given.storage, STORAGE_KEYS.chatHistory, asEntries) ?? [];
  const current = readSaved(given.storage, STORAGE_KEYS.chatConversation, asId);
  $chatHistory.set(history);
  $chatConversation.set(current);
  $chatTurns.set(current ? turnsOf(history, current) : []);
  return current ? refreshConversation(current) : Promise.resolve();
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
    if ($chatConversation.get() === id && !$chatStreaming.get()) $chatTurns.set(turnsOfItems(items));
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
