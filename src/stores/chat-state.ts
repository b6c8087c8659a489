import { atom, computed } from 'nanostores';
import type { LocalHistoryEntry } from '~/contract/chat';
import { LocalHistoryEntrySchema } from '~/contract/chat';
import { STORAGE_KEYS } from '~/contract/constants';
import { type ChatTurn, conversationsOf } from '~/lib/chat/history';
import { writeSaved } from '~/lib/chat/saved';
import type { ChatIdentityDeps } from './chat-identity';

/*
 * The AI chat's state (SPEC §4 "Chat"): what the panel shows and what this browser keeps.
 * The actions are in chat.ts (asking, streaming, stopping) and chat-conversations.ts (showing,
 * starting and deleting conversations).
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

/** The page's client, storage and workspace (`startChat` gives them). */
export function need(): ChatDeps {
  if (!deps) throw new Error('startChat belum dijalankan');
  return deps;
}

/** Stored entries that are entries; a bad one is left out rather than losing the rest. */
export const asEntries = (value: unknown) =>
  Array.isArray(value) ? value.filter((entry): entry is LocalHistoryEntry => LocalHistoryEntrySchema.safeParse(entry).success) : undefined;
export const asId = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** The history, shown and kept in local storage. */
export function saveHistory(entries: LocalHistoryEntry[]): void {
  $chatHistory.set(entries);
  writeSaved(need().storage, STORAGE_KEYS.chatHistory, entries);
}

/** The conversation on show, shown and kept in local storage (a reload goes on with it). */
export function setConversation(id: string | undefined): void {
  $chatConversation.set(id);
  writeSaved(need().storage, STORAGE_KEYS.chatConversation, id);
}

/** Takes the page's client, storage and workspace for the actions (chat-conversations.ts `startChat`). */
export function setChatDeps(given: ChatDeps): void {
  deps = given;
}
